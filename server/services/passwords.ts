/**
 * Password hashing with scrypt (N=2^17, r=8, p=1, 32-byte key, 16-byte salt), as the issue asks.
 * Stored as `scrypt$N$r$p$salt$hash` (base64url) so the parameters can be raised later and old hashes
 * still verify. Passwords are never logged.
 *
 * N is the process's: its entry point (server/main.ts, scripts/create-admin.ts) sets it from
 * `PASSWORD_HASH_COST` (config/env.ts warns below the default). A hash costs about 0.7 s of one core
 * at 2^17 on the test machines; the test suites hash at 2^10, the same code at a thousandth of it.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/** log2 of scrypt's N for new hashes, and for the dummy work done for an unknown account. */
export const PASSWORD_HASH_COST_DEFAULT = 17;
let N = 2 ** PASSWORD_HASH_COST_DEFAULT;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // 128 * N * r bytes of memory: raise the default limit (32 MiB) to what these parameters need.
    scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export function setPasswordHashCost(log2N: number): void {
  N = 2 ** log2N;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') {
    // Same work as a real check, so that timing does not tell whether the account exists.
    await scrypt(password, Buffer.alloc(16), { N, r: R, p: P });
    return false;
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
