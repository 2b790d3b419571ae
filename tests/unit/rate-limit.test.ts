import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../../server/services/rate-limit';

describe('RateLimiter', () => {
  it('allows `limit` events per window, then answers the seconds left, then starts again', () => {
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(limiter.hit('a', t0 + i)).toEqual({ ok: true });
    expect(limiter.hit('a', t0 + 10)).toEqual({ ok: false, retryAfter: 60 });
    expect(limiter.check('a', t0 + 30_500)).toEqual({ ok: false, retryAfter: 30 });
    expect(limiter.hit('b', t0 + 10)).toEqual({ ok: true });
    expect(limiter.hit('a', t0 + 60_000)).toEqual({ ok: true });
  });

  it('checks without counting, and forgets a key on reset', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.check('a', 0)).toEqual({ ok: true });
    expect(limiter.hit('a', 0)).toEqual({ ok: true });
    expect(limiter.check('a', 1)).toEqual({ ok: false, retryAfter: 1 });
    limiter.reset('a');
    expect(limiter.check('a', 2)).toEqual({ ok: true });
  });

  it('uses the limits of spec section 9 and of sign-in', () => {
    expect(DEFAULT_RATE_LIMITS.api).toEqual({ limit: 60, windowMs: 60_000 });
    expect(DEFAULT_RATE_LIMITS.signInPerAccount).toEqual({ limit: 5, windowMs: 15 * 60_000 });
    expect(DEFAULT_RATE_LIMITS.signInPerAddress).toEqual({ limit: 20, windowMs: 15 * 60_000 });
  });
});
