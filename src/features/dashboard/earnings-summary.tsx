import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarningsCurrency, EarningsDoc, EarningsPayout } from '../../domain/earnings';
import type { PayoutState } from '../../domain/payouts';
import { formatMoney } from '../../ui/intl';
import styles from './tabs.module.css';
import own from './earnings-summary.module.css';

/** The tag of each payout state, in the look of the calls' statuses. */
const STATE_STYLES = {
  paid: styles.completed,
  pending: styles.pending,
  manual: styles.waiting,
  failed: styles.failed,
} as const satisfies Record<PayoutState, string | undefined>;

/**
 * What the books say a provider earned, had taken back after refunds, was paid out and is owed,
 * per currency, and their latest payouts: the `earnings` document the service keeps in their own
 * database, so it shows offline too.
 */
export function EarningsSummary({ earnings }: { earnings: EarningsDoc }) {
  const { t } = useTranslation();
  const headingId = useId();
  const payoutsId = useId();
  const owed = earnings.currencies.some((c) => c.balance < 0);
  return (
    <section className={own.summary} aria-labelledby={headingId} data-earnings-summary="true">
      <h3 id={headingId}>{t('dashboard.earnings.title')}</h3>
      {earnings.currencies.map((figures) => (
        <Figures key={figures.currency} figures={figures} />
      ))}
      <p className={styles.muted}>
        {owed ? t('dashboard.earnings.negativeHint') : t('dashboard.earnings.hint')}
      </p>
      <h3 id={payoutsId}>{t('dashboard.earnings.payoutsTitle')}</h3>
      {earnings.payouts.length === 0 ? (
        <p className={styles.muted}>{t('dashboard.earnings.noPayouts')}</p>
      ) : (
        <ul className={own.payouts} aria-labelledby={payoutsId}>
          {earnings.payouts.map((payout) => (
            <PayoutLine key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Figures({ figures }: { figures: EarningsCurrency }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, figures.currency, i18n.language);
  const balanceStyle = figures.balance < 0 ? own.owed : own.balance;
  return (
    <dl className={own.figures} data-currency={figures.currency}>
      <div className={own.figure}>
        <dt>{t('dashboard.earnings.earned')}</dt>
        <dd data-figure="earned">{money(figures.earned)}</dd>
      </div>
      {figures.recovered > 0 && (
        <div className={own.figure}>
          <dt>{t('dashboard.earnings.recovered')}</dt>
          <dd data-figure="recovered">{money(-figures.recovered)}</dd>
        </div>
      )}
      <div className={own.figure}>
        <dt>{t('dashboard.earnings.paidOut')}</dt>
        <dd data-figure="paidOut">{money(figures.paidOut)}</dd>
      </div>
      <div className={`${own.figure} ${balanceStyle}`}>
        <dt>{t('dashboard.earnings.balance')}</dt>
        <dd data-figure="balance">{money(figures.balance)}</dd>
      </div>
    </dl>
  );
}

function PayoutLine({ payout }: { payout: EarningsPayout }) {
  const { t, i18n } = useTranslation();
  // The payout's day is a UTC day: shown as that day wherever the provider is.
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${payout.day}T00:00:00Z`),
  );
  return (
    <li className={own.payout} data-payout={payout.id} data-state={payout.state}>
      <time dateTime={payout.day}>{day}</time>
      <span className={`${styles.tag} ${STATE_STYLES[payout.state]}`}>
        {t(`dashboard.earnings.state.${payout.state}`)}
      </span>
      <span className={own.payoutAmount}>{formatMoney(payout.amount, payout.currency, i18n.language)}</span>
    </li>
  );
}
