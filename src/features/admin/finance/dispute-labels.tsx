/** How the disputes screens show a dispute's state, its reason and its deadline (days left). */
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { daysLeft } from '../../../domain/disputes';
import type { DisputeRow, DisputeState } from '../../../domain/disputes';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';

const TONES: Record<DisputeState, string> = { open: 'warn', won: 'good', lost: 'bad' };

export function DisputeStateBadge({ state }: { state: DisputeState }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={TONES[state]} data-dispute-state={state}>
      {t(`admin.disputes.state.${state}`)}
    </span>
  );
}

/** Stripe's reason, in words when it is one we know, as Stripe names it otherwise. */
export function DisputeReason({ reason }: { reason: string }) {
  const { t, i18n } = useTranslation();
  const key = `admin.disputes.reasons.${reason}`;
  return <span>{i18n.exists(key) ? t(key as ParseKeys) : reason}</span>;
}

/** The evidence deadline, with the days left while the dispute is open. */
export function DisputeDeadline({ dispute }: { dispute: Pick<DisputeRow, 'dueBy' | 'state'> }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  if (!dispute.dueBy) return <span>{t('admin.disputes.noDeadline')}</span>;
  const left = daysLeft(dispute.dueBy, new Date());
  return (
    <span className={styles.name} data-dispute-deadline={dispute.dueBy}>
      <span>{format.dateTime(dispute.dueBy)}</span>
      {dispute.state === 'open' && (
        <span className={styles.secondary} data-days-left={left}>
          {left >= 0 ? t('admin.disputes.daysLeft', { n: left }) : t('admin.disputes.overdue')}
        </span>
      )}
    </span>
  );
}
