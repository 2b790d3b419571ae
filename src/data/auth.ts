/**
 * The signed-in user and the account operations of `/api/auth`.
 *
 * The session itself is an HttpOnly cookie the page never sees; what the page knows is the user
 * `/api/auth/me` answered, kept in localStorage so that a signed-in user stays signed in (and keeps
 * their data) offline, and so that every tab agrees. It is forgotten on sign-out, on a 401 and when
 * the account is suspended. The user's own database follows the session (see session-sync.ts).
 *
 * Sign-in and registration need the server: offline they fail at once with `offline`. Signing out
 * offline ends the session on the device at once and on the server when the connection returns.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUserView } from '../domain/account';
import { REFERRAL_PARAM } from '../domain/affiliates';
import { normalizeEmail } from '../domain/email';
import type { Language } from '../domain/languages';
import type { ProfileUpdate } from '../domain/profile-fields';
import type { RegistrationByRole, RegistrationRole } from '../domain/registration';
import { USER_ROLES } from '../domain/professions';
import { ApiError, api } from './api';
import { clientContextHeader } from './client-context';
import { forgetPresses } from './favourite-presses';
import { forgetReferralCode, keptReferralCode } from './referral-link';

export type SessionStatus = 'loading' | 'signed_in' | 'signed_out' | 'banned' | 'error';
export type Session = {
  status: SessionStatus;
  user?: SessionUserView;
  /** Whether the server confirmed this user during this visit (false: last known, maybe offline). */
  confirmed: boolean;
  /** Signed out by the user's own action (sign-out, account deleted), not by an expired session. */
  endedByUser?: boolean;
};

const AUTH = '/api/auth';
const USER_KEY = 'sos-expat.user';
const LOGOUT_PENDING_KEY = 'sos-expat.logout-pending';
/**
 * A sign-out whose forgetting of the user's own documents on this device is not done yet: the offline
 * store may not be open when the user signs out (the admin console opens none, a page signs out in its
 * first second), and does it when it opens (session-sync.ts), on this page or a later one.
 */
const FORGET_MINE_KEY = 'sos-expat.forget-mine';

export function ownDocumentsToForget(): boolean {
  try {
    return localStorage.getItem(FORGET_MINE_KEY) === '1';
  } catch {
    return false;
  }
}

export function ownDocumentsForgotten(): void {
  try {
    localStorage.removeItem(FORGET_MINE_KEY);
  } catch {
    // nothing was kept
  }
}

function forgetOwnDocuments(): void {
  // The hearts the user leaving pressed and no page has written yet are theirs too.
  forgetPresses();
  try {
    localStorage.setItem(FORGET_MINE_KEY, '1');
  } catch {
    // nothing to keep it in: an open store forgets them at once all the same
  }
}

// ---------------------------------------------------------------------------------------------
// The session store, outside React so that the data layer can follow it too.

function readStoredUser(): SessionUserView | undefined {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as Partial<SessionUserView> | null;
    const valid =
      user &&
      typeof user.uid === 'string' &&
      typeof user.db === 'string' &&
      typeof user.email === 'string' &&
      (USER_ROLES as readonly unknown[]).includes(user.role);
    return valid ? (user as SessionUserView) : undefined;
  } catch {
    return undefined;
  }
}

function storeUser(user: SessionUserView | undefined) {
  try {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // private mode: the session still works for this tab, without the offline copy
  }
}

function initialSession(): Session {
  const user = typeof localStorage === 'undefined' ? undefined : readStoredUser();
  return user ? { status: 'signed_in', user, confirmed: false } : { status: 'loading', confirmed: false };
}

let session: Session = initialSession();
const listeners = new Set<() => void>();

function publish(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as the page knows it, kept current. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, serverSession);
}

/** A page rendered by the server knows no session: it is hydrated so, then follows the store. */
const SERVER_SESSION: Session = { status: 'loading', confirmed: false };
const serverSession = () => SERVER_SESSION;

function signedIn(user: SessionUserView) {
  storeUser(user);
  publish({ status: 'signed_in', user, confirmed: true });
}

function signedOut(status: 'signed_out' | 'banned' = 'signed_out', endedByUser = false) {
  storeUser(undefined);
  publish({ status, confirmed: true, endedByUser });
}

