import { describe, expect, it } from 'vitest';
import { LOG_MAX_ARRAY, LOG_MAX_OBJECT_KEYS, LOG_MAX_STRING } from '../../src/domain/constants';
import { sanitizeForLog } from '../../src/domain/error-log';
import { resolveLanguage } from '../../src/domain/languages';
import { defaultSettings, favouriteId } from '../../src/domain/mine';
import { createMineValidator } from '../../src/domain/mine-validation';
import { providerListOrder } from '../../src/domain/provider';
import { isUserDbName, userDbName } from '../../src/domain/user-db';

describe('user database names', () => {
  it('are userdb- and the hex of the id as CouchDB names them', () => {
    expect(userDbName('alice')).toBe('userdb-616c696365');
    expect(userDbName('é')).toBe('userdb-c3a9');
    expect(isUserDbName(userDbName('bob-42'))).toBe(true);
    expect(isUserDbName('userdb-')).toBe(false);
    expect(isUserDbName('userdb-ABC')).toBe(false);
    expect(isUserDbName('accounts')).toBe(false);
  });
});

describe('interface language at start', () => {
  it('restores one of the five and falls back to French otherwise', () => {
    expect(resolveLanguage('de')).toBe('de');
    expect(resolveLanguage('ru')).toBe('ru');
    expect(resolveLanguage('it')).toBe('fr');
    expect(resolveLanguage(null)).toBe('fr');
    expect(resolveLanguage('DE')).toBe('fr');
  });
});

describe('log sanitising', () => {
  it('cuts strings, arrays and objects to the spec limits', () => {
    const input = {
      long: 'x'.repeat(LOG_MAX_STRING + 500),
      list: Array.from({ length: 80 }, (_, i) => i),
      ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i])),
    };
    const out = sanitizeForLog(input) as Record<string, unknown>;
    expect((out.long as string).length).toBe(LOG_MAX_STRING);
    expect((out.list as unknown[]).length).toBe(LOG_MAX_ARRAY);
    expect(Object.keys(out)).toHaveLength(LOG_MAX_OBJECT_KEYS);
  });

  it('survives cycles, errors and functions', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    cyclic.fn = () => 1;
    const out = sanitizeForLog({ cyclic, error: new TypeError('boom') }) as Record<
      string,
      Record<string, unknown>
    >;
    expect(out.cyclic!.self).toBe('[…]');
    expect(out.cyclic).not.toHaveProperty('fn');
    expect(out.error).toMatchObject({ name: 'TypeError', message: 'boom' });
  });
});

describe('listing order', () => {
  it('puts online providers first, then the better rated, then the more reviewed', () => {
    const offlineStar = providerListOrder({ isOnline: false, rating: 5, reviewCount: 999 });
    const onlineAverage = providerListOrder({ isOnline: true, rating: 3.1, reviewCount: 1 });
    const onlineGood = providerListOrder({ isOnline: true, rating: 4.8, reviewCount: 10 });
    const onlineGoodMoreReviews = providerListOrder({ isOnline: true, rating: 4.8, reviewCount: 11 });
    expect(onlineAverage).toBeLessThan(offlineStar);
    expect(onlineGood).toBeLessThan(onlineAverage);
    expect(onlineGoodMoreReviews).toBeLessThan(onlineGood);
    expect(providerListOrder({ isOnline: true, rating: 5, reviewCount: 10_000_000 })).toBeGreaterThanOrEqual(
      0,
    );
    expect(
      Number.isSafeInteger(providerListOrder({ isOnline: true, rating: 5, reviewCount: 10_000_000 })),
    ).toBe(true);
  });
});

describe("checks on a user's own documents", () => {
  const validate = createMineValidator();
  const now = '2026-11-22T10:00:00.000Z';

  it('accepts well-formed favourites and settings', () => {
    expect(
      validate({
        id: favouriteId('demo-1'),
        type: 'favourite',
        providerId: 'demo-1',
        createdAt: now,
        updatedAt: now,
      }),
    ).toEqual({ ok: true, type: 'favourite' });
    expect(validate({ ...defaultSettings('de', now) })).toEqual({ ok: true, type: 'settings' });
  });

  it('refuses unknown types, extra fields and malformed values, saying why', () => {
    expect(validate({ id: 'x', type: 'payout' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('unknown'),
    });
    const extra = validate({
      id: favouriteId('demo-1'),
      type: 'favourite',
      providerId: 'demo-1',
      createdAt: now,
      updatedAt: now,
      rating: 5,
    });
    expect(extra).toMatchObject({ ok: false, reason: expect.stringContaining('additional properties') });
    const badDate = validate({
      id: favouriteId('a'),
      type: 'favourite',
      providerId: 'a',
      createdAt: 'yesterday',
      updatedAt: now,
    });
    expect(badDate).toMatchObject({ ok: false, reason: expect.stringContaining('/createdAt') });
  });
});
