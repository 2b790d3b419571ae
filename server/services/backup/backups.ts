/**
 * Backups of the whole store into dated archives under `DATA_DIR/backups` (format: archive.ts,
 * consistency: snapshot.ts): every database, the users' own `userdb-*` included, read one after
 * another. The directory is the list: an archive is there only once complete, its name says when
 * and why it was taken, and nothing else needs keeping in step with it.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from '../../store/store';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  archiveName,
  isPartialName,
  parseArchiveName,
  writeArchive,
} from './archive';
import type { ArchiveLine, BackupTrigger } from './archive';
import { listDatabases, snapshotDatabase } from './snapshot';

export type BackupFile = { name: string; size: number; createdAt: string; trigger: BackupTrigger };

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** Takes a backup now into `dir`; answers the archive written. */
export async function writeBackup(
  store: Store,
  dir: string,
  {
    trigger,
    now = new Date(),
    name = archiveName(now, trigger),
  }: { trigger: BackupTrigger; now?: Date; name?: string },
): Promise<BackupFile> {
  await mkdir(dir, { recursive: true });
  await writeArchive(dir, name, backupLines(store, now, trigger));
  const info = await stat(path.join(dir, name));
  return { name, size: info.size, createdAt: now.toISOString(), trigger };
}

async function* backupLines(store: Store, now: Date, trigger: BackupTrigger): AsyncGenerator<ArchiveLine> {
  yield {
    kind: 'manifest',
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    createdAt: now.toISOString(),
    trigger,
    store: store.kind,
  };
  const databases: { name: string; docs: number }[] = [];
  for (const name of await listDatabases(store)) {
    let started = false;
    try {
      for await (const line of snapshotDatabase(store, name)) {
        if (line.kind === 'database_end') databases.push({ name, docs: line.docs });
        started = true;
        yield line;
      }
    } catch (error) {
      // A database deleted since the list was read (an account deleted meanwhile) is left out; one
      // deleted halfway through its read cannot be ended, so then the whole backup fails.
      if (!started && isMissingDatabase(error) && !(await exists(store, name))) continue;
      throw error;
    }
  }
  yield { kind: 'end', databases };
}

function isMissingDatabase(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 404;
}

async function exists(store: Store, name: string): Promise<boolean> {
  try {
    await store.server.request({ db: name });
    return true;
  } catch (error) {
    if (isMissingDatabase(error)) return false;
    throw error;
  }
}

/** The complete archives in `dir`, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const parsed = parseArchiveName(name);
    if (!parsed) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info?.isFile()) files.push({ name, size: info.size, ...parsed });
  }
  return files.sort((a, b) => b.name.localeCompare(a.name));
}

/** One archive by name, or undefined (names other than archives' are never resolved). */
export async function findBackup(
  dir: string,
  name: string,
): Promise<(BackupFile & { file: string }) | undefined> {
  const parsed = parseArchiveName(name);
  if (!parsed) return undefined;
  const file = path.join(dir, name);
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? { name, size: info.size, ...parsed, file } : undefined;
}

/** Deletes an archive; answers what was deleted, or undefined when there was none. */
export async function deleteBackup(dir: string, name: string): Promise<BackupFile | undefined> {
  const found = await findBackup(dir, name);
  if (!found) return undefined;
  await rm(found.file, { force: true });
  const { file: _file, ...backup } = found;
  return backup;
}

/** Keeps the `keep` newest scheduled archives (an admin's own are theirs to delete); answers the deleted. */
export async function pruneScheduled(dir: string, keep: number): Promise<string[]> {
  const scheduled = (await listBackups(dir)).filter((file) => file.trigger === 'scheduled');
  const old = scheduled.slice(keep).map((file) => file.name);
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/** Removes archives left half-written by a service that stopped during a backup. */
export async function removePartials(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) if (isPartialName(name)) await rm(path.join(dir, name), { force: true });
}
