/**
 * The admin lists and detail of users (clients, lawyers, expats): read from views of `accounts`
 * (couchdb/design/admin-users.json), one page at a time (paging.ts), never the whole database.
 *
 * - Sorted by creation date (`by_role_created`) or by name (`by_role_name`); a search reads the
 *   `by_role_token` range of its longest word (see src/domain/account-index.ts) and lists matches in
 *   the order of that word. An account with several words in the range is listed once, at its first.
 * - Filters (status, country, language, approved, banned, e-mail verified, test profile) are
 *   applied while scanning: a sparse filter gives short pages with a `next` token.
 * - Demo mode's stand-in accounts (`standInFor`) are in no view: they are a client's private space.
 * - The detail adds the user record (the user's own database), the public profile, and three paged
 *   lists: consultations (`orders`, `order-parties/by_party`), invoices (the user's own database)
 *   and reviews (the consultations with a review).
 */
import { matchesAccountSearch, parseAccountSearch } from '../../../src/domain/account-index';
import type { Account } from '../../../src/domain/account';
import type {
  ConsultationLine,
  InvoiceLine,
  ListedRole,
  ReviewLine,
  UserDetail,
  UserListItem,
  UserSort,
  UserStatus,
} from '../../../src/domain/admin-users';
import type { InvoiceDoc } from '../../../src/domain/invoice';
import type { Provider } from '../../../src/domain/provider';
import { userDbName } from '../../../src/domain/user-db';
import { getOrUndefined, isNotFound } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { getAccount } from '../accounts';
import type { StoredOrder } from '../consultation/types';
import { readProfile } from '../profile';
import type { Page } from './paging';
import { BadPageToken, decodePageToken, PREFIX_END, scanPage } from './paging';

export type UserFilters = {
  status?: UserStatus;
  country?: string;
  language?: string;
  approved?: boolean;
  banned?: boolean;
  emailVerified?: boolean;
  testProfile?: boolean;
  /** Providers who are taking calls now (the dashboard's "providers online" links here). */
  online?: boolean;
};

export type UserListQuery = {
  q?: string;
  sort: UserSort;
  dir: 'asc' | 'desc';
  limit: number;
  token?: string;
  filters: UserFilters;
};

export function listItem(account: Account): UserListItem {
  return {
    uid: account.uid,
    role: account.role,
    displayName: account.displayName,
    email: account.email,
    ...(account.listing?.phone ? { phone: account.listing.phone } : {}),
    ...(account.listing?.country ? { country: account.listing.country } : {}),
    ...(account.listing?.languages ? { languages: account.listing.languages } : {}),
    preferredLanguage: account.preferredLanguage,
    isActive: account.isActive !== false,
    isApproved: account.isApproved,
    isBanned: account.isBanned,
    isVerifiedEmail: account.isVerifiedEmail,
    isTestProfile: account.isTestProfile === true,
    ...(account.isOnline !== undefined ? { isOnline: account.isOnline } : {}),
    createdAt: account.createdAt,
    ...(account.lastLoginAt ? { lastLoginAt: account.lastLoginAt } : {}),
  };
}

function passes(account: Account, filters: UserFilters): boolean {
  const item = listItem(account);
  if (filters.status && item.isActive !== (filters.status === 'active')) return false;
  if (filters.country && item.country !== filters.country) return false;
  if (filters.language && !item.languages?.includes(filters.language)) return false;
  if (filters.approved !== undefined && item.isApproved !== filters.approved) return false;
  if (filters.banned !== undefined && item.isBanned !== filters.banned) return false;
  if (filters.emailVerified !== undefined && item.isVerifiedEmail !== filters.emailVerified) return false;
  if (filters.testProfile !== undefined && item.isTestProfile !== filters.testProfile) return false;
  if (filters.online !== undefined && (item.isOnline === true) !== filters.online) return false;
  return true;
}

/** A page token of this list: a key of the role's range, `[role, string]`. */
function checkToken(token: string | undefined, role: ListedRole): void {
  if (!token) return;
  const { key } = decodePageToken(token);
  if (!Array.isArray(key) || key.length !== 2 || key[0] !== role || typeof key[1] !== 'string') {
    throw new BadPageToken();
  }
}

/** One page of the users of a role. A forged token throws `BadPageToken`. */
export function listUsers(store: Store, role: ListedRole, query: UserListQuery): Promise<Page<UserListItem>> {
  checkToken(query.token, role);
  const db = store.db<StoredAccount>('accounts');
  const keep = (doc: StoredAccount) =>
    doc.type === 'account' && doc.role === role && !doc.standInFor && passes(doc, query.filters);
  const search = query.q ? parseAccountSearch(query.q) : undefined;
  if (search) {
    return scanPage<StoredAccount, UserListItem>(db, {
      view: 'admin-users/by_role_token',
      startkey: [role, search.range],
      endkey: [role, search.range + PREFIX_END],
      limit: query.limit,
      token: query.token,
      pick: (doc, key) => {
        const tokens = doc.searchTokens ?? [];
        // Listed once: at the first of its words in the range.
        const first = tokens.find((token) => token.startsWith(search.range));
        if (!Array.isArray(key) || key[1] !== first) return undefined;
        return keep(doc) && matchesAccountSearch(tokens, search) ? listItem(doc) : undefined;
      },
    });
  }
  const descending = query.dir === 'desc';
  const [low, high] = [
    [role, ''],
    [role, PREFIX_END],
  ];
  return scanPage<StoredAccount, UserListItem>(db, {
    view: query.sort === 'name' ? 'admin-users/by_role_name' : 'admin-users/by_role_created',
    startkey: descending ? high : low,
    endkey: descending ? low : high,
    descending,
    limit: query.limit,
    token: query.token,
    pick: (doc) => (keep(doc) ? listItem(doc) : undefined),
  });
}

