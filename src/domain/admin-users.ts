/**
 * What the admin users screens exchange with the service (`/api/admin/users/…`,
 * `/api/admin/test-profiles`): the lines of the lists, the detail of a user, the lines of the
 * detail's lists, and the choices the lists accept. Written once here, for the service
 * (server/services/admin/users.ts) and the console (src/features/admin/users/).
 */
import type { UserRole } from './professions';
import type { Language } from './languages';
import type { SignInMethod } from './account';
import type { Currency } from './config';
import type { OrderState, PaymentState } from './order';
import type { ServiceKey } from './promo';

/** The roles the users screens list, each under its own path. */
export const LISTED_ROLES = ['client', 'lawyer', 'expat'] as const;
export type ListedRole = (typeof LISTED_ROLES)[number];
/** `/api/admin/users/<path>` of each role. */
export const USER_LIST_PATHS: Readonly<Record<ListedRole, string>> = {
  client: 'clients',
  lawyer: 'lawyers',
  expat: 'expats',
};
export const USER_SORTS = ['created', 'name'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** The yes/no filters of the lists, by query parameter. */
export const USER_FLAG_FILTERS = ['approved', 'online', 'banned', 'emailVerified', 'testProfile'] as const;
/** The actions of the detail page (`POST /api/admin/users/:uid/<action>`). */
export const USER_ACTIONS = ['ban', 'unban', 'offline', 'password-reset'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** One line of an admin list of users. */
export type UserListItem = {
  uid: string;
  role: UserRole;
  displayName: string;
  email: string;
  phone?: string;
  country?: string;
  languages?: string[];
  preferredLanguage: Language;
  isActive: boolean;
  isApproved: boolean;
  isBanned: boolean;
  isVerifiedEmail: boolean;
  isTestProfile: boolean;
  isOnline?: boolean;
  createdAt: string;
  lastLoginAt?: string;
};

export type PublicProfileSummary = {
  fullName: string;
  slug: string;
  isVisible: boolean;
  isOnline: boolean;
  availability: 'available' | 'unavailable';
  rating: number;
  reviewCount: number;
  completedCalls?: number;
  isTestProfile: boolean;
};

export type UserDetail = {
  account: UserListItem & {
    firstName?: string;
    lastName?: string;
    signInMethod: SignInMethod;
    hasPassword: boolean;
    updatedAt: string;
  };
  /** The user record from the user's own database (without the store's fields). */
  profile: Record<string, unknown> | null;
  publicProfile: PublicProfileSummary | null;
};

export type ConsultationLine = {
  orderId: string;
  /** The user's side of the order. */
  side: 'client' | 'provider';
  /** The other party's name. */
  counterpart: string;
  service: ServiceKey;
  state: OrderState;
  paymentState: PaymentState;
  /** Minor units of `currency`. */
  total: number;
  currency: Currency;
  invoiceNumber?: string;
  createdAt: string;
};

export type ReviewLine = {
  orderId: string;
  side: 'client' | 'provider';
  /** Who wrote it (the name given at booking) and about whom. */
  author: string;
  providerName: string;
  rating: number;
  comment: string;
  language: Language;
  published: boolean;
  at: string;
};

export type InvoiceLine = {
  number: string;
  orderId: string;
  issuedAt: string;
  service: ServiceKey;
  currency: Currency;
  total: number;
};

/** What an action answers: whether it changed anything (a repeated one does not). */
export type UserActionResult = { changed: boolean };
