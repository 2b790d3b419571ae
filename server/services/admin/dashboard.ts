/**
 * The admin dashboard's figures, each read from a view's reduce (a count or a sum over a key
 * range), never by loading the records: consultations under way (calls by phase), the amounts paid
 * and the commission today and this month (orders' captures and refunds by time and currency),
 * pending approvals and providers online (accounts), failed calls in the last 24 hours, sign-ups.
 *
 * Test profiles (`isTestProfile` on an account, or on an order's provider) are left out of every
 * figure; what they would add to the account figures is answered apart (`testProfiles`).
 * "Today" and "this month" are the calendar day and month in the admin's time zone.
 */
import { CURRENCIES } from '../../../src/domain/config';
import type { Currency } from '../../../src/domain/config';
import type { DashboardFigures, MoneyFigure } from '../../../src/domain/admin-ops';
import type { Store } from '../../store/store';
import { PREFIX_END } from './paging';

const DAY_MS = 24 * 60 * 60 * 1000;
const CONNECTING_PHASES = ['scheduled', 'calling_provider', 'calling_client', 'connecting'] as const;

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function zonedParts(at: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** Milliseconds the zone is ahead of UTC at `at`. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a local calendar date starts in a zone. */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetMs(new Date(guess), timeZone);
  // Once more, for a date whose offset differs from midnight UTC's (a change of summer time).
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

export function periodStarts(now: Date, timeZone: string): { today: Date; month: Date; week: Date } {
  const { year, month, day } = zonedParts(now, timeZone);
  const today = startOfLocalDay(year, month, day, timeZone);
  return {
    today,
    month: startOfLocalDay(year, month, 1, timeZone),
    week: new Date(today.getTime() - 6 * DAY_MS),
  };
}

type ReduceRow<V> = { key?: unknown; value: V };

async function reduced<V>(
  store: Store,
  db: string,
  view: string,
  params: Record<string, unknown>,
): Promise<ReduceRow<V>[]> {
  const [design, name] = view.split('/');
  const answer = await store.db(db).view<V>(design!, name!, { reduce: true, ...params });
  return answer.rows as unknown as ReduceRow<V>[];
}

async function count(
  store: Store,
  db: string,
  view: string,
  startkey: unknown,
  endkey: unknown,
): Promise<number> {
  const rows = await reduced<number>(store, db, view, { startkey, endkey });
  return rows[0]?.value ?? 0;
}

async function money(store: Store, from: string, to: string): Promise<MoneyFigure[]> {
  const sum = async (kind: 'captured' | 'refunded', currency: Currency) => {
    const rows = await reduced<[number, number]>(store, 'orders', 'consultation-lists/money_by_time', {
      startkey: [kind, false, currency, from],
      endkey: [kind, false, currency, to],
    });
    return rows[0]?.value ?? [0, 0];
  };
  return Promise.all(
    CURRENCIES.map(async (currency) => {
      const [[paid, commission], [refunded, refundedCommission]] = await Promise.all([
        sum('captured', currency),
        sum('refunded', currency),
      ]);
      return { currency, paid, commission, refunded, refundedCommission };
    }),
  );
}

async function byRole(
  store: Store,
  view: string,
  test: boolean,
): Promise<{ lawyers: number; expats: number }> {
  const rows = await reduced<number>(store, 'accounts', `dashboard-accounts/${view}`, {
    startkey: [test],
    endkey: [test, {}],
    group_level: 2,
  });
  const of = (role: string) => rows.find((row) => Array.isArray(row.key) && row.key[1] === role)?.value ?? 0;
  return { lawyers: of('lawyer'), expats: of('expat') };
}

export async function dashboardFigures(
  store: Store,
  { now = new Date(), timeZone = 'UTC' }: { now?: Date; timeZone?: string } = {},
): Promise<DashboardFigures> {
  const at = now.toISOString();
  const starts = periodStarts(now, timeZone);
  const failedFrom = new Date(now.getTime() - DAY_MS).toISOString();
  const phase = (name: string) => count(store, 'calls', 'call-phases/by_phase', [name], [name, PREFIX_END]);
  const signupsSince = (test: boolean, from: Date) =>
    count(store, 'accounts', 'dashboard-accounts/signups_by_created', [test, from.toISOString()], [test, at]);

  const [inProgress, connecting, today, month, approvals, online, failedCalls24h, signupsToday, signupsWeek] =
    await Promise.all([
      phase('in_progress'),
      Promise.all(CONNECTING_PHASES.map(phase)).then((counts) => counts.reduce((a, b) => a + b, 0)),
      money(store, starts.today.toISOString(), at),
      money(store, starts.month.toISOString(), at),
      byRole(store, 'pending_approvals', false),
      byRole(store, 'providers_online', false),
      count(store, 'calls', 'call-phases/failed_by_end', failedFrom, at),
      signupsSince(false, starts.today),
      signupsSince(false, starts.week),
    ]);
  const [testApprovals, testOnline, testSignups] = await Promise.all([
    byRole(store, 'pending_approvals', true),
    byRole(store, 'providers_online', true),
    signupsSince(true, starts.week),
  ]);
  return {
    at,
    timeZone,
    todayFrom: starts.today.toISOString(),
    monthFrom: starts.month.toISOString(),
    consultations: { inProgress, connecting },
    money: { today, month },
    approvals,
    providersOnline: online,
    failedCalls24h,
    failedFrom,
    signups: { today: signupsToday, week: signupsWeek },
    weekFrom: starts.week.toISOString(),
    testProfiles: {
      pendingApprovals: testApprovals.lawyers + testApprovals.expats,
      providersOnline: testOnline.lawyers + testOnline.expats,
      signupsWeek: testSignups,
    },
  };
}
