/**
 * Referrals: the affiliate whose link a client signed up through (`referral:<clientUid>`, written
 * once at sign-up), what a checkout reads to know whom the consultation earns a commission for, and
 * the console's list of an affiliate's clients.
 *
 * A referral is a fact of the sign-up, never an error of it: an unknown or inactive code, or an
 * affiliate referring their own address, records nothing and the sign-up goes on.
 */
import { normalizeEmail } from '../../../src/domain/email';
import { normalizeReferralCode, withinReferralWindow } from '../../../src/domain/affiliates';
import type { ReferralView } from '../../../src/domain/affiliates';
import { accountIds } from '../../../src/domain/account';
import { createOnce, getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { docsById } from '../admin/docs-by-id';
import type { Page } from '../admin/paging';
import { scanPage } from '../admin/paging';
import type { StoredOrder } from '../consultation/types';
import { affiliateIds, affiliatesDb, AFFILIATES_DB, readAffiliate } from './records';
import type { StoredReferral } from './records';

/** Records that the client signed up through `code`; answers the referral, or undefined when none was made. */
export async function recordReferral(
  store: Store,
  {
    clientUid,
    clientEmail,
    code: raw,
    now = new Date(),
  }: {
    clientUid: string;
    clientEmail: string;
    code: unknown;
    now?: Date;
  },
): Promise<StoredReferral | undefined> {
  const code = normalizeReferralCode(raw);
  if (!code) return undefined;
  const affiliate = await readAffiliate(store, code);
  if (!affiliate?.active || affiliate.email === normalizeEmail(clientEmail)) return undefined;
  const referral: StoredReferral = {
    _id: affiliateIds.referral(clientUid),
    type: 'referral',
    clientUid,
    affiliateId: affiliate.id,
    code,
    at: now.toISOString(),
  };
  if (await createOnce(store, AFFILIATES_DB, referral)) return referral;
  return getOrUndefined(affiliatesDb<StoredReferral>(store), referral._id);
}

/** Whom a consultation paid by this client now earns a commission for (frozen on the order). */
export async function affiliateOfClient(
  store: Store,
  clientUid: string,
  at: Date,
): Promise<StoredOrder['affiliate']> {
  const referral = await getOrUndefined(
    affiliatesDb<StoredReferral>(store),
    affiliateIds.referral(clientUid),
  );
  if (referral?.type !== 'referral' || !withinReferralWindow(referral.at, at)) return undefined;
  const affiliate = await readAffiliate(store, referral.affiliateId);
  if (!affiliate?.active) return undefined;
  return { id: affiliate.id, rate: affiliate.rate };
}

/** How many clients each affiliate brought, in one request. */
export async function referralCounts(store: Store, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const answer = await affiliatesDb(store).view<number>('affiliates', 'referral_counts', {
    keys: [...new Set(ids)],
    group: true,
    reduce: true,
  });
  return new Map(
    (answer.rows as unknown as { key: string; value: number }[]).map((row) => [row.key, row.value]),
  );
}

/** An affiliate's referred clients, newest first, with their names. */
export async function listReferrals(
  store: Store,
  query: { affiliateId: string; limit: number; token?: string },
): Promise<Page<ReferralView>> {
  const page = await scanPage(affiliatesDb<StoredReferral>(store), {
    view: 'affiliates/referrals_by_affiliate',
    descending: true,
    startkey: [query.affiliateId, {}],
    endkey: [query.affiliateId],
    limit: query.limit,
    token: query.token,
    pick: (doc) => (doc.type === 'referral' ? doc : undefined),
  });
  const accounts = await docsById<StoredAccount>(
    store,
    'accounts',
    page.items.map((referral) => accountIds.account(referral.clientUid)),
  );
  return {
    ...page,
    items: page.items.map((referral) => {
      const name = accounts.get(accountIds.account(referral.clientUid))?.displayName;
      return {
        clientUid: referral.clientUid,
        ...(name ? { clientName: name } : {}),
        code: referral.code,
        at: referral.at,
      };
    }),
  };
}