/** Test profiles (admin "aaaprofiles"), newest first. */
export function listTestProfiles(
  store: Store,
  page: { limit: number; token?: string },
): Promise<Page<UserListItem>> {
  if (page.token && typeof decodePageToken(page.token).key !== 'string') throw new BadPageToken();
  return scanPage<StoredAccount, UserListItem>(store.db<StoredAccount>('accounts'), {
    view: 'admin-users/test_profiles',
    descending: true,
    startkey: PREFIX_END,
    limit: page.limit,
    token: page.token,
    pick: (doc) => (doc.type === 'account' && doc.isTestProfile === true ? listItem(doc) : undefined),
  });
}

/** An account an admin may look at: any real account, never a demo stand-in. */
export async function findUser(store: Store, uid: string): Promise<StoredAccount | undefined> {
  const account = await getAccount(store, uid);
  return account && account.type === 'account' && !account.standInFor ? account : undefined;
}

export async function userDetail(store: Store, uid: string): Promise<UserDetail | undefined> {
  const account = await findUser(store, uid);
  if (!account) return undefined;
  const stored = await readProfile(store, uid);
  const listed = await getOrUndefined(store.db<Provider>('providers'), uid);
  let profile: Record<string, unknown> | null = null;
  if (stored) {
    const { _id: _ignoredId, _rev: _ignoredRev, ...fields } = stored;
    profile = fields;
  }
  return {
    account: {
      ...listItem(account),
      ...(account.firstName ? { firstName: account.firstName } : {}),
      ...(account.lastName ? { lastName: account.lastName } : {}),
      signInMethod: account.provider,
      hasPassword: Boolean(account.passwordHash),
      updatedAt: account.updatedAt,
    },
    profile,
    publicProfile: listed
      ? {
          fullName: listed.fullName,
          slug: listed.slug,
          isVisible: listed.isVisible,
          isOnline: listed.isOnline,
          availability: listed.availability,
          rating: listed.rating,
          reviewCount: listed.reviewCount,
          ...(listed.completedCalls !== undefined ? { completedCalls: listed.completedCalls } : {}),
          isTestProfile: listed.isTestProfile === true,
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The detail's lists

type PageRequest = { limit: number; token?: string };

function checkPartyToken(token: string | undefined, uid: string): void {
  if (!token) return;
  const { key } = decodePageToken(token);
  if (!Array.isArray(key) || key[0] !== uid || typeof key[1] !== 'string') throw new BadPageToken();
}

function partyScan<T>(
  store: Store,
  uid: string,
  page: PageRequest,
  pick: (order: StoredOrder) => T | undefined,
): Promise<Page<T>> {
  checkPartyToken(page.token, uid);
  return scanPage<StoredOrder, T>(store.db<StoredOrder>('orders'), {
    view: 'order-parties/by_party',
    descending: true,
    startkey: [uid, PREFIX_END],
    endkey: [uid, ''],
    limit: page.limit,
    token: page.token,
    pick: (order) => (order.type === 'order' ? pick(order) : undefined),
  });
}

const sideOf = (order: StoredOrder, uid: string): 'client' | 'provider' =>
  order.client.uid === uid ? 'client' : 'provider';

/** The consultations the user booked or took, newest first. */
export function userConsultations(
  store: Store,
  uid: string,
  page: PageRequest,
): Promise<Page<ConsultationLine>> {
  return partyScan(store, uid, page, (order) => {
    const side = sideOf(order, uid);
    return {
      orderId: order.orderId,
      side,
      counterpart: side === 'client' ? order.provider.name : order.client.name,
      service: order.quote.service,
      state: order.state,
      paymentState: order.payment.state,
      total: order.quote.total,
      currency: order.quote.currency,
      ...(order.invoiceNumber ? { invoiceNumber: order.invoiceNumber } : {}),
      createdAt: order.createdAt,
    };
  });
}

/** The reviews the user wrote (a client) or received (a provider), newest consultation first. */
export function userReviews(store: Store, uid: string, page: PageRequest): Promise<Page<ReviewLine>> {
  return partyScan(store, uid, page, (order) =>
    order.review
      ? {
          orderId: order.orderId,
          side: sideOf(order, uid),
          author: order.client.name,
          providerName: order.provider.name,
          rating: order.review.rating,
          comment: order.review.comment,
          language: order.review.language,
          published: order.review.state === 'done',
          at: order.review.at,
        }
      : undefined,
  );
}

type StoredInvoice = InvoiceDoc & { _id: string };

/** The invoices issued to the user (their own database), newest first. */
export async function userInvoices(store: Store, uid: string, page: PageRequest): Promise<Page<InvoiceLine>> {
  if (page.token) {
    const { key } = decodePageToken(page.token);
    if (typeof key !== 'string' || !key.startsWith('invoice:')) throw new BadPageToken();
  }
  try {
    return await scanPage<StoredInvoice, InvoiceLine>(store.db<StoredInvoice>(userDbName(uid)), {
      view: '_all_docs',
      descending: true,
      startkey: `invoice:${PREFIX_END}`,
      endkey: 'invoice:',
      limit: page.limit,
      token: page.token,
      pick: (doc) =>
        doc.type === 'invoice'
          ? {
              number: doc.number,
              orderId: doc.orderId,
              issuedAt: doc.issuedAt,
              service: doc.service,
              currency: doc.currency,
              total: doc.amounts.total,
            }
          : undefined,
    });
  } catch (error) {
    if (isNotFound(error)) return { items: [] };
    throw error;
  }
}
