/**
 * The payments as the console lists and shows them (screen `finance/payments`): every order seen
 * from its money, paged by the store's views, never loaded whole.
 *
 * Which view a page reads (the most selective the query allows; the other filters are applied while
 * scanning, see paging.ts):
 * - a query that is the exact e-mail of an account: that person's orders as client or provider
 *   (`order-parties/by_party`, `payment-lists/by_party_amount`). A provider's e-mail is on their
 *   account, not on the order, so this is how "the provider's e-mail" is searched;
 * - any other query: the order's words (names, client e-mail, order id, gateway id) by prefix
 *   (`payment-lists/search`, `search_amount`). A record is listed under its first word that matches
 *   the query's lead word only, so pages never repeat it;
 * - a state: `payment-lists/by_state_created`, `by_state_amount`;
 * - else every order: `consultation-lists/by_created`, `payment-lists/by_amount`.
 * Each has a date and an amount variant, so the sort is the view's own order.
 *
 * The detail is the consultation as the calls screen shows it (consultations.ts) with the ledger's
 * running total (src/domain/admin-payments.ts).
 */
import { accountIds } from '../../../src/domain/account';
import type { LedgerLine, PaymentDetail, PaymentRow, PaymentSort } from '../../../src/domain/admin-payments';
import { withRunningTotal } from '../../../src/domain/admin-payments';
import type { Currency } from '../../../src/domain/config';
import type { PaymentGatewayKind, PaymentState } from '../../../src/domain/order';
import type { Store } from '../../store/store';
import { getOrUndefined } from '../../store/store';
import type { StoredOrder } from '../consultation/types';
import { consultationDetail } from './consultations';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';
import { listedAtLead, searchPlan } from './search-tokens';

export type { LedgerLine, PaymentDetail, PaymentRow };

export type PaymentFilter = {
  state?: PaymentState;
  gateway?: PaymentGatewayKind;
  currency?: Currency;
  /** Created at or after / before (ISO instants). */
  from?: string;
  to?: string;
  q?: string;
  sort: PaymentSort;
  dir: 'asc' | 'desc';
  limit: number;
  token?: string;
};

/** After every number and string in CouchDB's collation: the high end of an array-prefix range. */
const HIGH = {};

function searchText(order: StoredOrder): string {
  return [
    order.client.name,
    order.provider.name,
    order.client.email,
    order.orderId,
    order.payment.intentId,
  ].join(' ');
}

export function paymentRow(order: StoredOrder): PaymentRow {
  const { payment } = order;
  const isTest = order.provider.isTestProfile === true;
  return {
    orderId: order.orderId,
    createdAt: order.createdAt,
    client: { uid: order.client.uid, name: order.client.name, email: order.client.email },
    provider: {
      id: order.provider.id,
      name: order.provider.name,
      role: order.provider.role,
      ...(isTest ? { isTestProfile: true } : {}),
    },
    amount: order.quote.total,
    currency: order.quote.currency,
    gateway: payment.gateway,
    intentId: payment.intentId,
    state: payment.state,
    ...(payment.authorisedAt ? { authorisedAt: payment.authorisedAt } : {}),
    ...(payment.capturedAt ? { capturedAt: payment.capturedAt } : {}),
    ...(payment.releasedAt ? { releasedAt: payment.releasedAt } : {}),
    ...(payment.refundedAt ? { refundedAt: payment.refundedAt } : {}),
    ...(payment.lastError ? { lastError: payment.lastError } : {}),
  };
}

/** The account an exact e-mail names, if any. */
async function accountByEmail(store: Store, query: string): Promise<string | undefined> {
  const email = query.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return undefined;
  const key = await getOrUndefined(store.db<{ uid?: string }>('accounts'), accountIds.email(email));
  return typeof key?.uid === 'string' ? key.uid : undefined;
}

/** The view range a page reads, in ascending order (`low` → `high`), and the test only it needs. */
type Plan = {
  view: string;
  low?: unknown;
  high?: unknown;
  keep?: (order: StoredOrder, key: unknown) => boolean;
};

async function planOf(store: Store, filter: PaymentFilter): Promise<Plan> {
  const byAmount = filter.sort === 'amount';
  const from = filter.from ?? '';
  const to = filter.to ?? PREFIX_END;
  const party = filter.q ? await accountByEmail(store, filter.q) : undefined;
  if (party) {
    return byAmount
      ? { view: 'payment-lists/by_party_amount', low: [party], high: [party, HIGH] }
      : { view: 'order-parties/by_party', low: [party, from], high: [party, to] };
  }
  const words = filter.q ? searchPlan(filter.q) : undefined;
  if (words) {
    const { lead } = words;
    return {
      view: byAmount ? 'payment-lists/search_amount' : 'payment-lists/search',
      low: [lead],
      high: [lead + PREFIX_END],
      // Listed once in the whole range: under its first word that starts with the lead word.
      keep: (order, key) => listedAtLead(words, searchText(order), key),
    };
  }
  if (filter.state) {
    return byAmount
      ? { view: 'payment-lists/by_state_amount', low: [filter.state], high: [filter.state, HIGH] }
      : { view: 'payment-lists/by_state_created', low: [filter.state, from], high: [filter.state, to] };
  }
  return byAmount
    ? { view: 'payment-lists/by_amount' }
    : { view: 'consultation-lists/by_created', low: from, high: to };
}

/** One page of payments, in the order of `sort` and `dir`. */
export async function listPayments(store: Store, filter: PaymentFilter): Promise<Page<PaymentRow>> {
  const plan = await planOf(store, filter);
  const descending = filter.dir === 'desc';
  const keep = (order: StoredOrder, key: unknown) =>
    (!filter.state || order.payment.state === filter.state) &&
    (!filter.gateway || order.payment.gateway === filter.gateway) &&
    (!filter.currency || order.quote.currency === filter.currency) &&
    (!filter.from || order.createdAt >= filter.from) &&
    (!filter.to || order.createdAt <= filter.to) &&
    (!plan.keep || plan.keep(order, key));
  return scanPage<StoredOrder, PaymentRow>(store.db<StoredOrder>('orders'), {
    view: plan.view,
    descending,
    ...(descending ? { startkey: plan.high, endkey: plan.low } : { startkey: plan.low, endkey: plan.high }),
    limit: filter.limit,
    token: filter.token,
    pick: (order, key) => (order.type === 'order' && keep(order, key) ? paymentRow(order) : undefined),
  });
}

/** One payment in full, or undefined when there is no such order. */
export async function paymentDetail(store: Store, orderId: string): Promise<PaymentDetail | undefined> {
  const [order, consultation] = await Promise.all([
    getOrUndefined(store.db<StoredOrder>('orders'), orderId),
    consultationDetail(store, orderId),
  ]);
  if (!order || !consultation) return undefined;
  return {
    payment: paymentRow(order),
    providerHasAccount: order.provider.hasAccount,
    consultation,
    ledger: withRunningTotal(consultation.ledger),
  };
}
