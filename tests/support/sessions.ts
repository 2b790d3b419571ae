import type { UserRole } from '../../src/domain/professions';
import { SESSION_COOKIE, accountId, createSession } from '../../server/services/sessions';
import { ensureUserDatabase } from '../../server/services/user-databases';
import type { Store } from '../../server/store/store';

export type TestUser = { uid: string; db: string; cookie: string };

/**
 * Accounts arrive with registration (a later issue): until then tests mint a user the way
 * registration will leave one: an account record, the user's own database, and a session.
 */
export async function mintUser(store: Store, uid: string, role: UserRole = 'client'): Promise<TestUser> {
  await store.db('accounts').insert({ _id: accountId(uid), type: 'account', uid, role, isActive: true });
  const db = await ensureUserDatabase(store, uid);
  const { token } = await createSession(store, uid, { remember: false });
  return { uid, db, cookie: `${SESSION_COOKIE}=${token}` };
}

export async function banUser(store: Store, uid: string): Promise<void> {
  const accounts = store.db<{ isBanned?: boolean }>('accounts');
  const account = await accounts.get(accountId(uid));
  await accounts.insert({ ...account, isBanned: true });
}
