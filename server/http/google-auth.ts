import express from 'express';
import type { Request, Response, Router } from 'express';
import { loginPath, safeRedirect } from '../../src/config/paths';
import { normalizeReferralCode } from '../../src/domain/affiliates';
import type { Config } from '../config/env';
import { updateAccount } from '../services/accounts';
import { recordReferral } from '../services/affiliates/referrals';
import { logAuthEvent } from '../services/auth-log';
import {
  GOOGLE_STATE_COOKIE,
  GOOGLE_STATE_MAX_AGE_SECONDS,
  finishGoogleSignIn,
  googleConfigured,
  startGoogleSignIn,
} from '../services/google-sign-in';
import {
  clearSessionCookie,
  createSession,
  endSession,
  parseCookies,
  sessionToken,
  setSessionCookie,
} from '../services/sessions';
import type { Store } from '../store/store';
import { logError } from '../log';

const DEFAULT_REDIRECT = '/dashboard';
const STATE_COOKIE_PATH = '/api/auth/google';

/**
 * Google sign-in under `/api/auth` (mounted there). The browser navigates to `/google/start` (a
 * full page load, not a fetch), the provider sends it back to `/google/callback`, and the callback
 * ends with a redirect: to the `redirect` path with a session, or to the login with an `error` code
 * (`google_unavailable`, `google_clients_only`, `google_email_unverified`, `account_suspended`).
 * `GET /providers` tells the login screen whether the Google button works.
 */
export function googleAuthRouter(store: Store, config: Config): Router {
  const router = express.Router();

  router.get('/providers', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ google: { enabled: googleConfigured(config) } });
  });

  router.get('/google/start', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const redirect = safeRedirect(queryText(req, 'redirect')) ?? DEFAULT_REDIRECT;
    if (!googleConfigured(config)) return toLogin(res, 'google_unavailable', redirect);
    const remember = ['1', 'true'].includes(queryText(req, 'remember') ?? '');
    // The code of an affiliate's link the browser kept: a new client made by this sign-in is referred.
    const referralCode = normalizeReferralCode(queryText(req, 'ref'));
    let started;
    try {
      started = await startGoogleSignIn(store, config, { redirect, remember, referralCode });
    } catch (error) {
      logError('[google] cannot start sign-in:', error instanceof Error ? error.message : error);
      return toLogin(res, 'google_unavailable', redirect);
    }
    res.cookie(GOOGLE_STATE_COOKIE, started.state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: STATE_COOKIE_PATH,
      maxAge: GOOGLE_STATE_MAX_AGE_SECONDS * 1000,
    });
    res.redirect(303, started.authorizationUrl.href);
  });

  router.get('/google/callback', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const cookieState = parseCookies(req.headers.cookie).get(GOOGLE_STATE_COOKIE);
    res.clearCookie(GOOGLE_STATE_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: STATE_COOKIE_PATH,
    });
    if (!googleConfigured(config)) return toLogin(res, 'google_unavailable');
    const callbackUrl = new URL(req.originalUrl, 'http://callback.invalid');
    const outcome = await finishGoogleSignIn(store, config, callbackUrl, cookieState);

    if (!outcome.ok) {
      // A refused user leaves signed out, whoever was signed in on this browser before.
      const previous = sessionToken(req);
      if (previous) await endSession(store, previous);
      clearSessionCookie(req, res);
      await logAuthEvent(store, req, 'login_failed', { method: 'google', reason: outcome.error });
      return toLogin(res, outcome.error, outcome.redirect);
    }

    const previous = sessionToken(req);
    if (previous) await endSession(store, previous);
    const session = await createSession(store, outcome.account.uid, { remember: outcome.remember });
    await updateAccount(store, outcome.account.uid, (account) => ({
      ...account,
      lastLoginAt: new Date().toISOString(),
    }));
    setSessionCookie(req, res, session.token, session.persistent);
    if (outcome.created && outcome.referralCode) {
      await recordReferral(store, {
        clientUid: outcome.account.uid,
        clientEmail: outcome.account.emailLower,
        code: outcome.referralCode,
      }).catch((error: unknown) => logError('[google] referral not recorded:', error));
    }
    await logAuthEvent(store, req, 'google_login', {
      uid: outcome.account.uid,
      role: outcome.account.role,
      created: outcome.created,
    });
    res.redirect(303, outcome.redirect);
  });

  return router;
}

function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

function toLogin(res: Response, error: string, redirect?: string) {
  res.redirect(303, loginPath({ error, redirect: redirect === DEFAULT_REDIRECT ? undefined : redirect }));
}
