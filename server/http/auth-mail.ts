import express from 'express';
import type { Request, Router } from 'express';
import type { Config } from '../config/env';
import { sessionUserView } from '../services/accounts';
import { logAuthEvent } from '../services/auth-log';
import type { Limiters } from '../services/rate-limit';
import { readSession, sessionToken } from '../services/sessions';
import {
  confirmEmailVerification,
  confirmPasswordReset,
  requestPasswordReset,
  resendVerificationMail,
  resetRequestEmail,
} from '../services/verification';
import type { Store } from '../store/store';
import { ApiError } from './errors';
import { jsonBody } from './json-body';
import { logError } from '../log';

/**
 * The mail links of `/api/auth` (mounted there): send and confirm e-mail verification, request and
 * confirm a password reset. The CSRF header check applies to these posts like to every other write.
 * A reset proves control of the address, so it lifts the account's sign-in throttle.
 */
export function authMailRouter(store: Store, config: Config, limiters: Pick<Limiters, 'signIn'>): Router {
  const router = express.Router();
  const json = jsonBody('4kb');

  router.post('/verification/send', async (req, res) => {
    const session = await signedIn(store, req);
    if (!session) throw new ApiError(401, 'not_signed_in', 'Sign in first.');
    let result;
    try {
      result = await resendVerificationMail(store, config, session.account.uid);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      logError('[mail] verification mail not sent:', error);
      throw new ApiError(503, 'mail_unavailable', 'The mail could not be sent; try again later.');
    }
    if (result.status === 'wait') {
      throw new ApiError(429, 'rate_limited', 'A mail was sent a moment ago.', {
        retryAfter: result.retryAfter,
      });
    }
    res.status(result.status === 'sent' ? 202 : 200).json({ status: result.status });
  });

  router.post('/verification/confirm', json, async (req, res) => {
    const account = await confirmEmailVerification(store, body(req).token);
    const session = await signedIn(store, req);
    res.status(200).json({
      verified: true,
      ...(session?.account.uid === account.uid ? { user: sessionUserView(account) } : {}),
    });
  });

  router.post('/password-reset/request', json, async (req, res) => {
    const email = resetRequestEmail(body(req).email);
    res.status(202).json({ status: 'accepted' });
    // After the answer, so that neither it nor its timing tells whether the address has an account.
    requestPasswordReset(store, config, email).catch((error: unknown) => {
      logError('[mail] password reset mail not sent:', error);
    });
  });

  router.post('/password-reset/confirm', json, async (req, res) => {
    const { token, password } = body(req);
    const session = await signedIn(store, req);
    const account = await confirmPasswordReset(store, token, password, session?.sessionId);
    limiters.signIn.lift(account.emailLower);
    await logAuthEvent(store, req, 'password_changed', { uid: account.uid, via: 'password_reset' });
    res.status(200).json({ status: 'password_changed' });
  });

  return router;
}

async function signedIn(store: Store, req: Request) {
  const state = await readSession(store, sessionToken(req));
  return state.kind === 'signed_in' ? state : undefined;
}

function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
