/**
 * The browser's database: one RxDB database on IndexedDB (Dexie storage), created once, here, and
 * never by a component. Collections mirror the store's databases (providers, content, config, and
 * the user's own `mine`), plus the local-only `outbox`. Their schemas come from `src/domain`.
 */
import { createRxDatabase, removeCollectionStorages } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { addRxPlugin } from 'rxdb/plugins/core';
import type { RxCollection, RxDatabase, RxStorage } from 'rxdb';
import { configSchema } from '../domain/config';
import type { ConfigDoc } from '../domain/config';
import { contentSchema } from '../domain/content';
import type { ContentDoc } from '../domain/content';
import { LANGUAGES } from '../domain/languages';
import { mineSchema } from '../domain/mine';
import type { MineDoc } from '../domain/mine';
import { outboxSchema } from '../domain/outbox';
import type { OutboxItem } from '../domain/outbox';
import { providerSchema } from '../domain/provider';
import type { Provider } from '../domain/provider';
import { mineConflictHandler } from './conflict';

addRxPlugin(RxDBLocalDocumentsPlugin);
// One tab of the app leads: it alone holds the live feeds' long polls (public-feed.ts, RxDB's replication).
addRxPlugin(RxDBLeaderElectionPlugin);

export type AppCollections = {
  providers: RxCollection<Provider>;
  content: RxCollection<ContentDoc>;
  config: RxCollection<ConfigDoc>;
  mine: RxCollection<MineDoc>;
  outbox: RxCollection<OutboxItem>;
};
export type AppDatabase = RxDatabase<AppCollections>;

export const DATABASE_NAME = 'sos-expat';

export async function createAppDatabase(
  storage: RxStorage<unknown, unknown>,
  name = DATABASE_NAME,
  options: { multiInstance?: boolean } = {},
): Promise<AppDatabase> {
  const db = await createRxDatabase<AppCollections>({
    name,
    storage,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    localDocuments: true,
    allowSlowCount: true,
    closeDuplicates: true,
  });
  const creators = {
    providers: { schema: providerSchema },
    content: { schema: contentSchema },
    config: { schema: configSchema },
    mine: { schema: mineSchema, conflictHandler: mineConflictHandler, localDocuments: true },
    outbox: { schema: outboxSchema },
  };
  // One collection at a time, each in a task of its own: created together, their setup ran as one
  // chain of microtasks of 100-140 ms at 4x CPU, right after a first visit's page had painted.
  for (const [collection, creator] of Object.entries(creators)) {
    await nextTask();
    for (let dropped = false; ; dropped = true) {
      try {
        await db.addCollections({ [collection]: creator });
        break;
      } catch (error) {
        if (dropped || staleCacheCollection(error) !== collection) throw error;
        await dropCollection(db, collection);
      }
    }
  }
  return db;
}

/** Lets the browser paint and answer input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * RxDB sorts each schema's keys with `localeCompare`, and the first comparison of a page builds
 * ICU's collator: about 19 ms of CPU in Chromium on this machine, some 75 ms on a phone, which
 * landed inside the first collection's setup and made it one long task. Built here, on its own.
 */
function warmCollator(): void {
  'a'.localeCompare('b');
}

/**
 * Collections that only mirror public databases: when a new release changes one of their schemas,
 * the copy on the device is dropped and pulled again (with its replication checkpoint) rather than
 * migrated. `mine` and `outbox` hold the user's unsent work and are never dropped this way.
 */
const CACHE_COLLECTIONS = ['providers', 'content', 'config'];

/** The cache collection named by an RxDB "same version, different schema" error (DB6), if any. */
function staleCacheCollection(error: unknown): string | undefined {
  const rx = error as { code?: string; parameters?: { collection?: string } };
  const name = rx.code === 'DB6' ? rx.parameters?.collection : undefined;
  return name && CACHE_COLLECTIONS.includes(name) ? name : undefined;
}

async function dropCollection(db: AppDatabase, name: string): Promise<void> {
  console.info(`The local copy of "${name}" has an older shape; it is downloaded again.`);
  await removeCollectionStorages(
    db.storage,
    db.internalStore,
    db.token,
    db.name,
    name,
    db.multiInstance,
    db.password,
    db.hashFunction,
  );
  // Its copy is no longer whole (replication.ts, PublicCollectionSync.readable), and is pulled from
  // the start: the whole collection's marks, and those of its parts (`content` in each language).
  for (const part of [name, ...LANGUAGES.map((language) => `${name}-${language}`)]) {
    await (await db.getLocal(wholeCopyMark(part)))?.remove();
    await (await db.getLocal(pullCheckpointMark(part)))?.remove();
  }
}

/** The database's local document saying that a public collection's copy was once whole. */
export const wholeCopyMark = (collection: string) => `pulled-${collection}`;

/** The database's local document holding the sequence a public collection's last pull ended at (public-feed.ts). */
export const pullCheckpointMark = (collection: string) => `pull-checkpoint-${collection}`;

/** The database's local document counting the pulls' writes to a public collection (public-feed.ts). */
export const pullWritesMark = (collection: string) => `pull-writes-${collection}`;

let browserDatabase: Promise<AppDatabase> | undefined;

/**
 * Dexie without its live queries' machinery, which RxDB does not use (it follows its own changes,
 * across tabs on its own channel): else every write also computes the key ranges it touched, keeps
 * a query cache current and broadcasts the ranges to every tab. Dexie's share of a first visit's
 * script time fell by about a sixth without it (921-1,000 to 784-799 ms, profile of `/` at 4× CPU).
 */
const DEXIE_SETTINGS = {
  cache: 'disabled' as const,
  onCreate(dexie: { unuse(middleware: { stack: 'dbcore'; name: string }): unknown }) {
    dexie.unuse({ stack: 'dbcore', name: 'Observability' });
    dexie.unuse({ stack: 'dbcore', name: 'Cache' });
  },
};

/**
 * The app's database on IndexedDB, created on first use. Where IndexedDB cannot be opened (some
 * private modes), the app still works online from a database held in memory for the visit.
 */
export function getDatabase(): Promise<AppDatabase> {
  browserDatabase ??= import('rxdb/plugins/storage-dexie')
    .then(async ({ getRxStorageDexie }) => {
      // Each its own task: Dexie's module just evaluated, ICU's collator, then the database.
      await nextTask();
      warmCollator();
      await nextTask();
      return createAppDatabase(getRxStorageDexie(DEXIE_SETTINGS));
    })
    .catch(async (error: unknown) => {
      console.warn('IndexedDB is not available; this visit keeps its data in memory only.', error);
      const { getRxStorageMemory } = await import('rxdb/plugins/storage-memory');
      return createAppDatabase(getRxStorageMemory(), DATABASE_NAME, { multiInstance: false });
    });
  return browserDatabase;
}
