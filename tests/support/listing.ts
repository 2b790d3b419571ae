/**
 * Reading back what a listing names. On a CouchDB cluster a listing (`_all_docs`) read right after a
 * write or a deletion may lag behind it for a moment (DESIGN.md), where a read by id never does.
 */
import { getOrUndefined } from '../../server/store/store';
import type { Store } from '../../server/store/store';

/** The ids among `ids` whose document is there, read by id, sorted. */
export async function presentIds(store: Store, db: string, ids: readonly string[]): Promise<string[]> {
  const found = await Promise.all(ids.map((id) => getOrUndefined(store.db(db), id)));
  return found.flatMap((doc) => (doc ? [doc._id] : [])).sort();
}
