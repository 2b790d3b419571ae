/**
 * `npm run restore -- <archive>`: restores a backup archive (DATA_DIR/backups/backup-….ndjson.gz)
 * into the store the service would use: `COUCHDB_URL`, or the embedded store under `DATA_DIR`.
 * The target must be empty (a new data directory, or a CouchDB with no database of ours) and the
 * service stopped: the archive is checked whole first, and nothing is written into a store that
 * already holds data. Start the service afterwards as usual.
 */
import path from 'node:path';
import { readConfig } from '../server/config/env';
import {
  BackupArchiveInvalid,
  RestoreTargetNotEmpty,
  checkArchive,
  restoreArchive,
} from '../server/services/backup/restore';
import { startEmbeddedStore } from '../server/store/embedded';
import { connectStore } from '../server/store/store';

const archive = process.argv[2];
if (!archive || process.argv.length > 3) {
  console.error('Usage: npm run restore -- <archive.ndjson.gz>   (into an empty DATA_DIR, or COUCHDB_URL)');
  process.exit(2);
}
// `npm run` starts in the project's directory: a relative path is the caller's.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), archive);

const { config, problems } = readConfig();
if (problems.length > 0) {
  console.error('Fix these environment variables first:');
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}

try {
  const summary = await checkArchive(file);
  console.log(
    `Archive of ${summary.createdAt} (${summary.trigger}, from the ${summary.store} store): ` +
      `${summary.databases.length} databases.`,
  );
} catch (error) {
  console.error(error instanceof BackupArchiveInvalid ? error.message : error);
  process.exit(1);
}

const store = config.couchdbUrl
  ? connectStore(config.couchdbUrl, 'couchdb')
  : await startEmbeddedStore(config.dataDir).catch((error: unknown) => {
      console.error(
        `Could not open the embedded store under ${config.dataDir} (is the service running?)`,
        error,
      );
      process.exit(1);
    });
console.log(
  config.couchdbUrl ? `Restoring into CouchDB at ${store.origin}` : `Restoring into ${config.dataDir}`,
);
try {
  const summary = await restoreArchive(store, file, {
    onDatabase: (name, docs) => console.log(`  ${name}: ${docs} document revisions`),
  });
  console.log(`Restored ${summary.databases.length} databases. Start the service as usual.`);
} catch (error) {
  console.error(error instanceof RestoreTargetNotEmpty ? error.message : error);
  process.exitCode = 1;
} finally {
  await store.close();
}
