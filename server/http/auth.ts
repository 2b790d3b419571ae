/**
 * `/api/auth`: registration, sign-in and sign-out, the current user, sign-in methods of an
 * address, change of e-mail and password (after re-authentication by password), profile update,
 * photo upload and account deletion; and `GET /api/photos/:id`. The mail links (verification,
 * password reset) are in auth-mail.ts.
 *
 * Every error is `{ error: { code, message, fields?, retryAfter? } }`; codes are listed in
 * `.tmp/auth-contract.md` and translated by the browser (`auth.errors.<code>`).
 *
 * Password checks go through the sign-in throttle (sign-in-throttle.ts): delays per account and
 * address, caps per address and per account, the account cap waived for the account's known devices.
 * Nothing here tells a stranger whether an address has an account: sign-in answers the same,
 * `/methods` answers the same unless the caller is signed in as that address, and the spec's "address
 * already used" answers of registration are few per address, then 429 for any address.
 */
import express from 'express';
import type { Request, Response, Router } from 'express';
import { PASSWORD_MIN_LENGTH } from '../../src/domain/constants';
import { isValidEmail, normalizeEmail } from '../../src/domain/email';
import { isProviderRole } from '../../src/domain/mine';
import { isRegistrationRole, PASSWORD_MAX_LENGTH } from '../../src/domain/registration';
import { loginProblems } from '../../src/domain/sign-in';
import type { Config } from '../config/env';
import { deleteAccount } from '../services/account-deletion';
import {
  findAccountByEmail,
  releaseEmail,
  reserveEmail,
  sessionUserView,
  updateAccount,
} from '../services/accounts';
import type { StoredAccount } from '../services/accounts';
import { logAuthEvent } from '../services/auth-log';
import { hashPassword, verifyPassword } from '../services/passwords';
import {
  PHOTO_KINDS,
  PHOTO_MAX_BYTES,
  photoUrl,
  readPublicPhoto,
  sniffType,
  storePhoto,
} from '../services/photos';
import type { PhotoKind } from '../services/photos';
import { setOffline, setProfileEmail, updateProfile } from '../services/profile';
import { knownDeviceCookie, setKnownDeviceCookie } from '../services/known-device';
import { addressKey } from '../services/rate-limit';
import type { Limiters } from '../services/rate-limit';
import { recordReferral } from '../services/affiliates/referrals';
import { registerAccount, ValidationFailure } from '../services/registration';
import {
  clearSessionCookie,
  createSession,
  endSession,
  endSessionsOf,
  readSession,
  sessionToken,
  setSessionCookie,
} from '../services/sessions';
import type { SessionState } from '../services/sessions';
import type { SignInAttempt } from '../services/sign-in-throttle';
import { sendVerificationMail } from '../services/verification';
import type { Store } from '../store/store';
import { ApiError } from './errors';
import { jsonBody } from './json-body';
import { logError } from '../log';

/** How long a request waits for the verification mail before answering anyway (it goes on after). */
const MAIL_WAIT_MS = 5000;

const json = jsonBody('64kb');

function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const invalidCredentials = (status: 401 | 403) =>
  new ApiError(status, 'invalid_credentials', 'The e-mail or the password is wrong.');
const suspended = () => new ApiError(403, 'account_suspended', 'This account is suspended.');
const rateLimited = (retryAfter: number) =>
  new ApiError(429, 'rate_limited', 'Too many attempts; wait before trying again.', { retryAfter });

/** The codes that say an address already has an account (spec section 8), counted per caller's address. */
const EMAIL_TAKEN_CODES = new Set([
  'email_in_use_password',
  'email_in_use_google',
  'email_in_use_provider',
  'email_taken',
]);

