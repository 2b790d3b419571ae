/**
 * The account as the server keeps it (`accounts` database, never replicated to a browser), and the
 * public view of it that `/api/auth/me` answers. Profile fields a user edits live in their own
 * database (`mine`); the account holds what decides access: role, approval, ban, verification.
 */
import type { Language } from './languages';
import type { UserRole } from './professions';

export type SignInMethod = 'password' | 'google';

export type Account = {
  type: 'account';
  uid: string;
  email: string;
  emailLower: string;
  role: UserRole;
  /** scrypt hash (see server/services/passwords.ts); absent for Google-only accounts. */
  passwordHash?: string;
  provider: SignInMethod;
  displayName: string;
  firstName?: string;
  lastName?: string;
  preferredLanguage: Language;
  isActive: boolean;
  /** Clients are approved at once; lawyers and expats when an admin approves them. */
  isApproved: boolean;
  isBanned: boolean;
  isVerifiedEmail: boolean;
  createdAt: string;
  updatedAt: string;
  lastLoginAt?: string;
};

/** What the browser learns about the signed-in user (`GET /api/auth/me`). */
export type SessionUserView = {
  uid: string;
  role: UserRole;
  email: string;
  displayName: string;
  firstName?: string;
  lastName?: string;
  preferredLanguage: Language;
  provider: SignInMethod;
  isApproved: boolean;
  isVerifiedEmail: boolean;
  /** The user's own database, replicated as the `mine` collection. */
  db: string;
};

/** Document ids in `accounts`. The e-mail key document makes an address unique (a second insert conflicts). */
export const accountIds = {
  account: (uid: string) => `user:${uid}`,
  email: (emailLower: string) => `email:${emailLower}`,
};

/**
 * State-changing requests to `/api` and `/db` must carry this header: a page on another site cannot
 * add a custom header to a cross-site request without a CORS preflight, which this service refuses,
 * so a forged form or image request never passes (CSRF protection).
 */
export const CSRF_HEADER = 'x-sos-expat';
export const CSRF_VALUE = '1';
