/**
 * Providers' balances, summed by the store from the ledger (`provider-balances/by_provider`, keyed
 * `[providerId, currency, kind]`, signed amounts, `_sum`): grouped by two key parts, a balance;
 * by three, its parts (earned, recovered, paid out, given back). Never a read of the whole ledger.
 */
import type { Currency } from '../../../src/domain/config';
import type { ProviderBalanceView } from '../../../src/domain/payouts';
import { accountIds } from '../../../src/domain/account';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { docsById } from '../admin/docs-by-id';
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
  const earned = part('provider_share');
  // What refunds took back and what disputes hold (or lost): both come out of the provider's share.
  const recovered = -part('provider_recovery') - part('dispute_hold') - part('dispute_release');
  const paidOut = -part('payout') - part('payout_reversal');
  return { providerId, currency, earned, recovered, paidOut, balance: earned - recovered - paidOut };
}

/** One page of balances by provider id (and currency), optionally one provider's only. */
export async function balancesPage(
  store: Store,
  query: { providerId?: string; limit?: number; token?: string },
): Promise<Page<ProviderBalanceView>> {
  const size = Math.min(Math.max(1, query.limit ?? PAGE_SIZE_DEFAULT), PAGE_SIZE_MAX);
  const from = query.token ? (decodePageToken(query.token).key as Key2) : undefined;
  const range = query.providerId
    ? { startkey: [query.providerId], endkey: [query.providerId, PREFIX_END] }
    : {};
  const groups = await readGroups<Key2>(store, 2, {
    ...range,
    ...(from ? { startkey: from } : {}),
    limit: size + 1,
  });
  const shown = groups.slice(0, size);
  if (shown.length === 0) return { items: [] };
  const first = shown[0]!.key;
  const last = shown[shown.length - 1]!.key;
  const parts = await readGroups<Key3>(store, 3, {
    startkey: [first[0], first[1]],
    endkey: [last[0], last[1], PREFIX_END],
  });
  const items = shown.map(({ key }) => breakdown(parts, key[0], key[1]));
  const following = groups[size];
  return { items, ...(following ? { next: encodePageToken({ key: following.key, id: '' }) } : {}) };
}

/** A page of balances with each provider's name, role and connected account (the console's list). */
export async function providerBalances(
  store: Store,
  query: { providerId?: string; limit?: number; token?: string },
): Promise<Page<ProviderBalanceView>> {
  const page = await balancesPage(store, query);
  const ids = [...new Set(page.items.map((item) => item.providerId))];
  const [names, accounts] = await Promise.all([
    providerNames(store, ids),
    docsById<StoredAccount & { payout?: PayoutSettings }>(store, 'accounts', ids.map(accountIds.account)),
  ]);
  const items = page.items.map((item) => {
    const name = names.get(item.providerId);
    const stored = accounts.get(accountIds.account(item.providerId));
    const account = stored?.payout?.stripeAccountId;
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
