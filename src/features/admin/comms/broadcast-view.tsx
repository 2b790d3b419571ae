/** How a broadcast reads in the console: its target, its state as a badge (with when it is due), its counts. */
import { useTranslation } from 'react-i18next';
import type { BroadcastState, BroadcastView, DeliveryState } from '../../../domain/comms';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';

export const BROADCAST_TONE: Record<BroadcastState, 'live' | 'good' | 'warn' | undefined> = {
  scheduled: 'warn',
  resolving: 'live',
  sending: 'live',
  complete: 'good',
  cancelled: undefined,
};

export const DELIVERY_TONE: Record<DeliveryState, 'warn' | 'good' | 'bad'> = {
  queued: 'warn',
  sent: 'good',
  failed: 'bad',
};

export function BroadcastStateBadge({ state }: { state: BroadcastState }) {
  const { t } = useTranslation();
  return (
    <span className={detail.badge} data-tone={BROADCAST_TONE[state]} data-broadcast-state={state}>
      {t(`admin.comms.broadcastState.${state}`)}
    </span>
  );
}

/** The state's badge, and when it is due while it waits for its time. */
export function BroadcastStateLine({
  broadcast,
}: {
  broadcast: Pick<BroadcastView, 'state' | 'scheduledAt'>;
}) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (
    <span className={detail.name}>
      <BroadcastStateBadge state={broadcast.state} />
      {broadcast.state === 'scheduled' && (
        <span className={detail.secondary} data-broadcast-due>
          {t('admin.comms.notifications.due', { at: format.dateTime(broadcast.scheduledAt) })}
        </span>
      )}
    </span>
  );
}

/** "Segment: English clients" or "User: <uid>". */
export function useTargetText(): (broadcast: Pick<BroadcastView, 'target'>) => string {
  const { t } = useTranslation();
  return ({ target }) =>
    target.kind === 'segment'
      ? t('admin.comms.target.segment', { name: target.name })
      : t('admin.comms.target.user', { uid: target.uid });
}

/** "12 sent · 0 failed · 3 queued, of 15". */
export function useCountsText(): (broadcast: Pick<BroadcastView, 'counts' | 'total'>) => string {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return ({ counts, total }) =>
    t('admin.comms.countsLine', {
      sent: format.number(counts.sent),
      failed: format.number(counts.failed),
      queued: format.number(counts.queued),
      total: format.number(total),
    });
}
