/**
 * The consultations as the admin console lists and shows them (screens `calls` and `calls/sessions`):
 * every order with its call's phase and the client's money, paged by the store's views
 * (`consultation-lists` on `orders`, `call-phases` on `calls`), and one consultation in full with
 * its call legs, the telephony's callbacks (`call-logs` on `logs`) and its ledger entries.
 */
import type { ConsultationDetail, ConsultationRow } from '../../../src/domain/admin-ops';
import { clientMoney } from '../../../src/domain/payment-state';
import type { CallPhase, OrderState } from '../../../src/domain/order';
import { isFinalPhase } from '../../../src/domain/order';
import type { Store } from '../../store/store';
import { getOrUndefined } from '../../store/store';
import type { LedgerEntry, LedgerKind } from '../consultation/ledger';
import type { StoredCall, StoredOrder } from '../consultation/types';

export type { ConsultationDetail, ConsultationRow };
import { docsById } from './docs-by-id';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';
import { matchesAll, searchPlan } from './search-tokens';

export type ConsultationFilter = {
  state?: OrderState;
  phase?: CallPhase;
  /** Created at or after / before (ISO instants). */
  from?: string;
  to?: string;
  q?: string;
  limit: number;
  token?: string;
  dir: 'asc' | 'desc';
};

type CallLog = {
  _id: string;
  type: 'call_log';
  callId: string;
  timestamp: string;
  data: Record<string, unknown>;
};

const LOGS_SHOWN = 200;
/** An order has a handful of entries (a few per partial refund): this bounds a pathological one. */
const LEDGER_ENTRIES_SHOWN = 200;
const LEDGER_KINDS: LedgerKind[] = [
  'authorisation',
  'capture',
  'commission',
  'provider_share',
  'release',
  'refund',
  'provider_recovery',
  'dispute_hold',
  'dispute_release',
  'dispute_lost',
  'affiliate_commission',
  'affiliate_recovery',
];

function searchText(order: StoredOrder): string {
  return [order.client.name, order.provider.name, order.client.email, order.orderId].join(' ');
}

function row(order: StoredOrder, call: StoredCall | undefined): ConsultationRow {
  const phase = call?.state.phase ?? 'scheduled';
  const isTest = (order.provider as { isTestProfile?: boolean }).isTestProfile === true;
  return {
    orderId: order.orderId,
    createdAt: order.createdAt,
    state: order.state,
    service: order.quote.service,
    total: order.quote.total,
    currency: order.quote.currency,
    client: { uid: order.client.uid, name: order.client.name },
    provider: {
      id: order.provider.id,
      name: order.provider.name,
      role: order.provider.role,
      ...(isTest ? { isTestProfile: true } : {}),
    },
    payment: order.payment.state,
    money: clientMoney({
      payment: order.payment.state,
      phase: call ? phase : undefined,
      refunded: order.payment.refunded,
    }),
    phase,
    attempt: call?.state.attempt ?? 0,
    ...(call?.state.failure ? { failure: call.state.failure } : {}),
  };
}

function inRange(at: string, from?: string, to?: string): boolean {
  return (!from || at >= from) && (!to || at <= to);
}

/** One page of consultations, newest first unless `dir` is `asc`. */
export async function listConsultations(
  store: Store,
  filter: ConsultationFilter,
): Promise<Page<ConsultationRow>> {
  const descending = filter.dir === 'desc';
  const plan = filter.q ? searchPlan(filter.q) : undefined;
  const keep = (order: StoredOrder) =>
    (!filter.state || order.state === filter.state) &&
    inRange(order.createdAt, filter.from, filter.to) &&
    (!plan || matchesAll(plan.all, searchText(order)));
  const range = <K>(low: K, high: K) =>
    descending ? { startkey: high, endkey: low } : { startkey: low, endkey: high };

  if (filter.phase) {
    // The phase lives on the call: page through the calls of that phase, then read their orders.
    const page = await scanPage<StoredCall, StoredCall>(store.db<StoredCall>('calls'), {
      view: 'call-phases/list_by_phase',
      descending,
      ...range([filter.phase, filter.from ?? ''], [filter.phase, filter.to ?? PREFIX_END]),
      limit: filter.limit,
      token: filter.token,
      pick: (call) => call,
    });
    const orders = await docsById<StoredOrder>(
      store,
      'orders',
      page.items.map((call) => call.orderId),
    );
    const items = page.items.flatMap((call) => {
      const order = orders.get(call.orderId);
      return order && keep(order) ? [row(order, call)] : [];
    });
    return { items, ...(page.next ? { next: page.next } : {}) };
  }

  const view = plan
    ? { view: 'consultation-lists/search', ...range([plan.lead], [plan.lead + PREFIX_END]) }
    : filter.state
      ? {
          view: 'consultation-lists/by_state_created',
          ...range([filter.state, filter.from ?? ''], [filter.state, filter.to ?? PREFIX_END]),
        }
      : { view: 'consultation-lists/by_created', ...range(filter.from ?? '', filter.to ?? PREFIX_END) };
  const seen = new Set<string>();
  const page = await scanPage<StoredOrder, StoredOrder>(store.db<StoredOrder>('orders'), {
    ...view,
    descending,
    limit: filter.limit,
    token: filter.token,
    // A search word may start two words of one record: the record is listed once per page.
    pick: (order) => (keep(order) && !seen.has(order.orderId) && seen.add(order.orderId) ? order : undefined),
  });
  const calls = await docsById<StoredCall>(
    store,
    'calls',
    page.items.map((order) => order.orderId),
  );
  return {
    items: page.items.map((order) => row(order, calls.get(order.orderId))),
    ...(page.next ? { next: page.next } : {}),
  };
}

