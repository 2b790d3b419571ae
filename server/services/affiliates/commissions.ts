/**
 * The console's list of affiliates' commissions (affiliates/commissions): the ledger's
 * `affiliate_commission` and `affiliate_recovery` entries (written with the consultation's money,
 * consultation/ledger.ts), newest first, all affiliates (`affiliate-ledger/by_at`) or one
 * (`affiliate-ledger/by_affiliate`), within dates, paged by the store.
 */
import type { AffiliateCommissionRow, AffiliateEntryKind } from '../../../src/domain/affiliates';
import type { Store } from '../../store/store';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { docsById } from '../admin/docs-by-id';
import type { LedgerEntry } from '../consultation/ledger';
import { affiliateIds } from './records';
import type { StoredAffiliate } from './records';
import { AFFILIATES_DB } from './records';

export type CommissionQuery = {
  affiliateId?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  limit: number;
  token?: string;
};

function row(entry: LedgerEntry): AffiliateCommissionRow | undefined {
  if (entry.kind !== 'affiliate_commission' && entry.kind !== 'affiliate_recovery') return undefined;
  if (!entry.affiliateId) return undefined;
  return {
    id: entry._id,
    kind: entry.kind satisfies AffiliateEntryKind,
    affiliateId: entry.affiliateId,
    orderId: entry.orderId,
    clientId: entry.clientId,
    ...(entry.refundId ? { refundId: entry.refundId } : {}),
    ...(entry.disputeId ? { disputeId: entry.disputeId } : {}),
    amount: entry.amount,
    currency: entry.currency,
    at: entry.at,
  };
}

export async function listCommissions(
  store: Store,
  query: CommissionQuery,
): Promise<Page<AffiliateCommissionRow>> {
  const prefix = query.affiliateId ? [query.affiliateId] : [];
  const high = query.to ? [...prefix, query.to] : [...prefix, PREFIX_END];
  const low = query.from ? [...prefix, query.from] : prefix;
  const page = await scanPage<LedgerEntry, AffiliateCommissionRow>(store.db<LedgerEntry>('ledger'), {
    view: query.affiliateId ? 'affiliate-ledger/by_affiliate' : 'affiliate-ledger/by_at',
    descending: true,
    // by_at is keyed by the instant alone.
    startkey: query.affiliateId ? high : high[0],
    endkey: query.affiliateId ? low : (low[0] ?? ''),
    limit: query.limit,
    token: query.token,
    pick: (entry) => {
      // `to` is exclusive: the range's high end includes it.
      if (query.to && entry.at >= query.to) return undefined;
      return row(entry);
    },
  });
  const affiliates = await docsById<StoredAffiliate>(
    store,
    AFFILIATES_DB,
    [...new Set(page.items.map((item) => item.affiliateId))].map(affiliateIds.affiliate),
  );
  return {
    ...page,
    items: page.items.map((item) => {
      const name = affiliates.get(affiliateIds.affiliate(item.affiliateId))?.name;
      return name ? { ...item, affiliateName: name } : item;
    }),
  };
}
