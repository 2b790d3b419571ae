/**
 * `/api/auth`: registration, sign-in and sign-out, the current user, sign-in methods of an
 * address, change of e-mail and password (after re-authentication by password), profile update,
 * photo upload and account deletion; and `GET /api/photos/:id`. The mail links (verification,
 * password reset) are in auth-mail.ts.
 *
 * Every error is `{ error: { code, message, fields?, retryAfter? } }`; codes are listed in
 * `.tmp/auth-contract.md` and translated by the browser (`auth.errors.<code>`).
 */
import express from 'express';
import type { Request, Response, Router } from 'express';
import { PASSWORD_MIN_LENGTH } from '../../src/domain/constants';
import { isValidEmail, normalizeEmail } from '../../src/domain/email';
import { isProviderRole } from '../../src/domain/mine';
import { isRegistrationRole, loginProblems, PASSWORD_MAX_LENGTH } from '../../src/domain/registration';
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
import type { Limiters } from '../services/rate-limit';
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
import { sendVerificationMail } from '../services/verification';
import type { Store } from '../store/store';
import { ApiError } from './errors';

/** How long a request waits for the verification mail before answering anyway (it goes on after). */
const MAIL_WAIT_MS = 5000;

const json = express.json({ limit: '64kb' });

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

  /** Sign-in attempts: refused while the account or the address has too many recent failures. */
  function checkAttempts(req: Request, emailLower: string) {
    const verdicts = [
      limiters.signInPerAccount.check(emailLower),
      limiters.signInPerAddress.check(req.ip ?? ''),
    ];
    const wait = Math.max(0, ...verdicts.map((v) => (v.ok ? 0 : v.retryAfter)));
    if (wait > 0) throw rateLimited(wait);
  }

  function countFailure(req: Request, emailLower: string) {
    limiters.signInPerAccount.hit(emailLower);
    limiters.signInPerAddress.hit(req.ip ?? '');
  }

  /** Re-authentication by password before a sensitive change; counted like sign-in attempts. */
  async function reauthenticate(req: Request, account: StoredAccount, password: unknown) {
    checkAttempts(req, account.emailLower);
    const ok =
      typeof password === 'string' &&
      password.length <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(password, account.passwordHash));
    if (!ok) {
      countFailure(req, account.emailLower);
      await logAuthEvent(store, req, 'login_failed', { uid: account.uid, reason: 'reauthentication' });
      throw invalidCredentials(403);
    }
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
      console.error('[auth] verification mail not sent:', error);
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
    const { account, token, persistent } = await registerAccount(store, role, input);
    await replaceSession(req, res, token, persistent);
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
    try {
      checkAttempts(req, emailLower);
    } catch (error) {
      await logAuthEvent(store, req, 'login_failed', { reason: 'rate_limited' });
      throw error;
    }
    const account = await findAccountByEmail(store, emailLower);
    const ok =
      password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(password, account?.passwordHash));
    if (!account || !ok) {
      countFailure(req, emailLower);
      await logAuthEvent(store, req, 'login_failed', {
        ...(account ? { uid: account.uid } : {}),
        reason: account ? 'wrong_password' : 'unknown_account',
      });
      // One answer for an unknown address and a wrong password: never says which part was wrong.
      throw invalidCredentials(401);
    }
    if (account.isBanned || account.isActive === false) {
      await logAuthEvent(store, req, 'login_failed', { uid: account.uid, reason: 'suspended' });
      throw suspended();
    }
    limiters.signInPerAccount.reset(emailLower);
    const created = await createSession(store, account.uid, { remember: input.remember === true });
    const updated =
      (await updateAccount(store, account.uid, (current) => ({
        ...current,
        lastLoginAt: new Date().toISOString(),
      }))) ?? account;
    await replaceSession(req, res, created.token, created.persistent);
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

  router.post('/methods', json, async (req, res) => {
    const email = normalizeEmail(typeof body(req).email === 'string' ? (body(req).email as string) : '');
    if (!email) throw new ValidationFailure({ email: 'email_required' });
    if (!isValidEmail(email)) throw new ValidationFailure({ email: 'email_invalid' });
    const account = await findAccountByEmail(store, email);
    const methods: string[] = [];
    if (account?.passwordHash) methods.push('password');
    if (account?.provider === 'google') methods.push('google');
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
    if (!(await reserveEmail(store, newEmail, account.uid))) {
      throw new ApiError(409, 'email_taken', 'This e-mail is already used.');
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
