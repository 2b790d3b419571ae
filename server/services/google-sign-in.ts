/**
 * Google sign-in for clients, by OpenID Connect with openid-client: authorization code with PKCE,
 * state and nonce. The state, the PKCE verifier and the nonce wait in an `oidc:<state>` document of
 * `accounts` (10 minutes, used once), and the state is also set in a cookie of the browser that
 * started, so a callback carried to another browser (login CSRF) is refused.
 *
 * Outcome (spec sections 4 and 6): a new address becomes an approved, active client with
 * preferredLanguage fr; an existing client is signed in; any other role is refused with
 * `google_clients_only` and gets no session.
 */
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { accountIds } from '../../src/domain/account';
import { withAccountIndex } from '../../src/domain/account-index';
import type { Account } from '../../src/domain/account';
import { isValidEmail, normalizeEmail } from '../../src/domain/email';
import { DEFAULT_LANGUAGE } from '../../src/domain/languages';
import { PROFILE_ID } from '../../src/domain/mine';
import type { Profile } from '../../src/domain/mine';
import type { Config } from '../config/env';
import { isConflict, isNotFound } from '../store/store';
import type { Store } from '../store/store';
import { accountsDb, findAccountByEmail, releaseEmail, reserveEmail } from './accounts';
import type { StoredAccount } from './accounts';
import { displayNameOf } from './registration';
import { ensureUserDatabase } from './user-databases';
import { removeExpiredTokens } from './verification';
import { logError } from '../log';

export const GOOGLE_STATE_COOKIE = 'g_state';
export const GOOGLE_STATE_MAX_AGE_SECONDS = 600;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const GOOGLE_ISSUER = 'https://accounts.google.com';
const NAME_MAX_LENGTH = 80;

type StateDoc = {
  _id: string;
  _rev?: string;
  type: 'oidc_state';
  codeVerifier: string;
  nonce: string;
  redirect: string;
  remember: boolean;
  /** The referral code the browser kept from an affiliate's link (recorded if an account is made). */
  referralCode?: string;
  createdAt: string;
  expiresAt: string;
};

/** A client account made by Google sign-in remembers the provider's subject identifier. */
type GoogleAccount = StoredAccount & { googleSubject?: string };

export type GoogleRefusal =
  'google_unavailable' | 'google_clients_only' | 'google_email_unverified' | 'account_suspended';

export type GoogleOutcome =
  | {
      ok: true;
      account: StoredAccount;
      created: boolean;
      redirect: string;
      remember: boolean;
      referralCode?: string;
    }
  | { ok: false; error: GoogleRefusal; redirect?: string };

export function googleConfigured(config: Config): boolean {
  return config.google !== undefined;
}

export function googleCallbackUrl(config: Config): string {
  return `${config.publicUrl}/api/auth/google/callback`;
}

// Discovery runs once per issuer and client; a failure is forgotten so the next sign-in retries.
const discoveries = new Map<string, Promise<oidc.Configuration>>();

function clientConfiguration(config: Config): Promise<oidc.Configuration> {
  const google = config.google;
  if (!google) return Promise.reject(new Error('Google sign-in is not configured.'));
  const key = `${google.issuer} ${google.clientId}`;
  let discovery = discoveries.get(key);
  if (!discovery) {
    const issuer = new URL(google.issuer);
    discovery = oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, {
      // An http issuer only exists in tests and local setups (env.ts lets operators choose).
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: DISCOVERY_TIMEOUT_SECONDS,
    });
    discovery.catch(() => discoveries.delete(key));
    discoveries.set(key, discovery);
  }
  return discovery;
}

/** The identity provider's authorization URL for a new sign-in, and the state to set in the cookie. */
export async function startGoogleSignIn(
  store: Store,
  config: Config,
  options: { redirect: string; remember: boolean; referralCode?: string },
  now = new Date(),
): Promise<{ authorizationUrl: URL; state: string }> {
  const client = await clientConfiguration(config);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await removeExpiredTokens(store, now);
  await store.db<StateDoc>('accounts').insert({
    _id: `oidc:${state}`,
    type: 'oidc_state',
    codeVerifier,
    nonce,
    redirect: options.redirect,
    remember: options.remember,
    ...(options.referralCode ? { referralCode: options.referralCode } : {}),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + GOOGLE_STATE_MAX_AGE_SECONDS * 1000).toISOString(),
  });
  const parameters: Record<string, string> = {
    redirect_uri: googleCallbackUrl(config),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  // The spec asks to always let the user pick the account: Google knows `select_account`; another
  // provider gets it only if it says so (oidc-provider, for one, refuses a prompt it does not know).
  const prompts = client.serverMetadata().prompt_values_supported;
  if (
    client.serverMetadata().issuer === GOOGLE_ISSUER ||
    (Array.isArray(prompts) && prompts.includes('select_account'))
  ) {
    parameters.prompt = 'select_account';
  }
  return { authorizationUrl: oidc.buildAuthorizationUrl(client, parameters), state };
}

/**
 * Finishes a sign-in from the callback URL: checks state (against the cookie), PKCE and nonce with
 * the provider, then finds or creates the client account. Never throws for the provider's or the
 * user's doing (cancel, expired state, refused role): those come back as an outcome.
 */
