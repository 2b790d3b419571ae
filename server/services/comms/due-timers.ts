/**
 * The waits of the comms senders (a scheduled campaign or notification, an A/B test's duration): a
 * time on a record is waited for with a timer that kicks the record's sender again, which reads the
 * record afresh and either carries on or waits again. A timer is never set for more than
 * `DUE_CHECK_MS` (no timer is kept for days, and a clock change is noticed within a minute), and it
 * is unref'd: a record waiting for its time never keeps the process alive on its own. A restart
 * loses the timers; the sender's `resume` at start kicks every open record, which waits again from
 * what its record says.
 */

/** A time waited for is checked at least this often. */
export const DUE_CHECK_MS = 60_000;

export type DueTimers = {
  /**
   * Whether `at` (an ISO instant) has come (an unreadable one counts as come); if not, `kick(id)`
   * runs again at `at`, or in `DUE_CHECK_MS` if that is sooner.
   */
  due(id: string, at: string | undefined): boolean;
  /** Forgets `id`'s timer (it is being carried out now). */
  clear(id: string): void;
  /** Forgets every timer (a stop). */
  clearAll(): void;
};

export function dueTimers(kick: (id: string) => void): DueTimers {
  const timers = new Map<string, NodeJS.Timeout>();
  const clear = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  return {
    due(id, at) {
      const wait = Date.parse(at ?? '') - Date.now();
      if (!(wait > 0)) return true;
      clear(id);
      timers.set(id, setTimeout(() => kick(id), Math.min(wait, DUE_CHECK_MS)).unref());
      return false;
    },
    clear,
    clearAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
