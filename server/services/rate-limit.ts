/**
 * Fixed-window counters for the rate limits of spec section 9 and of sign-in.
 *
 * The counters live in this process's memory: each instance of the service counts on its own, so
 * with N instances behind a load balancer a caller gets at most N times the limit, and a restart
 * forgets the counts. That is acceptable for these limits (they slow down abuse and password
 * guessing; they are not a quota). A shared store (e.g. Redis) would be the next step if several
 * instances must share one budget.
 */
import type { NextFunction, Request, Response } from 'express';
import { API_CALLS_PER_MINUTE } from '../../src/domain/constants';
import { sendError } from '../http/errors';
import type { Store } from '../store/store';
import { readSession, sessionToken } from './sessions';
import type { SessionState } from './sessions';

export type Limit = { limit: number; windowMs: number };
export type Verdict = { ok: true } | { ok: false; retryAfter: number };

/** Sign-in: failed attempts per account and per address within 15 minutes. */
const FIFTEEN_MINUTES = 15 * 60 * 1000;

export type RateLimits = {
  /** `/api` calls per user (signed in) or per address (anonymous). */
  api: Limit;
  /** Failed sign-in (or re-authentication) attempts per account. */
  signInPerAccount: Limit;
  /** Failed sign-in attempts per address. */
  signInPerAddress: Limit;
  /** Uploads by visitors not signed in (registration forms), per address. */
  anonymousUploads: Limit;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  api: { limit: API_CALLS_PER_MINUTE, windowMs: 60 * 1000 },
  signInPerAccount: { limit: 5, windowMs: FIFTEEN_MINUTES },
  signInPerAddress: { limit: 20, windowMs: FIFTEEN_MINUTES },
  anonymousUploads: { limit: 20, windowMs: 60 * 60 * 1000 },
};

/** How many keys to hold before forgetting the windows that have ended. */
const SWEEP_AT = 10_000;

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly options: Limit) {}

  /** Counts one event for `key`; refused once the window holds `limit` events. */
  hit(key: string, now = Date.now()): Verdict {
    const window = this.current(key, now);
    if (window.count >= this.options.limit) return this.refusal(window.resetAt, now);
    window.count++;
    return { ok: true };
  }

  /** Whether another event would be allowed, without counting one. */
  check(key: string, now = Date.now()): Verdict {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.options.limit) return { ok: true };
    return this.refusal(window.resetAt, now);
  }

  /** Forgets the key's count (for instance the account's failures after a successful sign-in). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string, now: number) {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { count: 0, resetAt: now + this.options.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  private refusal(resetAt: number, now: number): Verdict {
    return { ok: false, retryAfter: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export type Limiters = {
  api: RateLimiter;
  signInPerAccount: RateLimiter;
  signInPerAddress: RateLimiter;
  anonymousUploads: RateLimiter;
};

export function createLimiters(limits: Partial<RateLimits> = {}): Limiters {
  const all = { ...DEFAULT_RATE_LIMITS, ...limits };
  return {
    api: new RateLimiter(all.api),
    signInPerAccount: new RateLimiter(all.signInPerAccount),
    signInPerAddress: new RateLimiter(all.signInPerAddress),
    anonymousUploads: new RateLimiter(all.anonymousUploads),
  };
}

/**
 * `/api` calls per minute per signed-in user, or per address for anonymous calls. The session read
 * here is kept in `res.locals.session` for the handlers. The health probe and public photos (static
 * content, cached by browsers) are not counted.
 */
export function apiRateLimit(store: Store, limiter: RateLimiter) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' && (req.path === '/health' || req.path.startsWith('/photos/'))) return next();
    const token = sessionToken(req);
    const session: SessionState = token ? await readSession(store, token) : { kind: 'none' };
    res.locals.session = session;
    const key = session.kind === 'none' ? `address:${req.ip}` : `user:${session.account.uid}`;
    const verdict = limiter.hit(key);
    if (verdict.ok) return next();
    sendError(res, 429, 'rate_limited', 'Too many requests; wait before trying again.', {
      retryAfter: verdict.retryAfter,
    });
  };
}