export function authRouter(store: Store, config: Config, limiters: Limiters): Router {
  const router = express.Router();

  /** The session of the request: read once by the rate limiter, or here. */
  async function session(req: Request, res: Response): Promise<SessionState> {
    const known = res.locals.session as SessionState | undefined;
    if (known) return known;
    const state = await readSession(store, sessionToken(req));
    res.locals.session = state;
    return state;
  }

  async function signedIn(req: Request, res: Response) {
    const state = await session(req, res);
    if (state.kind === 'banned') throw suspended();
    if (state.kind === 'none') throw new ApiError(401, 'not_signed_in', 'Sign in first.');
    return state;
  }

  /** A password attempt on the account of `emailLower` (`account` when it exists) from this request. */
  function attemptOf(req: Request, emailLower: string, account: StoredAccount | undefined): SignInAttempt {
    return {
      account: emailLower,
      address: addressKey(req.ip),
      knownDevice: account !== undefined && limiters.knownDevices.knows(knownDeviceCookie(req), account.uid),
    };
  }

  /** Starts a password attempt, or refuses it with the delay the throttle gives. */
  function beginAttempt(attempt: SignInAttempt) {
    const verdict = limiters.signIn.begin(attempt);
    if (!verdict.ok) throw rateLimited(verdict.retryAfter);
  }

  /** After a right password: this browser is a device the account knows (for the account-wide cap). */
  function rememberDevice(req: Request, res: Response, uid: string) {
    setKnownDeviceCookie(req, res, limiters.knownDevices.add(knownDeviceCookie(req), uid));
  }

  /** Re-authentication by password before a sensitive change; throttled like sign-in attempts. */
  async function reauthenticate(req: Request, account: StoredAccount, password: unknown) {
    const attempt = attemptOf(req, account.emailLower, account);
    beginAttempt(attempt);
    const ok =
      typeof password === 'string' &&
      password.length <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(password, account.passwordHash));
    if (!ok) {
      await logAuthEvent(store, req, 'login_failed', { uid: account.uid, reason: 'reauthentication' });
      throw invalidCredentials(403);
    }
    limiters.signIn.succeeded(attempt);
  }

  /** Refused while the caller's address has had its share of "address already used" answers. */
  function checkEmailTakenBudget(req: Request) {
    const verdict = limiters.emailTakenAnswers.check(addressKey(req.ip));
    if (!verdict.ok) throw rateLimited(verdict.retryAfter);
  }

  /** Counts an "address already used" answer; past the limit it becomes a 429 (checked before too, for races). */
  function countEmailTaken(req: Request, error: unknown): unknown {
    if (!(error instanceof ApiError) || !EMAIL_TAKEN_CODES.has(error.code)) return error;
    const verdict = limiters.emailTakenAnswers.hit(addressKey(req.ip));
    return verdict.ok ? error : rateLimited(verdict.retryAfter);
  }

  /** Sets the new session's cookie; a session the browser held before ends (one session per cookie). */
  async function replaceSession(req: Request, res: Response, token: string, persistent: boolean) {
    const previous = sessionToken(req);
    if (previous) await endSession(store, previous);
    setSessionCookie(req, res, token, persistent);
  }

  /** The verification mail, waited for a few seconds at most: a slow mail server never holds the answer. */
  async function verificationMail(account: StoredAccount) {
    const sending = sendVerificationMail(store, config, account).catch((error: unknown) => {
      logError('[auth] verification mail not sent:', error);
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([sending, new Promise((resolve) => (timer = setTimeout(resolve, MAIL_WAIT_MS)))]);
    clearTimeout(timer);
  }

  router.post('/register', json, async (req, res) => {
    const input = body(req);
    const role = input.role;
    // Admin accounts are created by a command, never by the public form.
    if (!isRegistrationRole(role)) throw new ApiError(400, 'role_invalid', 'The role is missing or invalid.');
    // Past the limit every registration from the address waits, so the 429 says nothing of the address.
    checkEmailTakenBudget(req);
    const { account, token, persistent } = await registerAccount(store, role, input).catch(
      (error: unknown) => {
        throw countEmailTaken(req, error);
      },
    );
    await replaceSession(req, res, token, persistent);
    rememberDevice(req, res, account.uid);
    if (account.role === 'client' && input.referralCode !== undefined) {
      // The affiliate whose link brought the client: a fact of the sign-up, never a reason to fail it.
      await recordReferral(store, {
        clientUid: account.uid,
        clientEmail: account.emailLower,
        code: input.referralCode,
      }).catch((error: unknown) => logError('[auth] referral not recorded:', error));
    }
    await verificationMail(account);
    await logAuthEvent(store, req, 'register', { uid: account.uid, role: account.role });
    res.status(201).json({ user: sessionUserView(account) });
  });

  router.post('/login', json, async (req, res) => {
    const input = body(req);
    const problems = loginProblems(input);
    if (problems.form) throw new ApiError(400, problems.form, 'E-mail and password are required.');
    if (Object.keys(problems.fields).length > 0) throw new ValidationFailure(problems.fields);
    const emailLower = normalizeEmail(input.email as string);
    const password = input.password as string;
    // Read before the throttle decides: whether this is a device the account knows depends on it.
    const account = await findAccountByEmail(store, emailLower);
    const attempt = attemptOf(req, emailLower, account);
    try {
      beginAttempt(attempt);
    } catch (error) {
      await logAuthEvent(store, req, 'login_failed', { reason: 'rate_limited' });
      throw error;
    }
    const ok =
      password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(password, account?.passwordHash));
    if (!account || !ok) {
      await logAuthEvent(store, req, 'login_failed', {
        ...(account ? { uid: account.uid } : {}),
        reason: account ? 'wrong_password' : 'unknown_account',
      });
      // One answer for an unknown address and a wrong password: never says which part was wrong.
      throw invalidCredentials(401);
    }
    // The right password: not a guess, whatever comes next.
    limiters.signIn.succeeded(attempt);
    if (account.isBanned || account.isActive === false) {
      await logAuthEvent(store, req, 'login_failed', { uid: account.uid, reason: 'suspended' });
      throw suspended();
    }
    const created = await createSession(store, account.uid, { remember: input.remember === true });
    const updated =
      (await updateAccount(store, account.uid, (current) => ({
        ...current,
        lastLoginAt: new Date().toISOString(),
      }))) ?? account;
    await replaceSession(req, res, created.token, created.persistent);
    rememberDevice(req, res, account.uid);
    await logAuthEvent(store, req, 'login', {
      uid: account.uid,
      role: account.role,
      remember: created.persistent,
    });
    res.status(200).json({ user: sessionUserView(updated) });
  });

  router.post('/logout', async (req, res) => {
    const state = await session(req, res);
    const token = sessionToken(req);
    if (token) await endSession(store, token);
    clearSessionCookie(req, res);
    if (state.kind !== 'none') {
      const { uid, role } = state.account;
      if (isProviderRole(role)) await setOffline(store, uid);
      await logAuthEvent(store, req, 'logout', { uid, role });
    }
    res.status(204).end();
  });

  router.get('/me', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const state = await signedIn(req, res);
    res.json({ user: sessionUserView(state.account) });
  });

  /**
   * The sign-in methods of an address. Only a caller signed in as that address (who proved control
   * of it) learns the account's own; anyone else gets the methods the platform offers, the same for
   * every address, so the answer never tells whether an account exists.
   */
  router.post('/methods', json, async (req, res) => {
    const verdict = limiters.methodsLookups.hit(addressKey(req.ip));
    if (!verdict.ok) throw rateLimited(verdict.retryAfter);
    const email = normalizeEmail(typeof body(req).email === 'string' ? (body(req).email as string) : '');
    if (!email) throw new ValidationFailure({ email: 'email_required' });
    if (!isValidEmail(email)) throw new ValidationFailure({ email: 'email_invalid' });
    const state = await session(req, res);
    if (state.kind !== 'signed_in' || state.account.emailLower !== email) {
      res.json({ methods: config.google ? ['password', 'google'] : ['password'] });
      return;
    }
    const methods: string[] = [];
    if (state.account.passwordHash) methods.push('password');
    if (state.account.provider === 'google') methods.push('google');
    res.json({ methods });
  });

  router.post('/email', json, async (req, res) => {
    const { account } = await signedIn(req, res);
    const input = body(req);
    await reauthenticate(req, account, input.password);
    const newEmail = normalizeEmail(typeof input.newEmail === 'string' ? input.newEmail : '');
    if (!newEmail) throw new ValidationFailure({ newEmail: 'email_required' });
    if (!isValidEmail(newEmail)) throw new ValidationFailure({ newEmail: 'email_invalid' });
    if (newEmail === account.emailLower) {
      res.json({ user: sessionUserView(account) });
      return;
    }
    checkEmailTakenBudget(req);
    if (!(await reserveEmail(store, newEmail, account.uid))) {
      throw countEmailTaken(req, new ApiError(409, 'email_taken', 'This e-mail is already used.'));
    }
    let updated: StoredAccount | undefined;
    try {
      updated = await updateAccount(store, account.uid, (current) => ({
        ...current,
        email: newEmail,
        emailLower: newEmail,
        isVerifiedEmail: false,
      }));
    } catch (error) {
      await releaseEmail(store, newEmail, account.uid);
      throw error;
    }
    if (!updated) throw new ApiError(401, 'not_signed_in', 'Sign in first.');
    await releaseEmail(store, account.emailLower, account.uid);
    await setProfileEmail(store, account.uid, newEmail);
    await verificationMail(updated);
    await logAuthEvent(store, req, 'email_changed', { uid: account.uid });
    res.json({ user: sessionUserView(updated) });
  });

  router.post('/password', json, async (req, res) => {
    const state = await signedIn(req, res);
    const input = body(req);
    await reauthenticate(req, state.account, input.password);
    const newPassword = input.newPassword;
    const problem =
      typeof newPassword !== 'string' || !newPassword
        ? 'password_required'
        : newPassword.length < PASSWORD_MIN_LENGTH
          ? 'password_too_short'
          : newPassword.length > PASSWORD_MAX_LENGTH
            ? 'too_long'
            : undefined;
    if (problem) throw new ValidationFailure({ newPassword: problem });
    const passwordHash = await hashPassword(newPassword as string);
    await updateAccount(store, state.account.uid, (current) => ({ ...current, passwordHash }));
    // Other devices signed in with the old password are signed out; this one stays.
    await endSessionsOf(store, state.account.uid, state.sessionId);
    await logAuthEvent(store, req, 'password_changed', { uid: state.account.uid });
    res.status(204).end();
  });

  router.patch('/profile', json, async (req, res) => {
    const { account } = await signedIn(req, res);
    const { account: updated, profile } = await updateProfile(store, account, body(req));
    const { _id: _omitId, _rev: _omitRev, ...publicProfile } = profile;
    res.json({ user: sessionUserView(updated), profile: publicProfile });
  });

  router.post('/photo', express.raw({ type: () => true, limit: PHOTO_MAX_BYTES }), async (req, res) => {
    const state = await session(req, res);
    if (state.kind === 'banned') throw suspended();
    const kind = (req.query.kind ?? 'profile') as PhotoKind;
    if (!PHOTO_KINDS.includes(kind)) throw new ValidationFailure({ kind: 'value_invalid' });
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const contentType = sniffType(bytes, kind);
    if (!contentType) throw new ValidationFailure({ photo: 'photo_invalid' });
    if (state.kind === 'none') {
      const verdict = limiters.anonymousUploads.hit(req.ip ?? '');
      if (!verdict.ok) throw rateLimited(verdict.retryAfter);
    }
    const owner = state.kind === 'signed_in' ? state.account.uid : undefined;
    const photoId = await storePhoto(store, { bytes, contentType, kind, owner });
    res.status(201).json({ photoId, ...(kind === 'profile' ? { url: photoUrl(photoId) } : {}) });
  });

  router.delete('/account', json, async (req, res) => {
    const { account } = await signedIn(req, res);
    const input = body(req);
    if (account.passwordHash) {
      await reauthenticate(req, account, input.password);
    } else if (
      normalizeEmail(typeof input.confirmEmail === 'string' ? input.confirmEmail : '') !== account.emailLower
    ) {
      // An account without a password (Google) confirms by typing its address.
      throw new ValidationFailure({ confirmEmail: 'email_invalid' });
    }
    await deleteAccount(store, account);
    clearSessionCookie(req, res);
    await logAuthEvent(store, req, 'account_deleted', { uid: account.uid, role: account.role });
    res.status(204).end();
  });

  return router;
}

/** `GET /api/photos/:id`: a profile photo; identity documents are never served here. */
export function photosRouter(store: Store): Router {
  const router = express.Router();
  router.get('/photos/:id', async (req, res) => {
    const photo = await readPublicPhoto(store, String(req.params.id));
    if (!photo) throw new ApiError(404, 'not_found', 'No such photo.');
    res.setHeader('Content-Type', photo.contentType);
    // Ids are random and a photo never changes: a new photo gets a new id.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.send(photo.bytes);
  });
  return router;
}
