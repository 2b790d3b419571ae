/**
 * The browser's database: one RxDB database on IndexedDB (Dexie storage), created once, here, and
 * never by a component. Collections mirror the store's databases (providers, content, config, and
 * the user's own `mine`), plus the local-only `outbox`. Their schemas come from `src/domain`.
 */
import { createRxDatabase } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { addRxPlugin } from 'rxdb/plugins/core';
import type { RxCollection, RxDatabase, RxStorage } from 'rxdb';
import { configSchema } from '../domain/config';
import type { ConfigDoc } from '../domain/config';
import { contentSchema } from '../domain/content';
import type { ContentDoc } from '../domain/content';
import { mineSchema } from '../domain/mine';
import type { MineDoc } from '../domain/mine';
import { outboxSchema } from '../domain/outbox';
import type { OutboxItem } from '../domain/outbox';
import { providerSchema } from '../domain/provider';
import type { Provider } from '../domain/provider';
import { mineConflictHandler } from './conflict';

addRxPlugin(RxDBLocalDocumentsPlugin);

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
  await db.addCollections({
    providers: { schema: providerSchema },
    content: { schema: contentSchema },
    config: { schema: configSchema },
    mine: { schema: mineSchema, conflictHandler: mineConflictHandler, localDocuments: true },
    outbox: { schema: outboxSchema },
  });
  return db;
}

let browserDatabase: Promise<AppDatabase> | undefined;

/**
 * The app's database on IndexedDB, created on first use. Where IndexedDB cannot be opened (some
 * private modes), the app still works online from a database held in memory for the visit.
 */
export function getDatabase(): Promise<AppDatabase> {
  browserDatabase ??= import('rxdb/plugins/storage-dexie')
    .then(({ getRxStorageDexie }) => createAppDatabase(getRxStorageDexie()))
    .catch(async (error: unknown) => {
      console.warn('IndexedDB is not available; this visit keeps its data in memory only.', error);
      const { getRxStorageMemory } = await import('rxdb/plugins/storage-memory');
      return createAppDatabase(getRxStorageMemory(), DATABASE_NAME, { multiInstance: false });
    });
  return browserDatabase;
}
