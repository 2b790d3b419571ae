import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useConfigState } from '../../data/config';
import { SERVICE_STATES } from '../../domain/config';
import { SERVICE_STATUS_DAYS } from '../../domain/constants';
import { parseServiceStatus, uptimeRatio, utcDay, windowDays } from '../../domain/service-status';
import { PageLoading } from '../../ui/page-loading';
import { StateIcon } from './state-icon';
import type { DayState } from './state-icon';
import { StatusStrip } from './status-strip';
import styles from './service-status.module.css';

const LEGEND: DayState[] = [...SERVICE_STATES, 'noData'];

/** `/statut-service`: today's state, the last 30 days at a glance, uptime and the disrupted days. */
export function ServiceStatusPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { value, updatedAt, status } = useConfigState('serviceStatus');
  const history = useMemo(() => parseServiceStatus(value).status, [value]);
  const days = windowDays(history, utcDay(new Date()));
  const withData = days.filter((day) => day.state !== undefined);
  const today: DayState = days.at(-1)?.state ?? 'noData';
  const uptime = uptimeRatio(days);
  const disrupted = days.filter((day) => day.state && day.state !== 'operational').reverse();

  const formatDay = useMemo(() => {
    const long = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return (date: string, style: 'long' | 'short') =>
      (style === 'long' ? long : short).format(new Date(`${date}T00:00:00Z`));
  }, [locale]);

  if (status === 'loading') return <PageLoading />;

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('screens.serviceStatus')}</h1>
        <p>{t('serviceStatus.lead', { count: SERVICE_STATUS_DAYS })}</p>
      </header>

      <section className={`${styles.headline} ${styles[`tone-${today}`]}`} aria-labelledby="status-today">
        <span className={`${styles.badge} ${styles[today]}`}>
          <StateIcon state={today} />
        </span>
        <div>
          <p className={styles.headlineState}>
            {t('serviceStatus.today')} · <strong>{t(`serviceStatus.states.${today}`)}</strong>
          </p>
          <h2 id="status-today">{t(`serviceStatus.headline.${today}`)}</h2>
          {updatedAt && (
            <p className={styles.updated}>
              {t('serviceStatus.updated', {
                date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
                  new Date(updatedAt),
                ),
              })}
            </p>
          )}
        </div>
      </section>

      <section className={styles.card} aria-labelledby="status-history">
        <div className={styles.cardHead}>
          <h2 id="status-history">{t('serviceStatus.historyTitle', { count: SERVICE_STATUS_DAYS })}</h2>
          <p className={styles.uptime}>
            <span className={styles.uptimeLabel}>{t('serviceStatus.uptime')}</span>{' '}
            {uptime === undefined ? (
              <span>{t('serviceStatus.noUptime')}</span>
            ) : (
              <>
                <strong className={styles.uptimeFigure}>
                  {new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
                    uptime,
                  )}
                </strong>{' '}
                <span>{t('serviceStatus.uptimeBasis', { count: withData.length })}</span>
              </>
            )}
          </p>
        </div>
        {withData.length === 0 && <p className={styles.notice}>{t('serviceStatus.noHistory')}</p>}
        <StatusStrip days={days} formatDay={formatDay} />
        <h3 className={styles.legendTitle}>{t('serviceStatus.legendTitle')}</h3>
        <ul className={styles.legend}>
          {LEGEND.map((state) => (
            <li key={state}>
              <span className={`${styles.swatch} ${styles[state]}`}>
                <StateIcon state={state} />
              </span>
              {t(`serviceStatus.states.${state}`)}
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.card} aria-labelledby="status-incidents">
        <h2 id="status-incidents">{t('serviceStatus.incidentsTitle')}</h2>
        {disrupted.length === 0 ? (
          <p className={styles.quiet}>{t('serviceStatus.noIncidents')}</p>
        ) : (
          <ul className={styles.incidents}>
            {disrupted.map((day) => (
              <li key={day.date}>
                <span className={`${styles.swatch} ${styles[day.state ?? 'noData']}`}>
                  <StateIcon state={day.state ?? 'noData'} />
                </span>
                <span className={styles.incidentDate}>{formatDay(day.date, 'long')}</span>
                <strong>{t(`serviceStatus.states.${day.state ?? 'noData'}`)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className={styles.footnote}>
        {t('serviceStatus.explain')} {t('serviceStatus.problem')}{' '}
        <Link to={pathOf('contact')}>{t('serviceStatus.contact')}</Link>
      </p>
    </div>
  );
}