/** Another tab signed in or out: this one follows. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== USER_KEY) return;
    const user = readStoredUser();
    if (JSON.stringify(user) === JSON.stringify(session.user)) return;
    publish(
      user
        ? { status: 'signed_in', user, confirmed: true }
        : { status: 'signed_out', confirmed: true, endedByUser: true },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Checking the session with the server

/**
 * What a check found: the user, no session, a suspended account, or no answer (`unreachable`:
 * offline or the service down; `timeout`: no answer in time; `failed`: the service erred).
 */
export type SessionCheck =
  | { outcome: 'signed_in'; user: SessionUserView }
  | { outcome: 'signed_out' | 'banned' | 'unreachable' | 'timeout' | 'failed' };

let checking: Promise<SessionCheck> | undefined;

/** Asks `/api/auth/me` who is signed in; concurrent calls share one request. */
export function checkSession(timeoutMs?: number): Promise<SessionCheck> {
  checking ??= runCheck(timeoutMs).finally(() => {
    checking = undefined;
  });
  return checking;
}

async function runCheck(timeoutMs?: number): Promise<SessionCheck> {
  await sendPendingLogout();
  try {
    const { user } = await api<{ user: SessionUserView }>(`${AUTH}/me`, { timeoutMs });
    signedIn(user);
    return { outcome: 'signed_in', user };
  } catch (error) {
    const code = error instanceof ApiError ? error.code : 'server';
    if (code === 'not_signed_in' || (error instanceof ApiError && error.status === 401)) {
      signedOut();
      return { outcome: 'signed_out' };
    }
    if (code === 'account_suspended') {
      signedOut('banned');
      return { outcome: 'banned' };
    }
    // No answer: the last known user stays signed in (offline use); without one, nobody is.
    if (session.status === 'loading') {
      const unreachable = code === 'offline' || code === 'network';
      publish({ status: unreachable ? 'signed_out' : 'error', confirmed: false });
    }
    if (code === 'timeout') return { outcome: 'timeout' };
    return { outcome: code === 'offline' || code === 'network' ? 'unreachable' : 'failed' };
  }
}

// ---------------------------------------------------------------------------------------------
// Sign-in, registration, sign-out

type UserAnswer = { user: SessionUserView };

/** Things to do around a sign-out (the data layer pushes what waits, then forgets the user's data). */
type SignOutHooks = { before: () => Promise<void>; after: () => Promise<void> };
const signOutHooks = new Set<SignOutHooks>();

export function onSignOut(hooks: SignOutHooks): () => void {
  signOutHooks.add(hooks);
  return () => signOutHooks.delete(hooks);
}

export async function signIn(input: {
  email: string;
  password: string;
  remember: boolean;
}): Promise<SessionUserView> {
  const { user } = await api<UserAnswer>(`${AUTH}/login`, {
    body: { email: normalizeEmail(input.email), password: input.password, remember: input.remember },
    headers: clientContextHeader(),
  });
  clearPendingLogout();
  signedIn(user);
  return user;
}

/**
 * Creates an account of the role and signs it in. A client's carries the code of the referral link
 * they came through, if one is kept (referral-link.ts; the service ignores a code it does not know),
 * which is then forgotten: it has done its work.
 */
export async function registerAccount<R extends RegistrationRole>(
  role: R,
  input: RegistrationByRole[R],
  language: Language,
): Promise<SessionUserView> {
  const referralCode = role === 'client' ? keptReferralCode() : undefined;
  const { user } = await api<UserAnswer>(`${AUTH}/register`, {
    body: {
      ...input,
      role,
      email: normalizeEmail(input.email),
      language,
      ...(referralCode ? { referralCode } : {}),
    },
    headers: clientContextHeader(),
  });
  if (referralCode) forgetReferralCode();
  clearPendingLogout();
  signedIn(user);
  return user;
}

export async function signOut(): Promise<void> {
  for (const hooks of signOutHooks) await hooks.before().catch(() => undefined);
  try {
    await api(`${AUTH}/logout`, { method: 'POST', headers: clientContextHeader() });
  } catch (error) {
    const code = error instanceof ApiError ? error.code : 'network';
    if (['offline', 'network', 'timeout', 'server'].includes(code)) markPendingLogout();
  }
  forgetOwnDocuments();
  signedOut('signed_out', true);
  for (const hooks of signOutHooks) await hooks.after().catch(() => undefined);
}

