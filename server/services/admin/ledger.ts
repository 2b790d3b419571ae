/**
 * The ledger read by the admin (finance/ledger): an order's or a provider's entries, paged in time
 * order with `scanPage` on the `ledger-entries` views, each with its running balance; and the whole
 * ledger read in batches for the balance check (src/domain/ledger-balance.ts).
 *
 * The views' keys are unique per entry (`[orderId, at, rank]`, `[providerId, currency, at, id]`);
 * `by_*` are scanned for pages, and their twins `sum_by_*` sum the entries' effects (`_sum`): a page's opening balance is the sum of
 * the keys before its first row, so the running balance is right on any page without trusting
 * anything the page token carries.
 */
import type {
  CurrencyBalance,
  LedgerPageAnswer,
  LedgerSubject,
  LedgerViewLine,
} from '../../../src/domain/admin-ledger';
import { checkLedgerBalance, providerBalanceSign } from '../../../src/domain/ledger-balance';
import type { LedgerBalanceEntry, LedgerCheckResult } from '../../../src/domain/ledger-balance';
import type { Store } from '../../store/store';
import { getOrUndefined } from '../../store/store';
import type { AnyLedgerEntry } from '../consultation/ledger';
import type { StoredOrder } from '../consultation/types';
import { decodePageToken, PREFIX_END, scanPage } from './paging';

export type LedgerQuery = {
  subject: LedgerSubject;
  id: string;
  currency?: string;
  from?: string;
  to?: string;
  limit: number;
  token?: string;
};

type SumRow = { key: unknown; value: number };

const BATCH = 500;

async function sumBetween(store: Store, view: string, startkey: unknown, endkey: unknown): Promise<number> {
  const answer = await store.db('ledger').view<number>('ledger-entries', `sum_${view}`, {
    reduce: true,
    startkey,
    endkey,
    inclusive_end: false,
  });
  return (answer.rows as unknown as SumRow[]).reduce((sum, row) => sum + row.value, 0);
}

/** The currencies a provider has balance entries in (grouped by `[providerId, currency]`). */
async function providerCurrencies(store: Store, providerId: string): Promise<string[]> {
  const answer = await store.db('ledger').view<number>('ledger-entries', 'sum_by_provider', {
    reduce: true,
    group_level: 2,
    startkey: [providerId],
    endkey: [providerId, {}],
  });
  return (answer.rows as unknown as { key: [string, string] }[]).map((row) => row.key[1]);
}

/**
 * A provider's balance per currency (the view grouped by `[providerId, currency]`), or an order's
 * money kept in its one currency (the order says which): one reduced read, never the entries.
 */
export async function ledgerBalances(
  store: Store,
  subject: LedgerSubject,
  id: string,
): Promise<CurrencyBalance[]> {
  if (subject === 'provider') {
    const answer = await store.db('ledger').view<number>('ledger-entries', 'sum_by_provider', {
      reduce: true,
      group_level: 2,
      startkey: [id],
      endkey: [id, {}],
    });
    return (answer.rows as unknown as { key: [string, string]; value: number }[]).map((row) => ({
      currency: row.key[1],
      balance: row.value,
    }));
  }
  const order = await getOrUndefined(store.db<StoredOrder>('orders'), id);
  if (!order || order.type !== 'order') return [];
  const kept = await sumBetween(store, 'by_order', [id], [id, PREFIX_END]);
  return [{ currency: order.quote.currency, balance: kept }];
}

export async function ledgerPage(store: Store, query: LedgerQuery): Promise<LedgerPageAnswer> {
  let prefix: unknown[];
  let view: 'by_order' | 'by_provider';
  let currency: string | undefined;
  let currencies: string[] | undefined;
  if (query.subject === 'order') {
    view = 'by_order';
    prefix = [query.id];
  } else {
    view = 'by_provider';
    currencies = await providerCurrencies(store, query.id);
    currency = query.currency ?? currencies[0] ?? 'EUR';
    prefix = [query.id, currency];
  }
  const startkey = query.from ? [...prefix, query.from] : prefix;
  const endkey = [...prefix, query.to ?? PREFIX_END];
  // Where this page starts: the token's position, or the range's start.
  const position = query.token ? decodePageToken(query.token).key : startkey;
  const opening = await sumBetween(store, view, prefix, position);
  const page = await scanPage<AnyLedgerEntry, LedgerViewLine>(store.db<AnyLedgerEntry>('ledger'), {
    view: `ledger-entries/${view}`,
    startkey,
    endkey,
    limit: query.limit,
    token: query.token,
    pick: (doc) => ({
      id: doc._id,
      kind: doc.kind,
      ...('orderId' in doc ? { orderId: doc.orderId } : { payoutId: doc.payoutId }),
      providerId: doc.providerId,
      amount: doc.amount,
      currency: doc.currency,
      at: doc.at,
      effect: 0,
      running: 0,
    }),
  });
  let running = opening;
  const sign = query.subject === 'order' ? orderSign : providerSign;
  const items = page.items.map((line) => {
    const effect = sign(line.kind) * line.amount;
    running += effect;
    return { ...line, effect, running };
  });
  return {
    subject: query.subject,
    id: query.id,
    ...(currency ? { currency, currencies } : {}),
    opening,
    items,
    ...(page.next ? { next: page.next } : {}),
  };
}

// The views' signs, for the lines (the views' values are these times the amount).
function orderSign(kind: string): number {
  return kind === 'capture' ? 1 : kind === 'refund' || kind === 'dispute_lost' ? -1 : 0;
}
function providerSign(kind: string): number {
  return providerBalanceSign(kind);
}

/** Every ledger entry, read in batches of the primary index. */
export async function wholeLedger(store: Store): Promise<LedgerBalanceEntry[]> {
  const entries: LedgerBalanceEntry[] = [];
  let startkey: string | undefined;
  for (;;) {
    const { rows } = await store.db<AnyLedgerEntry>('ledger').list({
      include_docs: true,
      limit: BATCH + 1,
      ...(startkey ? { startkey } : {}),
    });
    const more = rows.length > BATCH;
    for (const row of more ? rows.slice(0, BATCH) : rows) {
      if (row.doc && row.doc.type === 'ledger') entries.push(row.doc);
    }
    if (!more) return entries;
    startkey = rows[BATCH]!.id;
  }
}

export async function checkLedger(store: Store): Promise<LedgerCheckResult> {
  return checkLedgerBalance(await wholeLedger(store));
}