/** One consultation in full, or undefined when there is no such order. */
export async function consultationDetail(
  store: Store,
  orderId: string,
): Promise<ConsultationDetail | undefined> {
  const order = await getOrUndefined(store.db<StoredOrder>('orders'), orderId);
  if (!order) return undefined;
  const [call, logs, ledger] = await Promise.all([
    getOrUndefined(store.db<StoredCall>('calls'), orderId),
    store.db<CallLog>('logs').view<null>('call-logs', 'by_call', {
      startkey: [orderId],
      endkey: [orderId, PREFIX_END],
      include_docs: true,
      limit: LOGS_SHOWN,
    }),
    // Every entry of the order, by its id's prefix: a partly refunded order has one `refund` and one
    // `provider_recovery` per refund (`<orderId>:refund:<refundId>`), not only the fixed ids.
    store.db<LedgerEntry>('ledger').list({
      startkey: `${orderId}:`,
      endkey: `${orderId}:${PREFIX_END}`,
      include_docs: true,
      limit: LEDGER_ENTRIES_SHOWN,
    }),
  ]);
  const base = row(order, call);
  const { clientSecret: _secret, ...payment } = order.payment;
  const running = !!call && !isFinalPhase(call.state.phase) && call.state.phase !== 'scheduled';
  const over = !running;
  return {
    ...base,
    commissionRate: order.commissionRate,
    quote: order.quote,
    client: {
      ...base.client,
      email: order.client.email,
      language: order.client.language,
      phone: order.booking.phone,
    },
    booking: {
      title: order.booking.title,
      description: order.booking.description,
      interventionCountry: order.booking.interventionCountry,
      languages: order.booking.languages,
    },
    ...(order.invoiceNumber ? { invoiceNumber: order.invoiceNumber } : {}),
    paymentDetail: payment,
    ...(call
      ? {
          call: {
            leg: call.state.leg,
            ...(call.state.retryAt ? { retryAt: call.state.retryAt } : {}),
            ...(call.state.connectedAt ? { connectedAt: call.state.connectedAt } : {}),
            ...(call.state.endsAt ? { endsAt: call.state.endsAt } : {}),
            ...(call.state.endedAt ? { endedAt: call.state.endedAt } : {}),
            ...(call.state.callSeconds !== undefined ? { callSeconds: call.state.callSeconds } : {}),
            ...(call.expectedCallAt ? { expectedCallAt: call.expectedCallAt } : {}),
            legs: Object.values(call.state.calls).sort(
              (a, b) => a.attempt - b.attempt || a.leg.localeCompare(b.leg),
            ),
          },
        }
      : {}),
    logs: logs.rows.flatMap((item) => {
      const doc = (item as { doc?: CallLog | null }).doc;
      return doc ? [{ at: doc.timestamp, event: doc.data }] : [];
    }),
    ledger: ledger.rows.flatMap((item) => {
      const entry = (item as { doc?: LedgerEntry | null }).doc;
      return entry && (LEDGER_KINDS as string[]).includes(entry.kind)
        ? [{ kind: entry.kind, amount: entry.amount, currency: entry.currency, at: entry.at }]
        : [];
    }),
    actions: {
      end: running,
      release: over && order.payment.state === 'authorised',
      refund: over && order.payment.state === 'captured',
    },
  };
}
