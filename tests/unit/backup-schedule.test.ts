/**
 * The daily backup's schedule, on a hand-driven clock (no real time passes): the next slot in UTC,
 * a missed day caught up shortly after start, a failure tried again, a stop that stops.
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/env';
import { archiveName, parseArchiveName } from '../../server/services/backup/archive';
import {
  latestSlot,
  nextRun,
  nextSlot,
  parseDailyTime,
  startScheduler,
} from '../../server/services/backup/schedule';
import type { Clock } from '../../server/services/backup/schedule';

const AT = { hour: 3, minute: 0 };
const CATCH_UP = 5 * 60_000;
const at = (iso: string) => new Date(iso);

/** A clock whose time moves only when the test says, running what falls due. */
function manualClock(start: string) {
  let now = new Date(start).getTime();
  let timers: { due: number; run: () => void; id: number }[] = [];
  let ids = 0;
  const clock: Clock = {
    now: () => new Date(now),
    setTimeout: (run, ms) => {
      timers.push({ due: now + ms, run, id: ++ids });
      return ids;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    clock,
    pending: () => timers.map((timer) => new Date(timer.due).toISOString()),
    /** Moves time to `iso`, running each timer that falls due (and what it plans) in order. */
    async advanceTo(iso: string) {
      const target = new Date(iso).getTime();
      await settle();
      for (;;) {
        const next = timers.filter((timer) => timer.due <= target).sort((a, b) => a.due - b.due)[0];
        if (!next) break;
        timers = timers.filter((timer) => timer !== next);
        now = next.due;
        next.run();
        for (let i = 0; i < 5; i++) await settle();
      }
      now = target;
    },
  };
}

describe('daily backup time', () => {
  it('reads HH:MM in UTC or off, and refuses anything else', () => {
    expect(parseDailyTime('03:00')).toEqual({ hour: 3, minute: 0 });
    expect(parseDailyTime('23:59')).toEqual({ hour: 23, minute: 59 });
    expect(parseDailyTime('off')).toBe('off');
    for (const bad of ['24:00', '3h', '12:60', '', 'daily']) expect(parseDailyTime(bad)).toBeUndefined();
    expect(readConfig({}).config.backups).toEqual({ dailyAt: AT, keep: 14 });
    expect(readConfig({ BACKUP_DAILY_AT: 'off', BACKUP_KEEP: '3' }).config.backups).toEqual({
      dailyAt: 'off',
      keep: 3,
    });
    expect(readConfig({ BACKUP_DAILY_AT: '25:00', BACKUP_KEEP: '0' }).problems).toEqual([
      'BACKUP_DAILY_AT is malformed: "25:00" is not a time (HH:MM, UTC) or off.',
      'BACKUP_KEEP is malformed: "0" is not a number of daily backups (1 to 365).',
    ]);
  });

  it('finds the latest and the next slot, across days and months', () => {
    expect(latestSlot(at('2025-06-16T02:59:59Z'), AT)).toEqual(at('2025-06-15T03:00:00Z'));
    expect(latestSlot(at('2025-06-16T03:00:00Z'), AT)).toEqual(at('2025-06-16T03:00:00Z'));
    expect(nextSlot(at('2025-06-16T03:00:00Z'), AT)).toEqual(at('2025-06-17T03:00:00Z'));
    expect(nextSlot(at('2025-06-30T23:00:00Z'), AT)).toEqual(at('2025-07-01T03:00:00Z'));
  });

  it('catches up a missed day, otherwise waits for the next slot', () => {
    const now = at('2025-06-16T10:00:00Z');
    expect(nextRun(now, AT, undefined, CATCH_UP)).toEqual(at('2025-06-16T10:05:00Z'));
    expect(nextRun(now, AT, at('2025-06-15T03:00:01Z'), CATCH_UP)).toEqual(at('2025-06-16T10:05:00Z'));
    expect(nextRun(now, AT, at('2025-06-16T03:00:02Z'), CATCH_UP)).toEqual(at('2025-06-17T03:00:00Z'));
  });

  it('names archives by time and trigger, and knows only its own names', () => {
    const name = archiveName(at('2025-06-16T03:00:00.123Z'), 'scheduled');
    expect(name).toBe('backup-2025-06-16T03-00-00-123Z-scheduled.ndjson.gz');
    expect(parseArchiveName(name)).toEqual({ createdAt: '2025-06-16T03:00:00.123Z', trigger: 'scheduled' });
    for (const other of [
      '../backup.gz',
      'backup-2025-06-16T03-00-00-123Z-other.ndjson.gz',
      `${name}.partial`,
    ]) {
      expect(parseArchiveName(other)).toBeUndefined();
    }
  });
});

describe('the scheduler', () => {
  it('runs every day at the slot, catching up first, trying a failure again, until stopped', async () => {
    const time = manualClock('2025-06-16T10:00:00Z');
    const runs: string[] = [];
    const errors: unknown[] = [];
    let newest: Date | undefined = at('2025-06-14T03:00:00Z');
    let failNext = false;
    const scheduler = startScheduler({
      at: AT,
      clock: time.clock,
      catchUpMs: CATCH_UP,
      lastScheduled: async () => newest,
      run: async () => {
        const now = time.clock.now();
        runs.push(now.toISOString());
        if (failNext) {
          failNext = false;
          throw new Error('disk full');
        }
        newest = now;
      },
      onError: (error) => errors.push(error),
    });
    await time.advanceTo('2025-06-16T10:00:00Z');
    // The service was down at this morning's slot: caught up after five minutes.
    expect(scheduler.nextAt()).toEqual(at('2025-06-16T10:05:00Z'));
    await time.advanceTo('2025-06-16T12:00:00Z');
    expect(runs).toEqual(['2025-06-16T10:05:00.000Z']);
    expect(scheduler.nextAt()).toEqual(at('2025-06-17T03:00:00Z'));

    await time.advanceTo('2025-06-18T12:00:00Z');
    expect(runs.slice(1)).toEqual(['2025-06-17T03:00:00.000Z', '2025-06-18T03:00:00.000Z']);

    failNext = true;
    await time.advanceTo('2025-06-19T04:00:00Z');
    expect(errors).toHaveLength(1);
    expect(runs.slice(3)).toEqual(['2025-06-19T03:00:00.000Z', '2025-06-19T03:05:00.000Z']);
    expect(scheduler.nextAt()).toEqual(at('2025-06-20T03:00:00Z'));

    scheduler.stop();
    expect(time.pending()).toEqual([]);
    await time.advanceTo('2025-06-25T00:00:00Z');
    expect(runs).toHaveLength(5);
  });
});
