/**
 * The service's rate limits: spec section 9's API limit, uploads, the sign-in throttle
 * (sign-in-throttle.ts, with known-device.ts), and the answers that would tell which addresses have
 * an account (`/methods`, "address already used").
 *
 * The counters live in this process's memory: each instance of the service counts on its own, so
 * with N instances behind a load balancer a caller gets at most N times the limit, and a restart
 * forgets the counts. That is acceptable for these limits (they slow down abuse and password
 * guessing; they are not a quota). A shared store (e.g. Redis) would be the next step if several
 * instances must share one budget.
 */
import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import {
  ADMIN_API_CALLS_PER_MINUTE,
  ANONYMOUS_UPLOADS_PER_HOUR,
  API_CALLS_PER_MINUTE,
} from '../../src/domain/constants';
import { sendError } from '../http/errors';
import type { Store } from '../store/store';
import { RateLimiter } from './fixed-window';
import type { Limit } from './fixed-window';
import { KnownDevices } from './known-device';
import { readSession, sessionToken } from './sessions';
import type { SessionState } from './sessions';
import { DEFAULT_SIGN_IN_LIMITS, SignInThrottle } from './sign-in-throttle';
import type { SignInLimits } from './sign-in-throttle';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export type RateLimits = {
  /** `/api` calls per user (signed in) or per address (anonymous). */
  api: Limit;
  /** `/api/admin` calls per admin (the console), counted apart from their other calls. */
  admin: Limit;
  /** Failed sign-in and re-authentication attempts (sign-in-throttle.ts). */
  signIn: SignInLimits;
  /** Uploads by visitors not signed in (registration forms), per address. */
  anonymousUploads: Limit;
  /** `POST /api/auth/methods` calls per address. */
  methodsLookups: Limit;
  /** "This address already has an account" answers (registration, change of e-mail) per address. */
  emailTakenAnswers: Limit;
  /**
   * Requests to the links of campaign mails (unsubscribe, tracking pixel, tracked links) per
   * address: they need no session, and each may read and write the store.
   */
  mailLinks: Limit;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  api: { limit: API_CALLS_PER_MINUTE, windowMs: 60 * 1000 },
  admin: { limit: ADMIN_API_CALLS_PER_MINUTE, windowMs: 60 * 1000 },
  signIn: DEFAULT_SIGN_IN_LIMITS,
  anonymousUploads: { limit: ANONYMOUS_UPLOADS_PER_HOUR, windowMs: 60 * 60 * 1000 },
  methodsLookups: { limit: 10, windowMs: FIFTEEN_MINUTES },
  emailTakenAnswers: { limit: 5, windowMs: 60 * 60 * 1000 },
  // Generous: a mail provider's image proxy fetches the pixels of many readers from few addresses.
  mailLinks: { limit: 300, windowMs: 60 * 1000 },
};

/** Limits other than the defaults, and the clock of the sign-in throttle (tests move it forward). */
export type LimiterOptions = Partial<RateLimits> & { now?: () => number };

export type Limiters = {
  api: RateLimiter;
  admin: RateLimiter;
  signIn: SignInThrottle;
  knownDevices: KnownDevices;
  anonymousUploads: RateLimiter;
  methodsLookups: RateLimiter;
  emailTakenAnswers: RateLimiter;
  mailLinks: RateLimiter;
};

export function createLimiters({ now = Date.now, ...limits }: LimiterOptions = {}): Limiters {
  const all = { ...DEFAULT_RATE_LIMITS, ...limits };
  return {
    api: new RateLimiter(all.api),
    admin: new RateLimiter(all.admin),
    signIn: new SignInThrottle(all.signIn, now),
    knownDevices: new KnownDevices(undefined, now),
    anonymousUploads: new RateLimiter(all.anonymousUploads),
    methodsLookups: new RateLimiter(all.methodsLookups),
    emailTakenAnswers: new RateLimiter(all.emailTakenAnswers),
    mailLinks: new RateLimiter(all.mailLinks),
  };
}

/**
 * The key of a caller's address for per-address limits: an IPv6 address by its /64 prefix (one
 * subscriber usually holds a whole /64, and could otherwise take a new address per attempt), an
 * IPv4-mapped address as the IPv4 address.
 */
export function addressKey(ip: string | undefined): string {
  const address = (ip ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return (
    groups
      .slice(0, 4)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}

/**
 * `/api` calls per minute per signed-in user, or per address for anonymous calls. The session read
 * here is kept in `res.locals.session` for the handlers. The health probe and public photos (static
 * content, cached by browsers) are not counted. An admin's console calls have their own budget.
 */
export function apiRateLimit(store: Store, limiter: RateLimiter, adminLimiter: RateLimiter) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' && (req.path === '/health' || req.path.startsWith('/photos/'))) return next();
    const token = sessionToken(req);
    const session: SessionState = token ? await readSession(store, token) : { kind: 'none' };
    res.locals.session = session;
    const key = session.kind === 'none' ? `address:${req.ip}` : `user:${session.account.uid}`;
    const atConsole =
      session.kind === 'signed_in' && session.account.role === 'admin' && req.path.startsWith('/admin/');
    const verdict = (atConsole ? adminLimiter : limiter).hit(key);
    if (verdict.ok) return next();
    sendError(res, 429, 'rate_limited', 'Too many requests; wait before trying again.', {
      retryAfter: verdict.retryAfter,
    });
  };
}

/** Requests per address, for routes outside `/api` that need no session (the links of mails). */
export function addressRateLimit(limiter: RateLimiter) {
  return (req: Request, res: Response, next: NextFunction) => {
    const verdict = limiter.hit(`address:${addressKey(req.ip)}`);
    if (verdict.ok) return next();
    res.setHeader('Retry-After', String(verdict.retryAfter));
    res.status(429).type('text/plain').send('Too many requests; wait before trying again.');
  };
}
