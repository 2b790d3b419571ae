/**
 * The "when" of a composer (a mail campaign, an in-app notification) as typed, and what the service
 * takes of it: now, or a later date and time typed in the admin's own time zone (`datetime-local`)
 * and sent as an instant, checked by the shared rule (src/domain/comms-schedule.ts).
 */

export type ScheduleForm = {
  /** Send later, at the local date and time typed (`2026-12-01T09:30`); now otherwise. */
  later: boolean;
  scheduledAt: string;
};

export const newScheduleForm = (): ScheduleForm => ({ later: false, scheduledAt: '' });

/** A `datetime-local` value read in the browser's time zone, as an ISO instant ('' when unreadable). */
export function localToInstant(local: string): string {
  const time = new Date(local).getTime();
  return local && !Number.isNaN(time) ? new Date(time).toISOString() : local;
}

/** The schedule as the service takes it: an instant when sent later, nothing when sent now. */
export const scheduleBody = (form: ScheduleForm): { scheduledAt?: string } =>
  form.later ? { scheduledAt: localToInstant(form.scheduledAt) } : {};

/**
 * "Later" ticked with no date typed: refused here, since the service would read no schedule and send
 * at once.
 */
export const scheduleMissing = (form: ScheduleForm) => form.later && form.scheduledAt === '';