/**
 * Demo mode: the session shows another of the person's accounts (a demo expert's stand-in, or their
 * own again, see src/domain/demo-stand-in.ts). What waits on this device is pushed first, as
 * before a sign-out; the data layer then follows the new user.
 */
export async function switchSessionUser(path: string): Promise<SessionUserView> {
  for (const hooks of signOutHooks) await hooks.before().catch(() => undefined);
  const { user } = await api<UserAnswer>(path, { method: 'POST' });
  signedIn(user);
  return user;
}

function markPendingLogout() {
  try {
    localStorage.setItem(LOGOUT_PENDING_KEY, '1');
  } catch {
    // nothing to keep it in: the server session ends when it expires
  }
}

function clearPendingLogout() {
  try {
    localStorage.removeItem(LOGOUT_PENDING_KEY);
  } catch {
    // see markPendingLogout
  }
}

/** A sign-out made offline reaches the server before anything else asks who is signed in. */
async function sendPendingLogout() {
  if (!logoutPending()) return;
  try {
    await api(`${AUTH}/logout`, { method: 'POST' });
    clearPendingLogout();
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) clearPendingLogout();
  }
}

function logoutPending(): boolean {
  try {
    return localStorage.getItem(LOGOUT_PENDING_KEY) === '1';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// E-mail verification and password reset (links sent by mail)

export async function requestPasswordReset(email: string): Promise<void> {
  await api(`${AUTH}/password-reset/request`, { body: { email: normalizeEmail(email) } });
}

export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  const answer = await api<Partial<UserAnswer> | undefined>(`${AUTH}/password-reset/confirm`, {
    body: { token, password },
  });
  if (answer?.user) signedIn(answer.user);
}

export async function confirmEmail(token: string): Promise<void> {
  const answer = await api<Partial<UserAnswer> | undefined>(`${AUTH}/verification/confirm`, {
    body: { token },
  });
  if (answer?.user) signedIn(answer.user);
  else if (session.status === 'signed_in') await checkSession().catch(() => undefined);
}

export async function resendVerification(): Promise<void> {
  await api(`${AUTH}/verification/send`, { method: 'POST' });
}

// ---------------------------------------------------------------------------------------------
// The account of the signed-in user

export async function updateProfile(update: ProfileUpdate): Promise<SessionUserView> {
  const { user } = await api<UserAnswer>(`${AUTH}/profile`, { method: 'PATCH', body: update });
  signedIn(user);
  return user;
}

export async function changeEmail(password: string, newEmail: string): Promise<void> {
  const answer = await api<Partial<UserAnswer> | undefined>(`${AUTH}/email`, {
    body: { password, newEmail: normalizeEmail(newEmail) },
  });
  if (answer?.user) signedIn(answer.user);
  else await checkSession();
}

export async function changePassword(password: string, newPassword: string): Promise<void> {
  await api(`${AUTH}/password`, { body: { password, newPassword } });
}

/** Deletes the account and everything of it, then forgets it on this device. */
export async function deleteAccount(password: string): Promise<void> {
  await api(`${AUTH}/account`, { method: 'DELETE', body: { password } });
  signedOut('signed_out', true);
  for (const hooks of signOutHooks) await hooks.after().catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Google sign-in (clients only)

/** Whether Google sign-in is configured on this service; false when that cannot be known. */
export async function isGoogleSignInAvailable(): Promise<boolean> {
  try {
    const answer = await api<{ google?: unknown; providers?: unknown }>(`${AUTH}/providers`);
    const google = answer.google;
    if (typeof google === 'boolean') return google;
    if (google && typeof google === 'object') return (google as { enabled?: unknown }).enabled === true;
    return Array.isArray(answer.providers) && answer.providers.includes('google');
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) return false;
  }
  try {
    const health = await api<{ adapters?: { googleSignIn?: unknown } }>('/api/health');
    return health.adapters?.googleSignIn === 'oidc';
  } catch {
    return false;
  }
}

/** Where the browser goes to sign in with Google; the service comes back to `redirect`. */
export function googleSignInUrl(redirect: string | undefined, remember = false): string {
  const query = new URLSearchParams();
  if (redirect) query.set('redirect', redirect);
  if (remember) query.set('remember', '1');
  // A client account this sign-in creates is referred by the affiliate whose link was followed.
  const referral = keptReferralCode();
  if (referral) query.set(REFERRAL_PARAM, referral);
  const text = query.toString();
  return `${AUTH}/google/start${text ? `?${text}` : ''}`;
}
