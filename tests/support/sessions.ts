import { accountIds, CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import type { Account } from '../../src/domain/account';
import type { UserRole } from '../../src/domain/professions';
import { SESSION_COOKIE, createSession } from '../../server/services/sessions';
import { ensureUserDatabase } from '../../server/services/user-databases';
import type { Store } from '../../server/store/store';

export type TestUser = { uid: string; db: string; cookie: string; email: string };

/** The header every state-changing request of the browser carries (CSRF protection). */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = { [CSRF_HEADER]: CSRF_VALUE };

/**
 * A signed-in user without going through registration (whose password hashing costs ~0.4 s): a
 * real account as registration leaves one (approved, active, e-mail key reserved, no password: it
 * cannot sign in by password), the user's own database, and a session.
 */
export async function mintUser(store: Store, uid: string, role: UserRole = 'client'): Promise<TestUser> {
  const now = new Date().toISOString();
  const email = `${uid.toLowerCase()}@example.test`;
  const account: Account & { _id: string } = {
    _id: accountIds.account(uid),
    type: 'account',
    uid,
    email,
    emailLower: email,
    role,
    provider: 'password',
    displayName: uid,
    firstName: uid,
    preferredLanguage: 'fr',
    isActive: true,
    isApproved: true,
    isBanned: false,
    isVerifiedEmail: true,
    createdAt: now,
    updatedAt: now,
  };
  await store.db('accounts').insert({ _id: accountIds.email(email), type: 'email_key', uid });
  await store.db('accounts').insert(account);
  const db = await ensureUserDatabase(store, uid);
  const { token } = await createSession(store, uid, { remember: false });
  return { uid, db, cookie: `${SESSION_COOKIE}=${token}`, email };
}

export async function banUser(store: Store, uid: string): Promise<void> {
  const accounts = store.db<{ isBanned?: boolean }>('accounts');
  const account = await accounts.get(accountIds.account(uid));
  await accounts.insert({ ...account, isBanned: true });
}

/** A browser's request to the service (CSRF header, session cookie, JSON body), its answer parsed. */
export async function browserCall(
  baseUrl: string,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      ...BROWSER_HEADERS,
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}
