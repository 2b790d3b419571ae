/**
 * The service's daily backup (`BACKUP_DAILY_AT`, `BACKUP_KEEP`): at each slot, a scheduled archive
 * through the store's runner (never two backups at once), then only the newest `keep` scheduled
 * archives are kept.
 */
import type { Config } from '../../config/env';
import { logError } from '../../log';
import type { Store } from '../../store/store';
import { backupsDir, listBackups, pruneScheduled } from './backups';
import { backupRunner } from './runner';
import { startScheduler, systemClock } from './schedule';
import type { Clock, Scheduler } from './schedule';

/** A missed day is caught up this long after start: never in the way of the start itself. */
export const CATCH_UP_MS = 5 * 60_000;

export function startDailyBackups(
  store: Store,
  config: Config,
  clock: Clock = systemClock,
): Scheduler | undefined {
  const { dailyAt, keep } = config.backups;
  if (dailyAt === 'off') return undefined;
  const dir = backupsDir(config.dataDir);
  const runner = backupRunner(store, dir);
  return startScheduler({
    at: dailyAt,
    clock,
    catchUpMs: CATCH_UP_MS,
    lastScheduled: async () => {
      const newest = (await listBackups(dir)).find((file) => file.trigger === 'scheduled');
      return newest ? new Date(newest.createdAt) : undefined;
    },
    run: async () => {
      await runner.idle();
      runner.start('scheduled', clock.now());
      // A failure is logged and kept by the runner; the scheduler catches the day up later.
      if (await runner.idle()) await pruneScheduled(dir, keep);
    },
    onError: (error) => logError('[backup] the daily backup could not run', error),
  });
}
