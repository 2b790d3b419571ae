import { useTranslation } from 'react-i18next';
import { LAWYER_VALIDATION_HOURS } from '../../../domain/constants';
import detail from '../ui/detail.module.css';
import styles from './trust.module.css';

/** Requests waiting this long or more read in days rather than hours. */
const HOURS_SHOWN_UP_TO = 48;

/**
 * How long a request has waited ("depuis 26 h"), in red with the reason past the spec's 24-hour
 * target for a lawyer.
 */
export function ApprovalAge({ hours, overdue }: { hours: number; overdue: boolean }) {
  const { t } = useTranslation();
  const text =
    hours < HOURS_SHOWN_UP_TO
      ? t('admin.approvals.ageHours', { count: hours })
      : t('admin.approvals.ageDays', { count: Math.floor(hours / 24) });
  return (
    <span className={styles.age} data-overdue={overdue || undefined}>
      <span className={overdue ? styles.overdue : undefined}>{text}</span>
      {overdue && (
        <span className={detail.badge} data-tone="bad">
          {t('admin.approvals.overdue', { hours: LAWYER_VALIDATION_HOURS })}
        </span>
      )}
    </span>
  );
}
