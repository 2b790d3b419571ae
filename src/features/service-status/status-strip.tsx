import { useTranslation } from 'react-i18next';
import type { ServiceState } from '../../domain/config';
import { StateIcon } from './state-icon';
import type { DayState } from './state-icon';
import styles from './service-status.module.css';

type Props = {
  days: { date: string; state?: ServiceState }[];
  /** Formats a `YYYY-MM-DD` day in the interface language. */
  formatDay: (date: string, style: 'long' | 'short') => string;
};

/**
 * One cell per day, oldest first. The list itself is what assistive technology reads: each cell
 * carries its date and state in words; the visible cells carry a symbol as well as a colour.
 */
export function StatusStrip({ days, formatDay }: Props) {
  const { t } = useTranslation();
  const first = days[0];
  return (
    <div className={styles.stripWrap}>
      <ol className={styles.strip} aria-label={t('serviceStatus.stripLabel')}>
        {days.map((day) => {
          const state: DayState = day.state ?? 'noData';
          const label = t('serviceStatus.dayState', {
            date: formatDay(day.date, 'long'),
            state: t(`serviceStatus.states.${state}`),
          });
          return (
            <li key={day.date} className={`${styles.cell} ${styles[state]}`} title={label} data-state={state}>
              <StateIcon state={state} className={styles.cellIcon} />
              <span className="visually-hidden">{label}</span>
            </li>
          );
        })}
      </ol>
      <p className={styles.axis} aria-hidden="true">
        <span>{first ? formatDay(first.date, 'short') : ''}</span>
        <span>{t('serviceStatus.today')}</span>
      </p>
    </div>
  );
}
