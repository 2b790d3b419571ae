import { afterEach, describe, expect, it } from 'vitest';
import {
  PASSWORD_HASH_COST_DEFAULT,
  hashPassword,
  setPasswordHashCost,
  verifyPassword,
} from '../../server/services/passwords';

describe('password hashes', () => {
  afterEach(() => setPasswordHashCost(PASSWORD_HASH_COST_DEFAULT));

  it('are scrypt with N=2^17, r=8, p=1 by default, and verify only the password they were made of', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
  });

  it('keep their own cost: a hash made at another cost still verifies once the cost has changed', async () => {
    setPasswordHashCost(10);
    const cheap = await hashPassword('mot-de-passe');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    setPasswordHashCost(12);
    expect(await hashPassword('mot-de-passe')).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('mot-de-passe', cheap)).toBe(true);
    expect(await verifyPassword('mot-de-pass', cheap)).toBe(false);
  });

  it('never verify without a stored hash, or with one of another form', async () => {
    setPasswordHashCost(10);
    expect(await verifyPassword('mot-de-passe', undefined)).toBe(false);
    expect(await verifyPassword('mot-de-passe', 'bcrypt$12$abc')).toBe(false);
  });
});
