/**
 * The daily payout run (`PAYOUT_DAILY_AT`, UTC), on the backups' scheduler (backup/schedule.ts): at
 * each slot a run (audited as the system's), and a slot missed while the service was stopped is
 * caught up shortly after start. When the last scheduled run happened is kept in `payout-schedule`.
 * A run already under way (an admin's) counts as that slot's: the payouts of the day are made once.
 */
import type { Config } from '../../config/env';
import type { PaymentGateway } from '../../adapters/payments/types';
import { logError } from '../../log';
import { getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import { startScheduler, systemClock } from '../backup/schedule';
import type { Clock, Scheduler } from '../backup/schedule';
import { PAYOUTS_DB, payoutsDb, SCHEDULE_ID } from './records';
import { PayoutRunBusy, payoutRunner } from './run';

export const CATCH_UP_MS = 5 * 60_000;

type ScheduleDoc = { _id: string; _rev?: string; type: 'payout_schedule'; lastScheduledAt: string };

export function startDailyPayouts(
  store: Store,
  config: Config,
  gateway: PaymentGateway,
  clock: Clock = systemClock,
): Scheduler | undefined {
  const { dailyAt } = config.payouts;
  if (dailyAt === 'off') return undefined;
  const runner = payoutRunner(store, gateway, config);
  return startScheduler({
    at: dailyAt,
    clock,
    catchUpMs: CATCH_UP_MS,
    lastScheduled: async () => {
      const doc = await getOrUndefined(payoutsDb<ScheduleDoc>(store), SCHEDULE_ID);
      return doc ? new Date(doc.lastScheduledAt) : undefined;
    },
    run: async () => {
      const at = clock.now().toISOString();
      try {
        await runner.run({
          trigger: 'scheduled',
          actor: 'system',
          onStarted: async (run) => {
            await recordAudit(store, {
              actor: 'system',
              action: 'payout_run',
              subject: { kind: 'payout_run', id: run.runId },
              before: null,
              after: { day: run.day, trigger: 'scheduled' },
              key: `payout_run:${run.runId}`,
            });
          },
        });
      } catch (error) {
        if (!(error instanceof PayoutRunBusy)) throw error;
      }
      await upsertDoc<ScheduleDoc>(store, PAYOUTS_DB, SCHEDULE_ID, () => ({
        _id: SCHEDULE_ID,
        type: 'payout_schedule',
        lastScheduledAt: at,
      }));
    },
    onError: (error) => logError('[payouts] the daily payout run could not run', error),
  });
}
