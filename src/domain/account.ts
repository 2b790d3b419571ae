/**
 * The account as the server keeps it (`accounts` database, never replicated to a browser), and the
 * public view of it that `/api/auth/me` answers. Profile fields a user edits live in their own
 * database (`mine`); the account holds what decides access: role, approval, ban, verification.
 */
import type { AccountListing } from './account-index';
import type { ApprovalMail, ApprovalRejection } from './approval';
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
  /** Lawyers and expats: online now (a copy of the profile's presence, counted by the admin dashboard). */
  isOnline?: boolean;
  /**
   * Lawyers and expats: when an admin last approved them, and when they first went online (kept for
   * good). Absent on accounts approved or online before they were recorded. Automations read them.
   */
  approvedAt?: string;
  firstOnlineAt?: string;
  /**
   * Demo mode only: this account is the stand-in that plays the demo expert `providerId` for the
   * client `clientUid` alone (see demo-stand-in.ts); only that client's session can open it.
   */
  standInFor?: { clientUid: string; providerId: string };
  /** Lawyers and expats an admin rejected: why, when, by whom (cleared when approved later). */
  approvalRejection?: ApprovalRejection;
  /** The mail of the latest approval, due until it went out (provider-approval.ts). */
  approvalMail?: ApprovalMail;
  /**
   * What the admin lists search, filter and sort on (see account-index.ts): a copy of the user
   * record's phone, country and languages, and the search words and sort name derived from them.
   */
  listing?: AccountListing;
  searchTokens?: string[];
  sortName?: string;
  /** A demo provider an admin made for testing ("aaaprofiles"): shown as such, never counted publicly. */
  isTestProfile?: boolean;
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
  /** Demo mode: the session is a client's, opened on the stand-in of a demo expert they booked. */
  demoStandIn?: true;
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
