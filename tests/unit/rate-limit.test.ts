import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../server/services/fixed-window';
import { KnownDevices } from '../../server/services/known-device';
import { addressKey, DEFAULT_RATE_LIMITS } from '../../server/services/rate-limit';
import { DEFAULT_SIGN_IN_LIMITS, SignInThrottle } from '../../server/services/sign-in-throttle';
import type { SignInAttempt } from '../../server/services/sign-in-throttle';

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

  it('checks without counting, gives one back, and forgets a key on reset', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.check('a', 0)).toEqual({ ok: true });
    expect(limiter.hit('a', 0)).toEqual({ ok: true });
    expect(limiter.check('a', 1)).toEqual({ ok: false, retryAfter: 1 });
    limiter.release('a', 1);
    expect(limiter.check('a', 2)).toEqual({ ok: true });
    expect(limiter.hit('a', 2)).toEqual({ ok: true });
    limiter.reset('a');
    expect(limiter.check('a', 3)).toEqual({ ok: true });
  });

  it('uses the limits of spec section 9, of sign-in, and of the answers about addresses', () => {
    expect(DEFAULT_RATE_LIMITS.api).toEqual({ limit: 60, windowMs: 60_000 });
    expect(DEFAULT_RATE_LIMITS.signIn).toMatchObject({
      freeFailures: 3,
      firstDelayMs: 60_000,
      maxDelayMs: 15 * 60_000,
      perAddress: { limit: 20, windowMs: 15 * 60_000 },
      perAccount: { limit: 100, windowMs: 60 * 60_000 },
    });
    expect(DEFAULT_RATE_LIMITS.methodsLookups).toEqual({ limit: 10, windowMs: 15 * 60_000 });
    expect(DEFAULT_RATE_LIMITS.emailTakenAnswers).toEqual({ limit: 5, windowMs: 60 * 60_000 });
  });
});

describe('SignInThrottle', () => {
  const setup = (limits = {}) => {
    let now = 1_000_000_000;
    const throttle = new SignInThrottle({ ...DEFAULT_SIGN_IN_LIMITS, ...limits }, () => now);
    return { throttle, advance: (ms: number) => (now += ms) };
  };
  const from = (address: string, knownDevice = false, account = 'victim@example.com'): SignInAttempt => ({
    account,
    address,
    knownDevice,
  });

  it('lets a pair fail three times, then doubles its wait per failure up to 15 minutes', () => {
    const { throttle, advance } = setup();
    const waits: number[] = [];
    for (let failures = 0; failures < 12;) {
      const verdict = throttle.begin(from('a'));
      if (verdict.ok) {
        failures++;
        continue;
      }
      waits.push(verdict.retryAfter);
      advance(verdict.retryAfter * 1000);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900, 900, 900]);
    // Another address, or another account from the same address, is not slowed.
    expect(throttle.begin(from('b'))).toEqual({ ok: true });
    expect(throttle.begin(from('a', false, 'other@example.com'))).toEqual({ ok: true });
  });

  it('forgets a pair on success, and counts concurrent attempts as they start', () => {
    const { throttle } = setup();
    for (let i = 0; i < 3; i++) expect(throttle.begin(from('a')).ok).toBe(true);
    expect(throttle.begin(from('a')).ok).toBe(false);
    const { throttle: other } = setup();
    for (let i = 0; i < 2; i++) other.begin(from('a'));
    const right = from('a');
    expect(other.begin(right).ok).toBe(true);
    other.succeeded(right);
    for (let i = 0; i < 3; i++) expect(other.begin(from('a')).ok).toBe(true);
  });

  it('caps an address across accounts, and an account across addresses except for its known devices', () => {
    const { throttle } = setup({
      perAddress: { limit: 4, windowMs: 60_000 },
      perAccount: { limit: 5, windowMs: 3_600_000 },
    });
    for (let i = 0; i < 4; i++) throttle.begin(from('sprayer', false, `user-${i}@example.com`));
    expect(throttle.begin(from('sprayer', false, 'user-9@example.com'))).toEqual({
      ok: false,
      retryAfter: 60,
    });

    for (let i = 0; i < 5; i++) expect(throttle.begin(from(`bot-${i}`)).ok).toBe(true);
    expect(throttle.begin(from('owner-new-laptop'))).toEqual({ ok: false, retryAfter: 3600 });
    expect(throttle.begin(from('owner-phone', true)).ok).toBe(true);

    throttle.lift('victim@example.com');
    expect(throttle.begin(from('owner-new-laptop')).ok).toBe(true);
  });
});

describe('KnownDevices', () => {
  it('knows the devices it marked for an account, up to five accounts, for a year', () => {
    let now = 1_700_000_000_000;
    const devices = new KnownDevices(Buffer.alloc(32, 1), () => now);
    let cookie = devices.add(undefined, 'uid-1');
    expect(cookie).not.toContain('uid-1');
    expect(devices.knows(cookie, 'uid-1')).toBe(true);
    expect(devices.knows(cookie, 'uid-2')).toBe(false);
    for (let i = 2; i <= 6; i++) cookie = devices.add(cookie, `uid-${i}`);
    expect(devices.knows(cookie, 'uid-6')).toBe(true);
    expect(devices.knows(cookie, 'uid-2')).toBe(true);
    expect(devices.knows(cookie, 'uid-1')).toBe(false);

    expect(new KnownDevices(Buffer.alloc(32, 2), () => now).knows(cookie, 'uid-6')).toBe(false);
    expect(devices.knows('garbage', 'uid-6')).toBe(false);
    now += 366 * 24 * 60 * 60 * 1000;
    expect(devices.knows(cookie, 'uid-6')).toBe(false);
  });
});

describe('addressKey', () => {
  it('keys IPv4 addresses as they are and IPv6 addresses by their /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(undefined)).toBe('');
  });
});
