/**
 * The daily backup (`BACKUP_DAILY_AT`, UTC): the time of the next run, and a scheduler that runs it
 * through an injected clock, so that its logic is tested without waiting for real time.
 *
 * A day whose slot was missed (the service was stopped then, or the backup failed) is caught up:
 * when the newest scheduled archive is older than the latest slot, a backup runs shortly after
 * start (or after the failure), then the scheduler waits for the next slot.
 *
 * `startScheduler` knows nothing of backups: the daily payout run uses it too (payouts/daily.ts).
 */

export type DailyTime = { hour: number; minute: number };

/** `HH:MM` (24 h, UTC), or `off`; undefined when malformed. */
export function parseDailyTime(text: string): DailyTime | 'off' | undefined {
  if (text.trim().toLowerCase() === 'off') return 'off';
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return undefined;
  return { hour, minute };
}

export const formatDailyTime = ({ hour, minute }: DailyTime) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** The latest slot at or before `now`. */
export function latestSlot(now: Date, at: DailyTime): Date {
  const slot = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), at.hour, at.minute),
  );
  if (slot.getTime() > now.getTime()) slot.setUTCDate(slot.getUTCDate() - 1);
  return slot;
}

/** The first slot strictly after `now`. */
export function nextSlot(now: Date, at: DailyTime): Date {
  const slot = latestSlot(now, at);
  slot.setUTCDate(slot.getUTCDate() + 1);
  return slot;
}

/** When the next scheduled backup should run, given when the newest scheduled one was taken. */
export function nextRun(now: Date, at: DailyTime, lastScheduled: Date | undefined, catchUpMs: number): Date {
  const missed = !lastScheduled || lastScheduled.getTime() < latestSlot(now, at).getTime();
  return missed ? new Date(now.getTime() + catchUpMs) : nextSlot(now, at);
}

export type Clock = {
  now(): Date;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms);
    // The schedule never keeps a stopping process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export type Scheduler = {
  /** When the next backup is planned (undefined while one runs or once stopped). */
  nextAt(): Date | undefined;
  stop(): void;
};

/**
 * Runs `run` at each daily slot, catching up a missed one after `catchUpMs`. `lastScheduled` says
 * when the newest scheduled archive was taken; a failed run or read is reported to `onError` and
 * planned again like a missed slot.
 */
export function startScheduler(options: {
  at: DailyTime;
  clock: Clock;
  catchUpMs: number;
  lastScheduled: () => Promise<Date | undefined>;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
}): Scheduler {
  const { at, clock, catchUpMs } = options;
  let handle: unknown;
  let planned: Date | undefined;
  let stopped = false;

  const plan = async () => {
    let last: Date | undefined;
    try {
      last = await options.lastScheduled();
    } catch (error) {
      options.onError(error);
    }
    if (stopped) return;
    const now = clock.now();
    planned = nextRun(now, at, last, catchUpMs);
    handle = clock.setTimeout(() => void fire(), Math.max(0, planned.getTime() - now.getTime()));
  };
  const fire = async () => {
    planned = undefined;
    try {
      await options.run();
    } catch (error) {
      options.onError(error);
    }
    await plan();
  };
  void plan();
  return {
    nextAt: () => planned,
    stop() {
      stopped = true;
      planned = undefined;
      if (handle !== undefined) clock.clearTimeout(handle);
    },
  };
}
