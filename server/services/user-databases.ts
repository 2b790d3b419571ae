import { userDbName } from '../../src/domain/user-db';
import { applySecurity, readSecurity } from '../store/migrate';
import { ensureDatabase } from '../store/store';
import type { Store } from '../store/store';

/** Creates a user's own database with its `_security` (idempotent); returns its name. */
export async function ensureUserDatabase(store: Store, uid: string): Promise<string> {
  const name = userDbName(uid);
  await ensureDatabase(store, name);
  await applySecurity(store, name, await readSecurity('user', uid));
  return name;
}
