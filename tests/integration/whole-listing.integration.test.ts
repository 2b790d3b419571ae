/**
 * A sender's whole recipient list (server/store/whole-listing.ts), on the selected store. A range
 * listing that lags behind the writes, as one copy of a CouchDB cluster's shard can (here a listing
 * that leaves the newest documents out for its first answers), is listed again until it holds the
 * number of documents known to be there, never taken for the whole list; one that never catches up
 * is a 503, and the documents are each read by id, at their last revision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { wholeListing } from '../../server/store/whole-listing';
import { startTestStore } from '../support/test-server';

let store: Store;
const DB = 'whole-listing-tests';

beforeAll(async () => {
  ({ store } = await startTestStore());
  await store.server.db.create(DB).catch(() => undefined);
  const docs = Array.from({ length: 450 }, (_, i) => ({ _id: `d:${String(i).padStart(3, '0')}`, n: i }));
  await store.db(DB).bulk({ docs: [...docs, { _id: 'e:other', n: -1 }] });
});
afterAll(async () => {
  await store?.server.db.destroy(DB).catch(() => undefined);
  await store?.close();
});

/** The store, its listings of DB missing the last `missing()` documents of each answer. */
function lagging(missing: () => number): { store: Store; listings: () => number } {
  let listings = 0;
  const wrapped: Store = {
    ...store,
    db: <T extends object>(name: string) => {
      const scope = store.db<T>(name);
      if (name !== DB) return scope;
      const list = (async (...args: Parameters<typeof scope.list>) => {
        listings += 1;
        const answer = await scope.list(...args);
        const shown = Math.max(0, answer.rows.length - missing());
        return { ...answer, rows: answer.rows.slice(0, shown) };
      }) as typeof scope.list;
      return { ...scope, list };
    },
  };
  return { store: wrapped, listings: () => listings };
}

async function all(from: Store, total: number, catchUpMs?: number) {
  const docs: { _id: string; n: number }[] = [];
  for await (const doc of wholeListing<{ n: number }>(from, DB, 'd:', total, { catchUpMs })) docs.push(doc);
  return docs;
}

describe('a whole listing', () => {
  it('reads every document under the prefix, in id order, at its last revision', async () => {
    const changed = await store.db<{ n: number }>(DB).get('d:201');
    await store.db(DB).insert({ ...changed, n: 2010 });
    const docs = await all(store, 450);
    expect(docs.map((doc) => doc._id)).toEqual(
      Array.from({ length: 450 }, (_, i) => `d:${String(i).padStart(3, '0')}`),
    );
    expect(docs[201]).toMatchObject({ n: 2010 });
  });

  it('lists again while the listing lags behind the documents known to be there', async () => {
    let answers = 0;
    // Three listings (each of three pages) leave the last document of each page out, then none.
    const lag = lagging(() => (answers++ < 9 ? 1 : 0));
    const docs = await all(lag.store, 450);
    expect(docs).toHaveLength(450);
    expect(lag.listings()).toBeGreaterThanOrEqual(12);
  });

  it('answers 503, never a shorter list, when the listing does not catch up', async () => {
    const lag = lagging(() => 1);
    const failure = await all(lag.store, 450, 300).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as StoreError).statusCode).toBe(503);
  });
});
