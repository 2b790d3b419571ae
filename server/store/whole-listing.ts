/**
 * All the documents under an id prefix, when their number is known: a sender's recipients, once
 * resolved. On a CouchDB cluster a range listing (`_all_docs`) is answered by one copy of each
 * shard, which may not yet have documents written a moment ago, nor their last revisions (DESIGN.md);
 * so the ids are listed again until the listing holds `total` of them, and each document is then
 * read by id (`_all_docs` with `keys`, answered from a quorum of copies). On the embedded store the
 * first listing is whole.
 */
import { StoreError } from './store';
import type { Store } from './store';

/** Ids listed, and documents read, per request. */
const PAGE = 200;
/** How long a listing that lags behind the documents' creation is waited for (copies catch up in moments). */
const CATCH_UP_MS = 30_000;
const CATCH_UP_PAUSE_MS = 200;

/** The ids under `prefix` as the range listing has them now, in order. */
async function listedIds(store: Store, db: string, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let startkey = prefix; ;) {
    const { rows } = await store.db(db).list({ startkey, endkey: `${prefix}\ufff0`, limit: PAGE + 1 });
    ids.push(...rows.slice(0, PAGE).map((row) => row.id));
    if (rows.length <= PAGE) return ids;
    startkey = rows[PAGE]!.id;
  }
}

/**
 * The `total` documents under `prefix` in id order, each read by id, a page at a time. A listing
 * still short of `total` after CATCH_UP_MS is a store that cannot answer now (503: the caller tries
 * again later), never a shorter list.
 */
export async function* wholeListing<T extends object>(
  store: Store,
  db: string,
  prefix: string,
  total: number,
  { catchUpMs = CATCH_UP_MS } = {},
): AsyncGenerator<T & { _id: string; _rev: string }> {
  let ids = await listedIds(store, db, prefix);
  for (const started = Date.now(); ids.length < total; ids = await listedIds(store, db, prefix)) {
    if (Date.now() - started > catchUpMs) {
      throw new StoreError(`Only ${ids.length} of the ${total} documents ${db}/${prefix}… are listed`, 503);
    }
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_PAUSE_MS));
  }
  for (let start = 0; start < ids.length; start += PAGE) {
    const { rows } = await store.db<T>(db).fetch({ keys: ids.slice(start, start + PAGE) });
    for (const row of rows) {
      const doc = 'doc' in row ? row.doc : undefined;
      if (doc) yield doc as T & { _id: string; _rev: string };
    }
  }
}
