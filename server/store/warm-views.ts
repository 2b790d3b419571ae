/**
 * CouchDB (and the embedded store) build a view's index on its first query, which on a store with
 * data takes seconds: the first admin to open a list would wait for it. After start, each view of
 * the design documents that `couchdb/databases.json` installs is queried once, one after another,
 * in the background, so the indexes are built before anyone asks. Failures are only reported: a
 * view not warmed is built on first use as before.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from './store';

const COUCHDB_DIR = fileURLToPath(new URL('../../couchdb/', import.meta.url));

type DatabaseSpec = { name: string; design: string[] };
type DesignDoc = { _id: string; views?: Record<string, unknown> };

/** Queries every installed view once (limit 0); answers how many were warmed. */
export async function warmViews(store: Store): Promise<number> {
  const { databases } = JSON.parse(await readFile(path.join(COUCHDB_DIR, 'databases.json'), 'utf8')) as {
    databases: DatabaseSpec[];
  };
  let warmed = 0;
  for (const spec of databases) {
    for (const design of spec.design) {
      const doc = JSON.parse(
        await readFile(path.join(COUCHDB_DIR, 'design', `${design}.json`), 'utf8'),
      ) as DesignDoc;
      const name = doc._id.replace(/^_design\//, '');
      for (const view of Object.keys(doc.views ?? {})) {
        await store.db(spec.name).view(name, view, { limit: 0 });
        warmed += 1;
      }
    }
  }
  return warmed;
}