export async function finishGoogleSignIn(
  store: Store,
  config: Config,
  callbackUrl: URL,
  cookieState: string | undefined,
): Promise<GoogleOutcome> {
  const state = callbackUrl.searchParams.get('state');
  if (!state || state !== cookieState) return { ok: false, error: 'google_unavailable' };
  const pending = await takeState(store, state);
  if (!pending) return { ok: false, error: 'google_unavailable' };
  const redirect = pending.redirect;
  if (callbackUrl.searchParams.has('error')) return { ok: false, error: 'google_unavailable', redirect };

  let claims: oidc.IDToken | undefined;
  try {
    const client = await clientConfiguration(config);
    // The provider answers on our public address; rebuild the URL on it so redirect_uri matches.
    const current = new URL(googleCallbackUrl(config));
    current.search = callbackUrl.search;
    const tokens = await oidc.authorizationCodeGrant(client, current, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Google puts the address in the ID token; a provider that keeps it for userinfo is asked there.
    if (claims && typeof claims.email !== 'string') {
      const info = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
      claims = { ...info, ...claims };
    }
  } catch (error) {
    logError('[google] sign-in failed:', error instanceof Error ? error.message : error);
    return { ok: false, error: 'google_unavailable', redirect };
  }
  const email = normalizeEmail(typeof claims?.email === 'string' ? claims.email : '');
  if (!claims || !isValidEmail(email)) return { ok: false, error: 'google_unavailable', redirect };
  const emailVerified = claims.email_verified === true;

  const existing = await findAccountByEmail(store, email);
  if (existing) {
    if (existing.role !== 'client') return { ok: false, error: 'google_clients_only', redirect };
    if (existing.isBanned || existing.isActive === false) {
      return { ok: false, error: 'account_suspended', redirect };
    }
    // An address the provider does not vouch for opens only the account this Google identity made.
    if (!emailVerified && (existing as GoogleAccount).googleSubject !== claims.sub) {
      return { ok: false, error: 'google_email_unverified', redirect };
    }
    return { ok: true, account: existing, created: false, redirect, remember: pending.remember };
  }

  const account = await createGoogleClient(store, email, emailVerified, claims);
  if (!account) {
    // Another request registered the address meanwhile: decide again on that account.
    const raced = await findAccountByEmail(store, email);
    if (raced?.role === 'client' && (raced as GoogleAccount).googleSubject === claims.sub) {
      return { ok: true, account: raced, created: false, redirect, remember: pending.remember };
    }
    return {
      ok: false,
      error: raced?.role === 'client' ? 'google_unavailable' : 'google_clients_only',
      redirect,
    };
  }
  return {
    ok: true,
    account,
    created: true,
    redirect,
    remember: pending.remember,
    ...(pending.referralCode ? { referralCode: pending.referralCode } : {}),
  };
}

/** Reads and deletes a pending sign-in; undefined when unknown, expired or already used. */
async function takeState(store: Store, state: string): Promise<StateDoc | undefined> {
  if (state.length > 100) return undefined;
  const db = store.db<StateDoc>('accounts');
  let doc: StateDoc;
  try {
    doc = await db.get(`oidc:${state}`);
    await db.destroy(doc._id, doc._rev!);
  } catch (error) {
    if (isNotFound(error) || isConflict(error)) return undefined;
    throw error;
  }
  if (doc.type !== 'oidc_state' || Date.parse(doc.expiresAt) <= Date.now()) return undefined;
  return doc;
}

/**
 * A new client from the provider's claims: the e-mail key, the account, the user's database and its
 * `profile` document. Undefined when the address was taken meanwhile; anything written is removed
 * when a later step fails.
 */
async function createGoogleClient(
  store: Store,
  emailLower: string,
  emailVerified: boolean,
  claims: oidc.IDToken,
): Promise<StoredAccount | undefined> {
  const uid = randomBytes(16).toString('hex');
  if (!(await reserveEmail(store, emailLower, uid))) return undefined;
  const now = new Date().toISOString();
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, NAME_MAX_LENGTH) : '');
  const firstName =
    text(claims.given_name) || text(claims.name) || emailLower.split('@')[0]!.slice(0, NAME_MAX_LENGTH);
  const lastName = text(claims.family_name) || undefined;
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  const displayName = displayNameOf('client', firstName, lastName);
  const picture =
    typeof claims.picture === 'string' && /^https:\/\//.test(claims.picture) ? claims.picture : undefined;
  const account: GoogleAccount = {
    _id: accountIds.account(uid),
    type: 'account',
    uid,
    email: emailLower,
    emailLower,
    role: 'client',
    provider: 'google',
    displayName,
    firstName,
    ...(lastName ? { lastName } : {}),
    preferredLanguage: DEFAULT_LANGUAGE,
    isActive: true,
    isApproved: true,
    isBanned: false,
    isVerifiedEmail: emailVerified,
    googleSubject: claims.sub,
    createdAt: now,
    updatedAt: now,
  } satisfies Account & { _id: string; googleSubject: string };
  const profile: Profile & { _id: string } = {
    _id: PROFILE_ID,
    id: PROFILE_ID,
    type: 'profile',
    uid,
    role: 'client',
    email: emailLower,
    preferredLanguage: DEFAULT_LANGUAGE,
    firstName,
    ...(lastName ? { lastName } : {}),
    fullName,
    displayName,
    ...(picture && picture.length <= 300 ? { photoURL: picture } : {}),
    languages: [],
    languagesSpoken: [],
    isApproved: true,
    createdAt: now,
    updatedAt: now,
  };
  let dbName: string | undefined;
  try {
    await accountsDb(store).insert(withAccountIndex(account));
    dbName = await ensureUserDatabase(store, uid);
    await store.db(dbName).insert(profile);
    return account;
  } catch (error) {
    if (dbName) await store.server.db.destroy(dbName).catch(() => {});
    await accountsDb(store)
      .get(account._id)
      .then((doc) => accountsDb(store).destroy(doc._id, doc._rev))
      .catch(() => {});
    await releaseEmail(store, emailLower, uid);
    throw error;
  }
}
