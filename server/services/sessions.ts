/**
 * Sessions live in the store (`accounts`, one document per session keyed by the SHA-256 of its
 * token), so they survive a restart and are shared by every instance of the service. The token
 * itself only ever exists in the browser's cookie. Each request re-reads the session together with
 * its account, so a ban or a deletion takes effect on the next request.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { accountIds } from '../../src/domain/account';
import type { UserRole } from '../../src/domain/professions';
import { getOrUndefined, upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import type { StoredAccount } from './accounts';

export const SESSION_COOKIE = 'sid';
/** "Remember me": the cookie and the session last 30 days. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie (no Max-Age) still needs a server-side bound. */
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;
const TOKEN_MAX_LENGTH = 100;

export type SessionUser = { uid: string; role: UserRole };

export type SessionDoc = {
  _id: string;
  _rev?: string;
  type: 'session';
  uid: string;
  createdAt: string;
  expiresAt: string;
  persistent: boolean;
  /**
   * Demo mode: the uid of the demo expert's stand-in this session shows (see
   * src/domain/demo-stand-in.ts). The session stays its client's (`uid`): a ban of the client, or
   * the end of the client's sessions, ends it too.
   */
  actingAs?: string;
};

/** What a request's cookie stands for. */
export type SessionState =
  | { kind: 'none' }
  | { kind: 'banned'; account: StoredAccount }
  | {
      kind: 'signed_in';
      account: StoredAccount;
      sessionId: string;
      /** When the session shows a demo expert's stand-in (`account`): the client behind it. */
      actor?: StoredAccount;
    };

/** Stores served in demo mode: only there does a session show a demo expert's stand-in. */
const standInStores = new WeakSet<Store>();

/** Called once by the app in demo mode (see server/services/demo-stand-ins.ts). */
export function allowStandInSessions(store: Store): void {
  standInStores.add(store);
}

export function sessionId(token: string): string {
  return 'session:' + createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  store: Store,
  uid: string,
  options: { remember: boolean },
  now = new Date(),
): Promise<{ token: string; id: string; expiresAt: Date; persistent: boolean }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (options.remember ? REMEMBER_MS : BROWSER_SESSION_MS));
  const doc: SessionDoc = {
    _id: sessionId(token),
    type: 'session',
    uid,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    persistent: options.remember,
  };
  await store.db<SessionDoc>('accounts').insert(doc);
  return { token, id: doc._id, expiresAt, persistent: options.remember };
}

/** The session and account behind a cookie token, read together in one request to the store. */
export async function readSession(store: Store, token: string | undefined): Promise<SessionState> {
  if (!token || token.length > TOKEN_MAX_LENGTH) return { kind: 'none' };
  const id = sessionId(token);
  const db = store.db<SessionDoc>('accounts');
  const session = await getOrUndefined(db, id);
  if (!session || session.type !== 'session' || Date.parse(session.expiresAt) <= Date.now()) {
    return { kind: 'none' };
  }
  const account = await getOrUndefined(store.db<StoredAccount>('accounts'), accountIds.account(session.uid));
  if (!account || account.type !== 'account') return { kind: 'none' };
  if (account.isBanned || account.isActive === false) return { kind: 'banned', account };
  const standIn = session.actingAs ? await standInOf(store, session) : undefined;
  if (standIn) return { kind: 'signed_in', account: standIn, sessionId: id, actor: account };
  return { kind: 'signed_in', account, sessionId: id };
}

/** The stand-in a session shows, when demo mode allows it and it is its client's own. */
async function standInOf(store: Store, session: SessionDoc): Promise<StoredAccount | undefined> {
  if (!standInStores.has(store) || !session.actingAs) return undefined;
  const db = store.db<StoredAccount>('accounts');
  const standIn = await getOrUndefined(db, accountIds.account(session.actingAs));
  return standIn?.type === 'account' && standIn.standInFor?.clientUid === session.uid ? standIn : undefined;
}

/** Shows a stand-in in a session (demo mode), or the session's own user again (`undefined`). */
export async function setActingAs(store: Store, id: string, uid: string | undefined): Promise<void> {
  await upsertDoc<SessionDoc>(store, 'accounts', id, (current) => {
    if (!current || current.type !== 'session' || current.actingAs === uid) return undefined;
    const { actingAs: _previous, ...rest } = current;
    return uid ? { ...rest, actingAs: uid } : rest;
  });
}

/** The signed-in user of a token, or undefined when the session is unknown, expired, or the account banned or gone. */
export async function resolveSession(
  store: Store,
  token: string | undefined,
): Promise<SessionUser | undefined> {
  const state = await readSession(store, token);
  return state.kind === 'signed_in' ? { uid: state.account.uid, role: state.account.role } : undefined;
}

export async function endSession(store: Store, token: string): Promise<void> {
  await removeSessionDoc(store, sessionId(token));
}

async function removeSessionDoc(store: Store, id: string): Promise<void> {
  const db = store.db<SessionDoc>('accounts');
  try {
    const doc = await db.get(id);
    await db.destroy(doc._id, doc._rev);
  } catch {
    // already gone
  }
}

/** Ends every session of a user, except `keep` (the session id of the current request). */
export async function endSessionsOf(store: Store, uid: string, keep?: string): Promise<number> {
  const { rows } = await store.db('accounts').view('sessions', 'by_uid', { key: uid });
  const ids = rows.map((row) => row.id).filter((id) => id !== keep);
  for (const id of ids) await removeSessionDoc(store, id);
  return ids.length;
}

/** The session token of a request, from its cookie. */
export function sessionToken(req: Request): string | undefined {
  return parseCookies(req.headers.cookie).get(SESSION_COOKIE);
}

function cookieOptions(req: Request): CookieOptions {
  // `Secure` when the request came over https (directly, or through the trusted proxy).
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

/** Sets the session cookie: 30 days with "remember me", otherwise a browser-session cookie. */
export function setSessionCookie(req: Request, res: Response, token: string, persistent: boolean) {
  res.cookie(SESSION_COOKIE, token, {
    ...cookieOptions(req),
    ...(persistent ? { maxAge: REMEMBER_MS } : {}),
  });
}

export function clearSessionCookie(req: Request, res: Response) {
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
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
