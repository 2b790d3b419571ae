/**
 * The public service status history (spec: the last 30 days, each operational, degraded, outage or
 * maintenance), kept in one `config` document with one entry per UTC day.
 *
 * Invariants, shared by the server's recorder, the seed, the status page and the tests:
 * - a day holds the worst state seen that day, by `STATE_SEVERITY` (outage > degraded >
 *   maintenance > operational): a planned maintenance is less serious for a client than an
 *   unplanned slowdown, and any outage outweighs both;
 * - a day an admin set (or one without a source, written by hand) is never changed by the
 *   recorder or the seed; a demo day gives way to a real observation;
 * - only the 30 days ending today are kept; days are UTC dates, oldest first, never repeated.
 */
import { SERVICE_STATUS_DAYS } from './constants';
import { SERVICE_STATES, SERVICE_STATUS_SOURCES } from './config';
import type { ServiceState, ServiceStatus, ServiceStatusDay, ServiceStatusSource } from './config';

export const STATE_SEVERITY: Record<ServiceState, number> = {
  operational: 0,
  maintenance: 1,
  degraded: 2,
  outage: 3,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The more serious of two states. */
export function worstState(a: ServiceState, b: ServiceState): ServiceState {
  return STATE_SEVERITY[b] > STATE_SEVERITY[a] ? b : a;
}

/** The UTC day of an instant, as `YYYY-MM-DD`. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The UTC day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS));
}

/** The days the history covers, oldest first, ending with `today`. */
export function statusWindow(today: string): string[] {
  return Array.from({ length: SERVICE_STATUS_DAYS }, (_, i) => addDays(today, i - SERVICE_STATUS_DAYS + 1));
}

function isRealDate(value: unknown): value is string {
  return (
    typeof value === 'string' && DATE_PATTERN.test(value) && utcDay(new Date(`${value}T00:00:00Z`)) === value
  );
}

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/**
 * Reads a stored status document's value: the well-formed days, sorted and without repeats, and a
 * description of everything left out. Lenient on purpose: one bad entry must not hide the others,
 * and the recorder must not drop an admin's days because a neighbour is malformed.
 */
export function parseServiceStatus(value: unknown): { status: ServiceStatus; problems: string[] } {
  const problems: string[] = [];
  const raw = value && typeof value === 'object' ? (value as { days?: unknown }).days : undefined;
  if (!Array.isArray(raw)) {
    if (value !== undefined) problems.push('days must be an array');
    return { status: { days: [] }, problems };
  }
  const byDate = new Map<string, ServiceStatusDay>();
  raw.forEach((entry: unknown, index) => {
    const day = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    if (!isRealDate(day.date)) return problems.push(`days[${index}].date is not a YYYY-MM-DD date`);
    if (!isOneOf(SERVICE_STATES, day.state)) return problems.push(`days[${index}].state is unknown`);
    if (day.source !== undefined && !isOneOf(SERVICE_STATUS_SOURCES, day.source)) {
      return problems.push(`days[${index}].source is unknown`);
    }
    if (byDate.has(day.date)) return problems.push(`days[${index}] repeats ${day.date}`);
    byDate.set(day.date, {
      date: day.date,
      state: day.state,
      ...(day.source ? { source: day.source } : {}),
    });
  });
  const days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  return { status: { days }, problems };
}

/** True when a stored value is a well-formed history (what the server writes and the page reads). */
export function isServiceStatus(value: unknown): value is ServiceStatus {
  return value !== undefined && parseServiceStatus(value).problems.length === 0;
}

/** Keeps only the days of the window ending `today`. */
export function trimToWindow(status: ServiceStatus, today: string): ServiceStatus {
  const first = addDays(today, -SERVICE_STATUS_DAYS + 1);
  return { days: status.days.filter((day) => day.date >= first && day.date <= today) };
}

function isProtected(day: ServiceStatusDay): boolean {
  return day.source === undefined || day.source === 'admin';
}

/**
 * Adds what the service observed on `date`: the worst of it and of what was already recorded that
 * day; an admin's day stays as it is, a demo day is replaced.
 */
export function recordObservation(status: ServiceStatus, date: string, state: ServiceState): ServiceStatus {
  const existing = status.days.find((day) => day.date === date);
  if (existing && isProtected(existing)) return status;
  const merged: ServiceStatusDay = {
    date,
    state: existing?.source === 'monitor' ? worstState(existing.state, state) : state,
    source: 'monitor',
  };
  const days = status.days.filter((day) => day.date !== date).concat(merged);
  return { days: days.sort((a, b) => a.date.localeCompare(b.date)) };
}

/** Sets a day by hand (the admin console's operation): the recorder will not change it. */
export function setDayByAdmin(status: ServiceStatus, date: string, state: ServiceState): ServiceStatus {
  const days = status.days.filter((day) => day.date !== date).concat({ date, state, source: 'admin' });
  return { days: days.sort((a, b) => a.date.localeCompare(b.date)) };
}

/** In the demo history, how many days before today the slow day and the maintenance fall. */
const DEMO_DEGRADED_DAYS_AGO = 11;
const DEMO_MAINTENANCE_DAYS_AGO = 23;

/**
 * A plausible history for the demo: the 29 days before `today`, all operational but one degraded
 * day and one maintenance window, so that a newcomer sees every label. Depends only on `today`.
 */
export function demoHistory(today: string): ServiceStatusDay[] {
  return statusWindow(today)
    .slice(0, -1)
    .map((date, index, all) => {
      const daysAgo = all.length - index;
      const state: ServiceState =
        daysAgo === DEMO_DEGRADED_DAYS_AGO
          ? 'degraded'
          : daysAgo === DEMO_MAINTENANCE_DAYS_AGO
            ? 'maintenance'
            : 'operational';
      return { date, state, source: 'demo' satisfies ServiceStatusSource };
    });
}

/** Fills the days before today that have no entry with the demo history; never changes an entry. */
export function withDemoHistory(
  status: ServiceStatus,
  today: string,
): { status: ServiceStatus; added: number } {
  const known = new Set(status.days.map((day) => day.date));
  const missing = demoHistory(today).filter((day) => !known.has(day.date));
  const days = [...status.days, ...missing].sort((a, b) => a.date.localeCompare(b.date));
  return { status: trimToWindow({ days }, today), added: missing.length };
}

/** The share of the days with data that were fully operational (0 to 1), or undefined with no data. */
export function uptimeRatio(days: readonly { state?: ServiceState }[]): number | undefined {
  const known = days.filter((day) => day.state !== undefined);
  if (known.length === 0) return undefined;
  return known.filter((day) => day.state === 'operational').length / known.length;
}

/** The 30 days ending `today`, oldest first, each with its state or none (no data). */
export function windowDays(status: ServiceStatus, today: string): { date: string; state?: ServiceState }[] {
  const byDate = new Map(status.days.map((day) => [day.date, day.state]));
  return statusWindow(today).map((date) => {
    const state = byDate.get(date);
    return state ? { date, state } : { date };
  });
}
