/**
 * One-time links sent by mail: e-mail verification (48 hours) and password reset (1 hour).
 *
 * A link carries a random token; the store keeps only its SHA-256, as `token:<hash>` in `accounts`
 * with its purpose, the account and the address it was sent to. Using a link deletes its document,
 * so a second use (or two concurrent ones) finds nothing: single use is the store's conflict rule,
 * not a flag. A new link of the same purpose replaces the previous one, so only the newest mail
 * works, and the same address is not sent a second link within a minute.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Account } from '../../src/domain/account';
import { PASSWORD_MIN_LENGTH } from '../../src/domain/constants';
import { isValidEmail, normalizeEmail } from '../../src/domain/email';
import type { MailVariables } from '../../src/domain/mail-templates';
import { PASSWORD_MAX_LENGTH } from '../../src/domain/registration';
import type { Config } from '../config/env';
import { ApiError } from '../http/errors';
import { isConflict, isNotFound } from '../store/store';
import type { Store } from '../store/store';
import { findAccountByEmail, getAccount, updateAccount } from './accounts';
import type { StoredAccount } from './accounts';
import { sendMail } from './mail';
import { composeMail, storedMailTemplates } from './mail-compose';
import { builtInPasswordResetMail, builtInVerificationMail, linkMailVariables } from './mail-templates';
import { hashPassword } from './passwords';
import { endSessionsOf } from './sessions';

export const VERIFICATION_VALID_HOURS = 48;
export const PASSWORD_RESET_VALID_HOURS = 1;
/** A second mail of the same kind to the same account waits this long. */
export const MAIL_RESEND_DELAY_SECONDS = 60;

export type TokenPurpose = 'verify_email' | 'password_reset';

type TokenDoc = {
  _id: string;
  _rev?: string;
  type: 'token';
  purpose: TokenPurpose;
  uid: string;
  emailLower: string;
  createdAt: string;
  expiresAt: string;
};

const validation = (fields: Record<string, string>) =>
  new ApiError(400, 'validation', 'Some fields are not valid.', { fields });

const tokenInvalid = () =>
  new ApiError(400, 'token_invalid', 'This link is invalid, expired or already used.');

function tokenDocId(token: string): string {
  return 'token:' + createHash('sha256').update(token).digest('hex');
}

function tokensDb(store: Store) {
  return store.db<TokenDoc>('accounts');
}

// ---------------------------------------------------------------------------------------------
// E-mail verification

/**
 * Sends the verification mail to the account's address, in its language. Called at registration
 * and by `POST /api/auth/verification/send`. Throws when the mail cannot be sent (SMTP unreachable):
 * registration should keep the account then, since the user can ask for the mail again.
 */
export async function sendVerificationMail(
  store: Store,
  config: Config,
  account: StoredAccount,
): Promise<void> {
  const token = await issueToken(store, 'verify_email', account, VERIFICATION_VALID_HOURS);
  const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const language = account.preferredLanguage;
  const values = linkMailVariables(language, {
    name: account.firstName ?? account.displayName,
    link,
    validHours: VERIFICATION_VALID_HOURS,
  });
  const templates = storedMailTemplates(store);
  const mail = await composeMail(templates, 'verification', language, values, builtInVerificationMail);
  await sendMail(config, { kind: 'verification', to: account.email, ...mail });
}

export type ResendResult =
  { status: 'sent' } | { status: 'already_verified' } | { status: 'wait'; retryAfter: number };

/** A new verification mail for a signed-in user, unless verified already or sent less than a minute ago. */
export async function resendVerificationMail(
  store: Store,
  config: Config,
  uid: string,
  now = new Date(),
): Promise<ResendResult> {
  const account = await getAccount(store, uid);
  if (!account) throw new ApiError(401, 'not_signed_in', 'Sign in first.');
  if (account.isVerifiedEmail) return { status: 'already_verified' };
  const retryAfter = await resendWait(store, uid, 'verify_email', now);
  if (retryAfter > 0) return { status: 'wait', retryAfter };
  await sendVerificationMail(store, config, account);
  return { status: 'sent' };
}

/** Marks the account's address verified; the link works once, and only for the address it was sent to. */
export async function confirmEmailVerification(store: Store, token: unknown): Promise<StoredAccount> {
  const doc = await readToken(store, 'verify_email', token);
  const account = doc && (await getAccount(store, doc.uid));
  if (!doc || !account || account.emailLower !== doc.emailLower) throw tokenInvalid();
  if (!(await consumeToken(store, doc))) throw tokenInvalid();
  const updated = await updateAccount(store, account.uid, (current) => ({
    ...current,
    isVerifiedEmail: true,
  }));
  if (!updated) throw tokenInvalid();
  return updated;
}

// ---------------------------------------------------------------------------------------------
// Password reset

/**
 * Sends a reset link when the address belongs to an active account with a password. Never tells
 * the caller whether it did: the endpoint answers 202 in every case, and runs this after answering so
 * that neither the answer nor its timing shows whether the account exists.
 */
