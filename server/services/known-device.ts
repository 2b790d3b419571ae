/**
 * The "known device" cookie: set on every successful sign-in (and registration), it tells the sign-in
 * throttle that this browser has signed in to this account before, so that the account-wide cap on
 * failures (distributed guessing) does not keep the owner out of their own account.
 *
 * The cookie is HttpOnly, sent to `/api/auth` only, and holds up to five entries (a shared family
 * computer), each `<issued at, base 36>.<HMAC-SHA256 of the account's uid and that time>`: it names no
 * account, and an entry proves only that this service issued it for that uid within a year. The key
 * is drawn at start and kept in memory, like the counts it lets a device bypass (rate-limit.ts): a
 * restart forgets both, and the owner's next sign-in issues a new entry.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { parseCookies } from './sessions';

export const KNOWN_DEVICE_COOKIE = 'known_device';
/** How long a device stays known after its last sign-in. */
export const KNOWN_DEVICE_MS = 365 * 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 5;
const MAX_COOKIE_LENGTH = 400;

export class KnownDevices {
  constructor(
    private readonly key: Buffer = randomBytes(32),
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the cookie holds an entry this service issued for `uid`, not yet expired. */
  knows(cookie: string | undefined, uid: string): boolean {
    return this.entries(cookie).some((entry) => this.isFor(entry, uid));
  }

  /** The cookie after `uid` signed in: a fresh entry first, then the other accounts' entries. */
  add(cookie: string | undefined, uid: string): string {
    const issued = this.now().toString(36);
    const others = this.entries(cookie)
      .filter((entry) => !this.isFor(entry, uid))
      .map((entry) => `${entry.issued}.${entry.mac}`);
    return [`${issued}.${this.mac(uid, issued)}`, ...others].slice(0, MAX_ENTRIES).join('~');
  }

  /** Well-formed entries not yet expired (whose account is unknown until checked against a uid). */
  private entries(cookie: string | undefined): { issued: string; mac: string }[] {
    if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return [];
    return cookie.split('~').flatMap((entry) => {
      const [issued = '', mac = '', extra] = entry.split('.');
      const at = parseInt(issued, 36);
      const live = /^[0-9a-z]{1,12}$/.test(issued) && at <= this.now() && at + KNOWN_DEVICE_MS > this.now();
      return live && mac && extra === undefined ? [{ issued, mac }] : [];
    });
  }

  private isFor(entry: { issued: string; mac: string }, uid: string): boolean {
    const expected = Buffer.from(this.mac(uid, entry.issued));
    const given = Buffer.from(entry.mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(uid: string, issued: string): string {
    return createHmac('sha256', this.key).update(`${uid}.${issued}`).digest('base64url');
  }
}

export function knownDeviceCookie(req: Request): string | undefined {
  return parseCookies(req.headers.cookie).get(KNOWN_DEVICE_COOKIE);
}

export function setKnownDeviceCookie(req: Request, res: Response, value: string) {
  res.cookie(KNOWN_DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: '/api/auth',
    maxAge: KNOWN_DEVICE_MS,
  });
}
