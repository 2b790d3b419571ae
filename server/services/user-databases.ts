import { userDbName } from '../../src/domain/user-db';
import { applySecurity, readSecurity } from '../store/migrate';
import { ensureDatabase } from '../store/store';
import type { Store } from '../store/store';

/** A user's database holds one person's documents: one shard on a CouchDB cluster. */
export const USER_DB_SHARDS = 1;

/** Creates a user's own database with its `_security` (idempotent); returns its name. */
export async function ensureUserDatabase(store: Store, uid: string): Promise<string> {
  const name = userDbName(uid);
  await ensureDatabase(store, name, USER_DB_SHARDS);
  await applySecurity(store, name, await readSecurity('user', uid));
  return name;
}
