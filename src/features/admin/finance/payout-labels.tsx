/** How the payouts screen names a payout's state (and why it is manual or failed), its way and its day. */
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { PayoutState, PayoutView } from '../../../domain/payouts';
import styles from '../ui/detail.module.css';

const STATE_TONE: Record<PayoutState, 'live' | 'good' | 'warn' | 'bad'> = {
  pending: 'live',
  paid: 'good',
  manual: 'warn',
  failed: 'bad',
};

/** A reason's own wording when the screen has one (`no_connected_account`), else the gateway's code. */
export function usePayoutReason(): (reason: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (reason) => {
    if (!reason) return undefined;
    const key = `admin.payouts.reason.${reason}`;
    return i18n.exists(key) ? t(key as ParseKeys) : reason;
  };
}

export function PayoutStateBadge({ state }: { state: PayoutState }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={STATE_TONE[state]} data-payout-state={state}>
      {t(`admin.payouts.state.${state}`)}
    </span>
  );
}

/** The badge, with the reason of a manual or failed payout under it. */
export function PayoutStateCell({ payout }: { payout: Pick<PayoutView, 'state' | 'reason'> }) {
  const reasonText = usePayoutReason();
  const reason = reasonText(payout.reason);
  return (
    <span className={styles.name}>
      <PayoutStateBadge state={payout.state} />
      {reason && <span className={styles.secondary}>{reason}</span>}
    </span>
  );
}

/** A payout's UTC day (`2026-01-02`) in the admin's language, the same day wherever the admin is. */
export function useDayFormat(): (day: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : format.format(date);
  };
}

/** Today's UTC day, the day a run made now pays under. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
