/**
 * Sessions live in the store (`accounts`, one document per session keyed by the SHA-256 of its
 * token), so they survive a restart and are shared by every instance of the service. The token
 * itself only ever exists in the browser's cookie. Each request re-reads the session together with
 * its account, so a ban or a deletion takes effect on the next request.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { UserRole } from '../../src/domain/professions';
import type { Store } from '../store/store';

export const SESSION_COOKIE = 'sid';
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie still needs a server-side bound. */
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;

export type SessionUser = { uid: string; role: UserRole };

type SessionDoc = { type: 'session'; uid: string; createdAt: string; expiresAt: string; persistent: boolean };
type AccountDoc = { type: 'account'; uid: string; role: UserRole; isBanned?: boolean; isActive?: boolean };

export function accountId(uid: string): string {
  return `user:${uid}`;
}

function sessionId(token: string): string {
  return 'session:' + createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  store: Store,
  uid: string,
  options: { remember: boolean },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; persistent: boolean }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (options.remember ? REMEMBER_MS : BROWSER_SESSION_MS));
  const doc: SessionDoc = {
    type: 'session',
    uid,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    persistent: options.remember,
  };
  await store.db<SessionDoc>('accounts').insert({ ...doc, _id: sessionId(token) } as SessionDoc);
  return { token, expiresAt, persistent: options.remember };
}

/** The signed-in user of a token, or undefined when the session is unknown, expired, or the account banned or gone. */
export async function resolveSession(
  store: Store,
  token: string | undefined,
): Promise<SessionUser | undefined> {
  if (!token || token.length > 100) return undefined;
  const db = store.db<SessionDoc>('accounts');
  const { rows } = await db.fetch({ keys: [sessionId(token)] });
  const row = rows[0];
  if (!row || !('doc' in row) || !row.doc) return undefined;
  const session = row.doc as SessionDoc;
  if (Date.parse(session.expiresAt) <= Date.now()) return undefined;
  const accounts = await store.db<AccountDoc>('accounts').fetch({ keys: [accountId(session.uid)] });
  const accountRow = accounts.rows[0];
  if (!accountRow || !('doc' in accountRow) || !accountRow.doc) return undefined;
  const account = accountRow.doc as AccountDoc;
  if (account.isBanned || account.isActive === false) return undefined;
  return { uid: account.uid, role: account.role };
}

export async function endSession(store: Store, token: string): Promise<void> {
  const db = store.db<SessionDoc>('accounts');
  try {
    const doc = await db.get(sessionId(token));
    await db.destroy(doc._id, doc._rev);
  } catch {
    // already gone
  }
}

/** Parses a Cookie header into a map; values are URI-decoded. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}
