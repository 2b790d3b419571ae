/**
 * Several documents of one database read in one request (`_all_docs` with `keys`), for the admin
 * lists that show, beside each row of a page, a field of another record (a provider's name…).
 */
import type { Store } from '../../store/store';

export async function docsById<T extends object>(
  store: Store,
  db: string,
  ids: readonly string[],
): Promise<Map<string, T & { _id: string; _rev: string }>> {
  const found = new Map<string, T & { _id: string; _rev: string }>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return found;
  const { rows } = await store.db<T>(db).fetch({ keys: unique });
  for (const row of rows) {
    if ('doc' in row && row.doc) found.set(row.id, row.doc as T & { _id: string; _rev: string });
  }
  return found;
}
