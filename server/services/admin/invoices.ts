/**
 * The invoices as the console lists and shows them (screen `finance/invoices`), read only. An
 * invoice is written into its client's own database (consultation/invoices.ts) and its number onto
 * the order, so the list reads the orders that carry a number (`couchdb/design/invoice-lists.json`)
 * and the detail reads the invoice document from the client's database.
 *
 * Which view a page reads (the other filters are applied while scanning, see paging.ts):
 * - a query: the words of the number, the client's and the booking's names, the client's e-mail,
 *   the provider's name and the order id, by prefix (`search` by number, `search_issued` by date).
 *   A record is listed under its first word that starts with the query's lead word only, so pages
 *   never repeat it;
 * - else `by_number` (a year is a range of numbers: they start with it) or `by_issued`.
 * The date of issue is the order's `invoicedAt`, or for an order invoiced before it was recorded,
 * the order's creation (the consultation follows its booking within the day).
 */
import type { InvoiceRow, InvoiceSort } from '../../../src/domain/admin-invoices';
import type { Currency } from '../../../src/domain/config';
import { invoiceDocId } from '../../../src/domain/invoice';
import type { InvoiceDoc } from '../../../src/domain/invoice';
import { userDbName } from '../../../src/domain/user-db';
import type { Store } from '../../store/store';
import { getOrUndefined } from '../../store/store';
import type { StoredOrder } from '../consultation/types';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';
import { listedAtLead, searchPlan } from './search-tokens';

export type { InvoiceRow };

export type InvoiceFilter = {
  year?: number;
  currency?: Currency;
  /** Issued at or after / before (ISO instants). */
  from?: string;
  to?: string;
  q?: string;
  sort: InvoiceSort;
  dir: 'asc' | 'desc';
  limit: number;
  token?: string;
};

type Invoiced = StoredOrder & { invoiceNumber: string };

const issuedAt = (order: StoredOrder) => order.invoicedAt ?? order.createdAt;

function searchText(order: Invoiced): string {
  return [
    order.invoiceNumber,
    order.client.name,
    order.booking.firstName,
    order.booking.lastName,
    order.client.email,
    order.provider.name,
    order.orderId,
  ].join(' ');
}

export function invoiceRow(order: Invoiced): InvoiceRow {
  const booked = `${order.booking.firstName} ${order.booking.lastName}`.trim();
  return {
    number: order.invoiceNumber,
    orderId: order.orderId,
    issuedAt: issuedAt(order),
    buyer: { name: booked || order.client.name, email: order.client.email },
    provider: { id: order.provider.id, name: order.provider.name, role: order.provider.role },
    total: order.quote.total,
    currency: order.quote.currency,
  };
}

type Plan = {
  view: string;
  low?: unknown;
  high?: unknown;
  keep?: (order: Invoiced, key: unknown) => boolean;
};

function planOf(filter: InvoiceFilter): Plan {
  const byDate = filter.sort === 'issuedAt';
  const words = filter.q ? searchPlan(filter.q) : undefined;
  if (words) {
    const { lead } = words;
    return {
      view: byDate ? 'invoice-lists/search_issued' : 'invoice-lists/search',
      low: [lead],
      high: [lead + PREFIX_END],
      // Listed once in the whole range: under its first word that starts with the lead word.
      keep: (order, key) => listedAtLead(words, searchText(order), key),
    };
  }
  if (byDate) {
    return {
      view: 'invoice-lists/by_issued',
      low: [filter.from ?? ''],
      high: [filter.to ?? PREFIX_END, PREFIX_END],
    };
  }
  const prefix = filter.year === undefined ? 'SOS-' : `SOS-${filter.year}-`;
  return { view: 'invoice-lists/by_number', low: prefix, high: prefix + PREFIX_END };
}

/** One page of invoices, in the order of `sort` and `dir`. */
export async function listInvoices(store: Store, filter: InvoiceFilter): Promise<Page<InvoiceRow>> {
  const plan = planOf(filter);
  const descending = filter.dir === 'desc';
  const yearPrefix = filter.year === undefined ? undefined : `SOS-${filter.year}-`;
  const keep = (order: Invoiced, key: unknown) =>
    (!yearPrefix || order.invoiceNumber.startsWith(yearPrefix)) &&
    (!filter.currency || order.quote.currency === filter.currency) &&
    (!filter.from || issuedAt(order) >= filter.from) &&
    (!filter.to || issuedAt(order) <= filter.to) &&
    (!plan.keep || plan.keep(order, key));
  return scanPage<StoredOrder, InvoiceRow>(store.db<StoredOrder>('orders'), {
    view: plan.view,
    descending,
    ...(descending ? { startkey: plan.high, endkey: plan.low } : { startkey: plan.low, endkey: plan.high }),
    limit: filter.limit,
    token: filter.token,
    pick: (order, key) =>
      order.type === 'order' && order.invoiceNumber && keep(order as Invoiced, key)
        ? invoiceRow(order as Invoiced)
        : undefined,
  });
}

/** The invoice document of a number, or undefined when no order carries it. */
export async function invoiceDetail(store: Store, number: string): Promise<InvoiceDoc | undefined> {
  const answer = await store
    .db<StoredOrder>('orders')
    .view<unknown>('invoice-lists', 'by_number', { key: number, include_docs: true, limit: 1 });
  const order = answer.rows[0]?.doc as StoredOrder | undefined;
  if (!order || order.invoiceNumber !== number) return undefined;
  const doc = await getOrUndefined(store.db<InvoiceDoc>(userDbName(order.client.uid)), invoiceDocId(number));
  if (!doc || doc.type !== 'invoice') return undefined;
  const { _id: _omitId, _rev: _omitRev, ...invoice } = doc;
  return invoice;
}
