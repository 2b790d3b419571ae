/**
 * The finance exports read from the orders (services/exports/finance-export.ts):
 * - payments: every order created in the range (`consultation-lists/by_created`), its payment;
 * - invoices: every invoice issued in the range (`invoice-lists/by_issued`), its VAT split from the
 *   order's `invoiceTax`, or, for an order invoiced before it was recorded, from the invoice
 *   document in the client's database (read for those rows only);
 * - credit notes: every credit note issued in the range, from the refunds of the orders
 *   (`order-exports/credit_notes`), never from the clients' databases.
 * Instants are `[from, to)`: the views' ranges start at `from`, and a row at `to` is left out.
 */
import { invoiceDocId } from '../../../src/domain/invoice';
import type { InvoiceDoc } from '../../../src/domain/invoice';
import { userDbName } from '../../../src/domain/user-db';
import type { Store } from '../../store/store';
import { getOrUndefined } from '../../store/store';
import type { StoredOrder, StoredRefund } from '../consultation/types';
import { csvAmount, csvLine, csvRate } from './csv';
import type { CsvSeparator } from './csv';
import { scanRange } from './scan-range';

export type InstantRange = { from: string; to: string; sep: CsvSeparator };

const orders = (store: Store) => store.db<StoredOrder>('orders');
const within = (at: string | undefined, range: InstantRange) => !!at && at >= range.from && at < range.to;
const buyerName = (order: StoredOrder) =>
  `${order.booking.firstName} ${order.booking.lastName}`.trim() || order.client.name;

export const PAYMENT_HEADER = [
  'order_id',
  'created_at',
  'state',
  'amount',
  'refunded_amount',
  'currency',
  'gateway',
  'gateway_reference',
  'client_id',
  'client_name',
  'client_email',
  'provider_id',
  'provider_name',
  'provider_role',
  'authorised_at',
  'captured_at',
  'released_at',
  'refunded_at',
  'invoice_number',
];

export async function* paymentLines(store: Store, range: InstantRange): AsyncGenerator<string> {
  const { sep } = range;
  const pages = scanRange<StoredOrder, StoredOrder>(orders(store), {
    view: 'consultation-lists/by_created',
    startkey: range.from,
    endkey: range.to,
    pick: (order) => (order.type === 'order' && within(order.createdAt, range) ? order : undefined),
  });
  for await (const page of pages) {
    for (const order of page) {
      const { payment, quote } = order;
      yield csvLine(
        [
          order.orderId,
          order.createdAt,
          payment.state,
          csvAmount(quote.total, sep, quote.currency),
          csvAmount(
            payment.refunded ?? (payment.state === 'refunded' ? quote.total : 0),
            sep,
            quote.currency,
          ),
          quote.currency,
          payment.gateway,
          payment.intentId,
          order.client.uid,
          order.client.name,
          order.client.email,
          order.provider.id,
          order.provider.name,
          order.provider.role,
          payment.authorisedAt ?? '',
          payment.capturedAt ?? '',
          payment.releasedAt ?? '',
          payment.refundedAt ?? '',
          order.invoiceNumber ?? '',
        ],
        sep,
      );
    }
  }
}

export const INVOICE_HEADER = [
  'invoice_number',
  'issued_at',
  'order_id',
  'buyer_name',
  'buyer_email',
  'buyer_country',
  'provider_id',
  'provider_name',
  'net',
  'vat',
  'total',
  'vat_rate',
  'currency',
];

type Tax = { net: number; vat: number; total: number; vatRate: number; country?: string };

/** The order's VAT split: recorded on it, or read from its invoice document (older orders). */
async function taxOf(store: Store, order: StoredOrder & { invoiceNumber: string }): Promise<Tax | undefined> {
  if (order.invoiceTax) return order.invoiceTax;
  const doc = await getOrUndefined(
    store.db<InvoiceDoc>(userDbName(order.client.uid)),
    invoiceDocId(order.invoiceNumber),
  ).catch(() => undefined);
  if (!doc || doc.type !== 'invoice') return undefined;
  return { ...doc.amounts, vatRate: doc.vatRate, country: doc.buyer.country };
}

export async function* invoiceLines(store: Store, range: InstantRange): AsyncGenerator<string> {
  const { sep } = range;
  const issued = (order: StoredOrder) => order.invoicedAt ?? order.createdAt;
  const pages = scanRange<StoredOrder, StoredOrder & { invoiceNumber: string }>(orders(store), {
    view: 'invoice-lists/by_issued',
    startkey: [range.from],
    endkey: [range.to],
    pick: (order) =>
      order.type === 'order' && order.invoiceNumber && within(issued(order), range)
        ? (order as StoredOrder & { invoiceNumber: string })
        : undefined,
  });
  for await (const page of pages) {
    for (const order of page) {
      const currency = order.quote.currency;
      const tax = await taxOf(store, order);
      const money = (value: number | undefined) =>
        value === undefined ? '' : csvAmount(value, sep, currency);
      yield csvLine(
        [
          order.invoiceNumber,
          issued(order),
          order.orderId,
          buyerName(order),
          order.client.email,
          tax?.country ?? order.booking.nationality ?? '',
          order.provider.id,
          order.provider.name,
          money(tax?.net),
          money(tax?.vat),
          money(tax?.total ?? order.quote.total),
          tax ? csvRate(tax.vatRate, sep) : '',
          currency,
        ],
        sep,
      );
    }
  }
}

export const CREDIT_NOTE_HEADER = [
  'credit_note_number',
  'issued_at',
  'invoice_number',
  'order_id',
  'refund_id',
  'buyer_name',
  'buyer_email',
  'buyer_country',
  'net',
  'vat',
  'total',
  'currency',
  'reason',
];

type CreditNoteRow = {
  order: StoredOrder;
  refund: StoredRefund & { creditNote: NonNullable<StoredRefund['creditNote']> };
};

export async function* creditNoteLines(store: Store, range: InstantRange): AsyncGenerator<string> {
  const { sep } = range;
  const pages = scanRange<StoredOrder, CreditNoteRow>(orders(store), {
    view: 'order-exports/credit_notes',
    startkey: [range.from],
    endkey: [range.to],
    // A row per credit note: the key names which of the order's refunds it is.
    pick: (order, key) => {
      const number = Array.isArray(key) ? key[1] : undefined;
      const refund = order.refunds?.find((item) => item.creditNote?.number === number);
      return refund?.creditNote && within(refund.creditNote.issuedAt, range)
        ? { order, refund: refund as CreditNoteRow['refund'] }
        : undefined;
    },
  });
  for await (const page of pages) {
    for (const { order, refund } of page) {
      const currency = order.quote.currency;
      const note = refund.creditNote;
      yield csvLine(
        [
          note.number,
          note.issuedAt,
          order.invoiceNumber ?? '',
          order.orderId,
          refund.refundId ?? '',
          buyerName(order),
          order.client.email,
          order.invoiceTax?.country ?? order.booking.nationality ?? '',
          csvAmount(note.net, sep, currency),
          csvAmount(note.vat, sep, currency),
          csvAmount(note.total, sep, currency),
          currency,
          refund.reason,
        ],
        sep,
      );
    }
  }
}
