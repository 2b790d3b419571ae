/**
 * When a communication goes out later (issue 17): a mail campaign and an in-app notification take the
 * same schedule, checked here once for the server and the console.
 */

/** How far ahead a campaign or a notification may be scheduled. */
export const COMMS_SCHEDULE_MAX_DAYS = 365;

/** Why a schedule was refused: not an ISO instant, not after now, or too far ahead. */
export type ScheduleProblem = 'value_invalid' | 'in_past' | 'too_far';

const DAY_MS = 86_400_000;

/**
 * The schedule `value`: none (send now) when absent or empty; else an ISO instant after `now` and at
 * most `COMMS_SCHEDULE_MAX_DAYS` ahead, answered in its normal form. A refusal is noted in
 * `fields.scheduledAt`.
 */
export function checkSchedule<P extends string>(
  value: unknown,
  now: Date,
  fields: Record<string, P | ScheduleProblem>,
): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const time = typeof value === 'string' && value.length <= 40 ? Date.parse(value) : NaN;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time)) {
    fields.scheduledAt = 'value_invalid';
  } else if (time <= now.getTime()) fields.scheduledAt = 'in_past';
  else if (time > now.getTime() + COMMS_SCHEDULE_MAX_DAYS * DAY_MS) fields.scheduledAt = 'too_far';
  else return new Date(time).toISOString();
  return undefined;
}
