/**
 * One backup at a time per store: the console's "back up now" and the daily schedule share the
 * runner of their store, so a second start while one runs is refused (`BackupRunning`) instead of
 * doubling the load. A backup runs in the background; the runner says what runs and how the last
 * attempt failed, if it did. The service runs one process per store (DESIGN.md): a second process
 * on the same store would have its own runner.
 */
import { logError, redactText } from '../../log';
import type { Store } from '../../store/store';
import { archiveName } from './archive';
import type { BackupTrigger } from './archive';
import { removePartials, writeBackup } from './backups';
import type { BackupFile } from './backups';

export type RunningBackup = { name: string; trigger: BackupTrigger; startedAt: string };

export type BackupRunner = {
  /** Starts a backup in the background; throws `BackupRunning` when one is under way. */
  start(trigger: BackupTrigger, now?: Date): RunningBackup;
  running(): RunningBackup | undefined;
  lastFailure(): { at: string; message: string } | undefined;
  /** Settles when no backup runs; answers the last one written, if any. */
  idle(): Promise<BackupFile | undefined>;
};

export class BackupRunning extends Error {
  constructor(readonly current: RunningBackup) {
    super('A backup is already under way.');
    this.name = 'BackupRunning';
  }
}

const runners = new WeakMap<Store, Map<string, BackupRunner>>();

/** The runner of backups of `store` into `dir` (the same one for every caller). */
export function backupRunner(store: Store, dir: string): BackupRunner {
  let byDir = runners.get(store);
  if (!byDir) runners.set(store, (byDir = new Map()));
  let runner = byDir.get(dir);
  if (!runner) byDir.set(dir, (runner = createRunner(store, dir)));
  return runner;
}

function createRunner(store: Store, dir: string): BackupRunner {
  let current: RunningBackup | undefined;
  let work: Promise<BackupFile | undefined> = Promise.resolve(undefined);
  let failure: { at: string; message: string } | undefined;
  return {
    start(trigger, now = new Date()) {
      if (current) throw new BackupRunning(current);
      const started: RunningBackup = {
        name: archiveName(now, trigger),
        trigger,
        startedAt: now.toISOString(),
      };
      current = started;
      work = (async () => {
        try {
          await removePartials(dir);
          const written = await writeBackup(store, dir, { trigger, now, name: started.name });
          failure = undefined;
          return written;
        } catch (error) {
          const message = redactText(error instanceof Error ? error.message : String(error));
          failure = { at: new Date().toISOString(), message };
          logError(`[backup] ${started.name} failed`, error);
          return undefined;
        } finally {
          current = undefined;
        }
      })();
      return started;
    },
    running: () => current,
    lastFailure: () => failure,
    idle: () => work,
  };
}