export async function requestPasswordReset(
  store: Store,
  config: Config,
  emailLower: string,
  now = new Date(),
): Promise<'sent' | 'skipped'> {
  await removeExpiredTokens(store, now);
  const account = await findAccountByEmail(store, emailLower);
  // Google-only accounts have no password to reset; banned or closed accounts get nothing.
  if (!account || !account.passwordHash || account.isBanned || account.isActive === false) return 'skipped';
  if ((await resendWait(store, account.uid, 'password_reset', now)) > 0) return 'skipped';
  const token = await issueToken(store, 'password_reset', account, PASSWORD_RESET_VALID_HOURS, now);
  const link = `${config.publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
  const language = account.preferredLanguage;
  const values: MailVariables<'password_reset'> = linkMailVariables(language, {
    name: account.firstName ?? account.displayName,
    link,
    validHours: PASSWORD_RESET_VALID_HOURS,
  });
  const templates = storedMailTemplates(store);
  const mail = await composeMail(templates, 'password_reset', language, values, builtInPasswordResetMail);
  await sendMail(config, { kind: 'password_reset', to: account.email, ...mail });
  return 'sent';
}

/** The e-mail of a reset request, normalised, or the field problem (spec: "Password reset: valid email"). */
export function resetRequestEmail(raw: unknown): string {
  const email = normalizeEmail(typeof raw === 'string' ? raw : '');
  if (!email) throw validation({ email: 'email_required' });
  if (!isValidEmail(email)) throw validation({ email: 'email_invalid' });
  return email;
}

/**
 * Sets a new password from a reset link: the link works once; the address counts as verified (the
 * user just read a mail sent to it); every session of the account ends except `keepSessionId`.
 */
export async function confirmPasswordReset(
  store: Store,
  token: unknown,
  password: unknown,
  keepSessionId?: string,
): Promise<StoredAccount> {
  const problem = newPasswordProblem(password);
  if (problem) throw validation({ password: problem });
  const doc = await readToken(store, 'password_reset', token);
  const account = doc && (await getAccount(store, doc.uid));
  if (!doc || !account || account.emailLower !== doc.emailLower) throw tokenInvalid();
  const passwordHash = await hashPassword(password as string);
  if (!(await consumeToken(store, doc))) throw tokenInvalid();
  const updated = await updateAccount(store, account.uid, (current) => ({
    ...current,
    passwordHash,
    isVerifiedEmail: current.emailLower === doc.emailLower ? true : current.isVerifiedEmail,
  }));
  if (!updated) throw tokenInvalid();
  await endSessionsOf(store, account.uid, keepSessionId);
  return updated;
}

function newPasswordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length === 0) return 'password_required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Tokens

async function issueToken(
  store: Store,
  purpose: TokenPurpose,
  account: Account,
  validHours: number,
  now = new Date(),
): Promise<string> {
  await removeTokens(store, account.uid, purpose);
  const token = randomBytes(32).toString('base64url');
  await tokensDb(store).insert({
    _id: tokenDocId(token),
    type: 'token',
    purpose,
    uid: account.uid,
    emailLower: account.emailLower,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + validHours * 3600_000).toISOString(),
  });
  return token;
}

/** The unexpired token document of `purpose` for a link's token, or undefined. */
async function readToken(store: Store, purpose: TokenPurpose, token: unknown): Promise<TokenDoc | undefined> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return undefined;
  let doc: TokenDoc;
  try {
    doc = await tokensDb(store).get(tokenDocId(token));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  if (doc.type !== 'token' || doc.purpose !== purpose) return undefined;
  if (Date.parse(doc.expiresAt) <= Date.now()) {
    await consumeToken(store, doc);
    return undefined;
  }
  return doc;
}

/** Deletes a token document; false when another request deleted it first. */
async function consumeToken(store: Store, doc: TokenDoc): Promise<boolean> {
  try {
    await tokensDb(store).destroy(doc._id, doc._rev!);
    return true;
  } catch (error) {
    if (isConflict(error) || isNotFound(error)) return false;
    throw error;
  }
}

/**
 * Deletes a batch of expired link tokens and abandoned Google sign-in states (links nobody followed
 * are otherwise kept forever). Cheap enough to run on the requests that create them.
 */
export async function removeExpiredTokens(store: Store, now = new Date(), limit = 50): Promise<number> {
  const db = tokensDb(store);
  const { rows } = await db.view<null>('tokens', 'by_expiry', {
    endkey: now.toISOString(),
    include_docs: true,
    limit,
  });
  const docs = rows
    .map((row) => row.doc)
    .filter((doc): doc is TokenDoc & { _rev: string } => !!doc)
    .map((doc) => ({ _id: doc._id, _rev: doc._rev, _deleted: true }));
  if (docs.length > 0) await db.bulk({ docs: docs as unknown as TokenDoc[] });
  return docs.length;
}

async function tokensOf(store: Store, uid: string, purpose: TokenPurpose) {
  const { rows } = await tokensDb(store).view<string>('tokens', 'by_uid', {
    key: [uid, purpose],
    include_docs: true,
  });
  return rows.map((row) => row.doc).filter((doc): doc is TokenDoc & { _rev: string } => !!doc);
}

async function removeTokens(store: Store, uid: string, purpose: TokenPurpose): Promise<void> {
  const docs = await tokensOf(store, uid, purpose);
  if (docs.length === 0) return;
  await tokensDb(store).bulk({
    docs: docs.map((doc) => ({ _id: doc._id, _rev: doc._rev, _deleted: true })) as unknown as TokenDoc[],
  });
}

/** Seconds before another mail of `purpose` may go to this account (0: now). */
async function resendWait(store: Store, uid: string, purpose: TokenPurpose, now: Date): Promise<number> {
  const latest = Math.max(
    0,
    ...(await tokensOf(store, uid, purpose)).map((doc) => Date.parse(doc.createdAt)),
  );
  const elapsed = (now.getTime() - latest) / 1000;
  return elapsed >= MAIL_RESEND_DELAY_SECONDS ? 0 : Math.ceil(MAIL_RESEND_DELAY_SECONDS - elapsed);
}
