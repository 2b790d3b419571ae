/**
 * Restores a backup archive (archive.ts) into an EMPTY store: the embedded one of a new data
 * directory, or a CouchDB holding no database but its system ones. Refusing anything else keeps a
 * restore from mixing two histories, or overwriting what it was meant to save.
 *
 * The archive is read twice: once whole to check it (format, every database ended with its count,
 * the last line present: a truncated or corrupt file is refused before anything is written), then
 * to write. Documents are written with their revisions as they were (`new_edits: false`), so
 * revision ids, histories, conflicts, deletions and attachments come back as they were, and the
 * lines of a document written twice during the backup merge into one tree, the newest winning.
 */
import { isUserDbName } from '../../../src/domain/user-db';
import { ensureDatabase } from '../../store/store';
import { USER_DB_SHARDS } from '../user-databases';
import type { Store } from '../../store/store';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, readArchive } from './archive';
import type { ArchivedDoc, BackupTrigger } from './archive';
import { listDatabases } from './snapshot';

/** Documents per write, and a ceiling on a write's size (attachments are inline). */
const BATCH_DOCS = 100;
const BATCH_BYTES = 8 * 1024 * 1024;

export class BackupArchiveInvalid extends Error {
  constructor(message: string) {
    super(`Not a complete backup archive: ${message}`);
    this.name = 'BackupArchiveInvalid';
  }
}

export class RestoreTargetNotEmpty extends Error {
  constructor(readonly databases: string[]) {
    super(
      `The target store is not empty (it holds ${databases.slice(0, 5).join(', ')}` +
        `${databases.length > 5 ? ', …' : ''}): restore only into an empty data directory or an empty CouchDB.`,
    );
    this.name = 'RestoreTargetNotEmpty';
  }
}

export type ArchiveSummary = {
  createdAt: string;
  trigger: BackupTrigger;
  store: string;
  databases: { name: string; docs: number }[];
};

/** Reads the whole archive and answers what it holds, or throws `BackupArchiveInvalid`. */
export async function checkArchive(file: string): Promise<ArchiveSummary> {
  let summary: ArchiveSummary | undefined;
  let open: { name: string; docs: number } | undefined;
  const ended: { name: string; docs: number }[] = [];
  let finished = false;
  try {
    for await (const line of readArchive(file)) {
      if (finished) throw new BackupArchiveInvalid('lines after the end');
      if (!summary) {
        if (line.kind !== 'manifest' || line.format !== ARCHIVE_FORMAT) {
          throw new BackupArchiveInvalid('no manifest');
        }
        if (line.formatVersion !== ARCHIVE_FORMAT_VERSION) {
          throw new BackupArchiveInvalid(`format version ${String(line.formatVersion)} is not known`);
        }
        summary = { createdAt: line.createdAt, trigger: line.trigger, store: line.store, databases: [] };
        continue;
      }
      switch (line.kind) {
        case 'database':
          if (open) throw new BackupArchiveInvalid(`database ${open.name} not ended`);
          if (typeof line.name !== 'string' || !line.name || line.name.startsWith('_')) {
            throw new BackupArchiveInvalid('a database without a valid name');
          }
          open = { name: line.name, docs: 0 };
          break;
        case 'doc':
          if (!open || line.db !== open.name)
            throw new BackupArchiveInvalid('a document outside its database');
          if (typeof line.doc?._id !== 'string' || typeof line.doc._rev !== 'string') {
            throw new BackupArchiveInvalid(`a document of ${open.name} without id or revision`);
          }
          open.docs += 1;
          break;
        case 'database_end':
          if (!open || line.name !== open.name || line.docs !== open.docs) {
            throw new BackupArchiveInvalid(`database ${line.name} ends with a wrong count`);
          }
          ended.push(open);
          open = undefined;
          break;
        case 'end':
          if (open) throw new BackupArchiveInvalid(`database ${open.name} not ended`);
          if (JSON.stringify(line.databases) !== JSON.stringify(ended)) {
            throw new BackupArchiveInvalid('the databases listed at the end differ from those found');
          }
          finished = true;
          break;
        default:
          throw new BackupArchiveInvalid('an unknown line');
      }
    }
  } catch (error) {
    if (error instanceof BackupArchiveInvalid) throw error;
    throw new BackupArchiveInvalid(error instanceof Error ? error.message : String(error));
  }
  if (!summary || !finished) throw new BackupArchiveInvalid('it is cut short (no end line)');
  return { ...summary, databases: ended };
}

/** Restores `file` into `store`, which must be empty; answers what was restored. */
export async function restoreArchive(
  store: Store,
  file: string,
  { onDatabase }: { onDatabase?: (name: string, docs: number) => void } = {},
): Promise<ArchiveSummary> {
  const summary = await checkArchive(file);
  const present = await listDatabases(store);
  if (present.length > 0) throw new RestoreTargetNotEmpty(present);

  let batch: ArchivedDoc[] = [];
  let bytes = 0;
  let current = '';
  const flush = async () => {
    if (batch.length === 0) return;
    const results = (await store.server.request({
      db: current,
      path: '_bulk_docs',
      method: 'POST',
      body: { docs: batch, new_edits: false },
    })) as { id?: string; error?: string; reason?: string }[];
    const failed = results.filter((result) => result.error);
    if (failed.length) throw new Error(`Restoring ${current} failed: ${JSON.stringify(failed.slice(0, 3))}`);
    batch = [];
    bytes = 0;
  };
  for await (const line of readArchive(file)) {
    if (line.kind === 'database') {
      current = line.name;
      await ensureDatabase(store, line.name, isUserDbName(line.name) ? USER_DB_SHARDS : undefined);
      await store.server.request({ db: line.name, path: '_security', method: 'PUT', body: line.security });
    } else if (line.kind === 'doc') {
      const size = JSON.stringify(line.doc).length;
      if (batch.length >= BATCH_DOCS || (batch.length > 0 && bytes + size > BATCH_BYTES)) await flush();
      batch.push(line.doc);
      bytes += size;
    } else if (line.kind === 'database_end') {
      await flush();
      onDatabase?.(line.name, line.docs);
    }
  }
  return summary;
}
