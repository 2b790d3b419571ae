import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import { CALLBACK_TARGET_MINUTES, PROVIDER_PAYOUT_HOURS } from '../../domain/constants';
import type { ServiceKey } from '../../domain/promo';
import { ButtonLink } from '../../ui/button';
import { CallOutcome } from './call-outcome';
import { CallSteps } from './call-steps';
import { callSeconds, callStatus, formatCallDuration, formatClock } from './call-status-model';
import type { CallStatus, CallView } from './call-status-model';
import { formatMoney } from '../../ui/intl';
import styles from './call-tracker.module.css';

type Tone = 'waiting' | 'live' | 'done' | 'failed';

function toneOf(view: CallView): Tone {
  if (view.phase === 'failed') return 'failed';
  if (view.phase === 'completed') return 'done';
  if (view.phase === 'in_progress') return 'live';
  return 'waiting';
}

/** The consultation as it stands: status, steps, what comes next, and the order's summary. */
export function CallTracker({ view, now, online }: { view: CallView; now: number; online: boolean }) {
  const { t } = useTranslation();
  const status = callStatus(view, now);
  const service = view.service as ServiceKey;
  const tone = toneOf(view);
  const counterpart = view.viewer === 'provider' ? view.clientName : view.providerName;
  return (
    <div className={`container ${styles.page}`} data-phase={view.phase} data-viewer={view.viewer}>
      {!online && (
        <p className={styles.offline} role="status">
          {t('paymentSuccess.offline')}
        </p>
      )}
      <section className={`${styles.hero} ${styles[tone]}`} aria-labelledby="call-headline">
        <div className={styles.status}>
          <StatusIcon
            tone={tone}
            ringing={view.phase === 'calling_client' || view.phase === 'calling_provider'}
          />
          <div className={styles.statusText}>
            <p className={styles.eyebrow}>
              {t(`invoices.services.${service}`)} · {counterpart}
            </p>
            <div aria-live="polite" aria-atomic="true">
              <h1 id="call-headline">{t(`paymentSuccess.headline.${status.headline}`)}</h1>
              <p className={styles.detail}>
                {t(`paymentSuccess.detail.${status.detail}`, {
                  name: view.providerName,
                  attempt: status.attempt ?? view.attempt,
                  max: view.maxAttempts,
                  attempts: view.maxAttempts,
                  minutes: CALLBACK_TARGET_MINUTES,
                  hours: PROVIDER_PAYOUT_HOURS,
                })}
              </p>
              {status.retry && (
                <p className={styles.retry}>
                  {t(`paymentSuccess.retry.${status.retry}`, {
                    attempt: view.attempt,
                    max: view.maxAttempts,
                  })}
                </p>
              )}
            </div>
            {status.clockMs !== undefined && (
              <p className={styles.clock} role="timer">
                {formatClock(status.clockMs)}
              </p>
            )}
          </div>
        </div>
        <CallSteps states={status.steps} viewer={view.viewer} />
      </section>
      <div className={styles.columns}>
        <div className={styles.main}>
          <CallOutcome view={view} status={status} service={service} />
        </div>
        <aside className={styles.side} aria-labelledby="call-summary">
          <Summary view={view} status={status} service={service} />
        </aside>
      </div>
    </div>
  );
}

function StatusIcon({ tone, ringing }: { tone: Tone; ringing: boolean }) {
  return (
    <span className={`${styles.icon} ${ringing ? styles.ringing : ''}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="32" height="32">
        {tone === 'done' ? (
          <path
            d="m5 12.5 4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : tone === 'failed' ? (
          <path
            d="M7 7l10 10M17 7 7 17"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
          />
        ) : (
          <path
            d="M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
            fill="currentColor"
          />
        )}
      </svg>
    </span>
  );
}

function Summary({ view, status, service }: { view: CallView; status: CallStatus; service: ServiceKey }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  const lasted = status.final ? callSeconds(view) : undefined;
  return (
    <section className={styles.card}>
      <h2 id="call-summary">{t('paymentSuccess.summary.title')}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>
            {view.viewer === 'provider'
              ? t('paymentSuccess.summary.client')
              : t('paymentSuccess.summary.expert')}
          </dt>
          <dd>{view.viewer === 'provider' ? view.clientName : view.providerName}</dd>
        </div>
        <div>
          <dt>{t('paymentSuccess.summary.service')}</dt>
          <dd>{t(`invoices.services.${service}`)}</dd>
        </div>
        <div>
          <dt>{t('paymentSuccess.summary.booked')}</dt>
          <dd>{minutes.format(view.durationMinutes)}</dd>
        </div>
        {lasted !== undefined && (
          <div>
            <dt>{t('paymentSuccess.summary.lasted')}</dt>
            <dd>{formatCallDuration(lasted, locale)}</dd>
          </div>
        )}
        {view.amount !== undefined && (
          <div>
            <dt>
              {view.viewer === 'provider'
                ? t('paymentSuccess.summary.earned')
                : t('paymentSuccess.summary.amount')}
            </dt>
            <dd>
              <span className={styles.money}>{formatMoney(view.amount, view.currency, locale)}</span>
              {status.money && (
                <span className={styles.moneyState} data-money={status.money}>
                  {t(`money.state.${status.money}`, {
                    refunded: formatMoney(view.refunded ?? 0, view.currency, locale),
                  })}
                </span>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('paymentSuccess.summary.order')}</dt>
          <dd className={styles.reference}>{view.orderId}</dd>
        </div>
      </dl>
      <ButtonLink to={pathOf('dashboard')} variant="secondary" size="small">
        {t('paymentSuccess.dashboard')}
      </ButtonLink>
    </section>
  );
}
