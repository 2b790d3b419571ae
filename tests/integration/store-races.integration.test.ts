/**
 * The store's write primitives under races (issue 15), on whichever store the suite runs on: on a
 * CouchDB cluster a losing concurrent write may be answered 202 instead of 409 and leave a conflicted
 * document (server/store/quorum-write.ts). Many writers create one document at once: exactly one is
 * told it created it, and the document holds that one's content with no conflict left. Many writers
 * add one to a counter at once through `upsertDoc`: the counter ends at their number, with no
 * conflict left. Many rounds each, so that a cluster's races have their chances. And a user's own
 * database is one shard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUserDatabase } from '../../server/services/user-databases';
import { createOnce, upsertDoc } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { testStoreKind } from '../support/store-selection';
import { startTestStore } from '../support/test-server';

let store: Store;
const DB = 'race-tests';

beforeAll(async () => {
  ({ store } = await startTestStore());
  await store.server.db.create(DB).catch(() => undefined);
  // Where a CouchDB cluster keeps the locks of read-modify-writes (server/store/lock.ts).
  await store.server.db.create('admin').catch(() => undefined);
});
afterAll(async () => {
  await store?.server.db.destroy(DB).catch(() => undefined);
  await store?.close();
});

type Counter = { _id: string; count: number; writers: string[] };

async function conflictsOf(id: string): Promise<string[]> {
  const doc = (await store.db(DB).get(id, { conflicts: true })) as { _conflicts?: string[] };
  return doc._conflicts ?? [];
}

describe('the store’s writes under races', () => {
  it('lets exactly one of many concurrent creations of an id create it', async () => {
    for (let round = 0; round < 15; round++) {
      const id = `claim-${round}`;
      const writers = Array.from({ length: 6 }, (_, i) => `writer-${i}`);
      const created = await Promise.all(writers.map((writer) => createOnce(store, DB, { _id: id, writer })));
      const winners = writers.filter((_, i) => created[i]);
      expect(winners, `round ${round}`).toHaveLength(1);
      const doc = (await store.db<{ writer: string }>(DB).get(id)) as { writer: string };
      expect(doc.writer, `round ${round}`).toBe(winners[0]);
      expect(await conflictsOf(id), `round ${round}`).toEqual([]);
    }
  });

  it('counts every one of many concurrent read-modify-writes once', async () => {
    for (let round = 0; round < 5; round++) {
      const id = `counter-${round}`;
      const writers = Array.from({ length: 6 }, (_, i) => `writer-${i}`);
      await Promise.all(
        writers.map((writer) =>
          upsertDoc<Counter>(store, DB, id, (current) => ({
            _id: id,
            count: (current?.count ?? 0) + 1,
            writers: [...(current?.writers ?? []), writer],
          })),
        ),
      );
      const doc = (await store.db<Counter>(DB).get(id)) as Counter;
      expect([doc.count, [...doc.writers].sort()], `round ${round}`).toEqual([writers.length, writers]);
      expect(await conflictsOf(id), `round ${round}`).toEqual([]);
    }
  });

  it('creates a user’s own database as one shard on a cluster', async () => {
    const name = await ensureUserDatabase(store, `shards-${Date.now()}`);
    const info = (await store.server.request({ db: name })) as { cluster?: { q?: number } };
    if (testStoreKind() === 'couchdb') expect(info.cluster?.q).toBe(1);
    else expect(info).toMatchObject({ db_name: name });
    await store.server.db.destroy(name);
  });
});
