/**
 * Providers' balances, summed by the store from the ledger (`provider-balances/by_provider`, keyed
 * `[providerId, currency, kind]`, signed amounts, `_sum`): grouped by two key parts, a balance;
 * by three, its parts (earned, recovered, paid out, given back). Never a read of the whole ledger.
 */
import type { Currency } from '../../../src/domain/config';
import { AFFILIATE_PAYEE_PREFIX, affiliateOfPayee, payeeKind } from '../../../src/domain/affiliates';
import type { PayeeKind } from '../../../src/domain/affiliates';
import type { ProviderBalanceView } from '../../../src/domain/payouts';
import { accountIds } from '../../../src/domain/account';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { docsById } from '../admin/docs-by-id';
import { affiliateIds, AFFILIATES_DB } from '../affiliates/records';
import type { StoredAffiliate } from '../affiliates/records';
import {
  decodePageToken,
  encodePageToken,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PREFIX_END,
} from '../admin/paging';
import type { Page } from '../admin/paging';
import type { PayoutSettings } from './connected-accounts';
import { providerNames } from './names';

type Key2 = [string, Currency];
type Key3 = [string, Currency, string];
type Row<K> = { key: K; value: number };

const BATCH = 500;

function readGroups<K>(store: Store, level: 2 | 3, params: Record<string, unknown>): Promise<Row<K>[]> {
  return store
    .db('ledger')
    .view<number>('provider-balances', 'by_provider', { reduce: true, group_level: level, ...params })
    .then((answer) => answer.rows as unknown as Row<K>[]);
}

export type Balance = { providerId: string; currency: Currency; balance: number };

/** Every provider and currency with money to pay (balance above zero), in key order. */
export async function* positiveBalances(store: Store): AsyncGenerator<Balance> {
  let startkey: unknown;
  for (;;) {
    const rows = await readGroups<Key2>(store, 2, {
      limit: BATCH + 1,
      ...(startkey ? { startkey } : {}),
    });
    const page = rows.slice(0, BATCH);
    for (const { key, value } of page) {
      if (value > 0) yield { providerId: key[0], currency: key[1], balance: value };
    }
    if (rows.length <= BATCH) return;
    startkey = rows[BATCH]!.key;
  }
}

/** One provider's current balance in one currency (0 when nothing was recorded). */
export async function balanceOf(store: Store, providerId: string, currency: Currency): Promise<number> {
  const rows = await readGroups<Key2>(store, 2, {
    startkey: [providerId, currency],
    endkey: [providerId, currency, PREFIX_END],
  });
  return rows[0]?.value ?? 0;
}

/** One provider's parts in one currency, from the rows grouped by `[providerId, currency, kind]`. */
export function breakdown(rows: Row<Key3>[], providerId: string, currency: Currency): ProviderBalanceView {
  const part = (kind: string) =>
    rows.find((row) => row.key[0] === providerId && row.key[1] === currency && row.key[2] === kind)?.value ??
    0;
  // A provider's shares, or an affiliate's commissions (a payee has only one of the two).
  const earned = part('provider_share') + part('affiliate_commission');
  // What refunds took back and what disputes hold (or lost): both come out of the provider's share.
  const recovered =
    -part('provider_recovery') - part('dispute_hold') - part('dispute_release') - part('affiliate_recovery');
  const paidOut = -part('payout') - part('payout_reversal');
  return { providerId, currency, earned, recovered, paidOut, balance: earned - recovered - paidOut };
}

export type BalancesQuery = { providerId?: string; payee?: PayeeKind; limit?: number; token?: string };

/** The view's key range of a query: one payee, every affiliate (one prefix), or everyone. */
function balancesRange(query: BalancesQuery): { startkey?: unknown; endkey?: unknown } {
  if (query.providerId) return { startkey: [query.providerId], endkey: [query.providerId, PREFIX_END] };
  if (query.payee === 'affiliate') {
    return { startkey: [AFFILIATE_PAYEE_PREFIX], endkey: [AFFILIATE_PAYEE_PREFIX + PREFIX_END] };
  }
  return {};
}

/**
 * One page of balances by payee id (and currency): one payee's, the affiliates', the providers'
 * (the affiliates' range left out while reading: such a page may be short) or everyone's.
 */
export async function balancesPage(store: Store, query: BalancesQuery): Promise<Page<ProviderBalanceView>> {
  const size = Math.min(Math.max(1, query.limit ?? PAGE_SIZE_DEFAULT), PAGE_SIZE_MAX);
  const from = query.token ? (decodePageToken(query.token).key as Key2) : undefined;
  const read = await readGroups<Key2>(store, 2, {
    ...balancesRange(query),
    ...(from ? { startkey: from } : {}),
    limit: size + 1,
  });
  const following = read[size];
  const shown = read.slice(0, size).filter(({ key }) => !query.payee || payeeKind(key[0]) === query.payee);
  if (shown.length === 0) {
    return following ? { items: [], next: encodePageToken({ key: following.key, id: '' }) } : { items: [] };
  }
  const first = shown[0]!.key;
  const last = shown[shown.length - 1]!.key;
  const parts = await readGroups<Key3>(store, 3, {
    startkey: [first[0], first[1]],
    endkey: [last[0], last[1], PREFIX_END],
  });
  const items = shown.map(({ key }) => breakdown(parts, key[0], key[1]));
  return { items, ...(following ? { next: encodePageToken({ key: following.key, id: '' }) } : {}) };
}

/** A page of balances with each provider's name, role and connected account (the console's list). */
export async function providerBalances(
  store: Store,
  query: BalancesQuery,
): Promise<Page<ProviderBalanceView>> {
  const page = await balancesPage(store, query);
  const ids = [...new Set(page.items.map((item) => item.providerId))];
  const affiliates = ids.filter((id) => payeeKind(id) === 'affiliate');
  const providers = ids.filter((id) => payeeKind(id) === 'provider');
  const [names, accounts, records] = await Promise.all([
    providerNames(store, ids),
    docsById<StoredAccount & { payout?: PayoutSettings }>(
      store,
      'accounts',
      providers.map(accountIds.account),
    ),
    docsById<StoredAffiliate>(
      store,
      AFFILIATES_DB,
      affiliates.map((id) => affiliateIds.affiliate(affiliateOfPayee(id)!)),
    ),
  ]);
  const items = page.items.map((item) => {
    const name = names.get(item.providerId);
    const stored = accounts.get(accountIds.account(item.providerId));
    const affiliateId = affiliateOfPayee(item.providerId);
    // A provider's connected account is on their account; an affiliate's on its own record.
    const account = affiliateId
      ? records.get(affiliateIds.affiliate(affiliateId))?.stripeAccountId
      : stored?.payout?.stripeAccountId;
    const role = stored?.role === 'lawyer' || stored?.role === 'expat' ? stored.role : undefined;
    return {
      ...item,
      ...(name ? { providerName: name } : {}),
      ...(role ? { providerRole: role } : {}),
      ...(account ? { stripeAccountId: account } : {}),
    };
  });
  return { ...page, items };
}
