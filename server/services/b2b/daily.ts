/**
 * The automatic monthly billing: shortly after start and then a few times a day, the previous month
 * is billed once (as the system). The last month billed so is kept in `b2b-billing-schedule`, so
 * the check costs one read until the month changes; a run that stopped half-way is simply run again,
 * which bills only what is missing (billing.ts is exactly-once per account and month).
 */
import { monthOf, previousMonth } from '../../../src/domain/b2b';
import { logError } from '../../log';
import { getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { runB2bBilling } from './billing';
import { b2bDb, b2bIds, B2B_DB } from './records';

const CHECK_EVERY_MS = 6 * 60 * 60_000;
const FIRST_CHECK_MS = 60_000;

type ScheduleDoc = {
  _id: string;
  _rev?: string;
  type: 'b2b_billing_schedule';
  lastMonth: string;
  at: string;
};

/** Bills the previous month unless the schedule says it was; answers the month billed now, if any. */
export async function billPreviousMonthOnce(store: Store, now = new Date()): Promise<string | undefined> {
  const month = previousMonth(monthOf(now));
  const schedule = await getOrUndefined(b2bDb<ScheduleDoc>(store), b2bIds.schedule);
  if (schedule && schedule.lastMonth >= month) return undefined;
  await runB2bBilling(store, { month, trigger: 'scheduled', actor: 'system', now });
  await upsertDoc<ScheduleDoc>(store, B2B_DB, b2bIds.schedule, () => ({
    _id: b2bIds.schedule,
    type: 'b2b_billing_schedule',
    lastMonth: month,
    at: now.toISOString(),
  }));
  return month;
}

export function startMonthlyB2bBilling(store: Store): { stop(): void } {
  const check = () => {
    billPreviousMonthOnce(store).catch((error: unknown) =>
      logError('[b2b] the monthly billing could not run; the next check will', error),
    );
  };
  const first = setTimeout(check, FIRST_CHECK_MS);
  const timer = setInterval(check, CHECK_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
