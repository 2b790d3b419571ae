/**
 * Invoices of completed consultations. Numbers run per calendar year (UTC) with no gaps: the year's
 * counter (`orders/invoice-counter:<year>`, and `credit-note-counter:<year>` for the credit notes'
 * own sequence) is advanced by compare-and-swap and keeps the numbers
 * taken but not yet written on their order (`pending`), so an order that stopped between taking a
 * number and recording it (a restart) finds the same number again instead of leaving a hole.
 */
import { invoiceDocId, invoiceNumber, splitVat } from '../../../src/domain/invoice';
import type { InvoiceDoc, InvoicingSettings } from '../../../src/domain/invoice';
import { defaultInvoicing } from '../../../src/domain/platform-defaults';
import type { Provider } from '../../../src/domain/provider';
import { userDbName } from '../../../src/domain/user-db';
import { createOnce, getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredOrder } from './types';

type Counter = {
  _id: string;
  _rev?: string;
  type: 'invoice_counter';
  year: number;
  last: number;
  pending: Record<string, number>;
};

/** The numbered sequences: invoices (`SOS-…`) and credit notes (`AV-…`), each with its counters. */
export type NumberSequence = 'invoice' | 'credit-note';

const counterId = (sequence: NumberSequence, year: number) => `${sequence}-counter:${year}`;

/**
 * The number of `claim` (an order, or an order's refund) in a sequence: the one it took before, or
 * the year's next. Answers the sequence number; the caller formats it.
 */
export async function takeNumber(
  store: Store,
  sequence: NumberSequence,
  claim: string,
  year: number,
): Promise<number> {
  let taken = 0;
  await upsertDoc<Counter>(store, 'orders', counterId(sequence, year), (current) => {
    const pending = current?.pending ?? {};
    if (pending[claim] !== undefined) {
      taken = pending[claim];
      return undefined;
    }
    taken = (current?.last ?? 0) + 1;
    return {
      _id: counterId(sequence, year),
      type: 'invoice_counter',
      year,
      last: taken,
      pending: { ...pending, [claim]: taken },
    };
  });
  return taken;
}

/** Forgets the pending claim once its number is recorded. */
export async function settleNumber(
  store: Store,
  sequence: NumberSequence,
  claim: string,
  year: number,
): Promise<void> {
  await upsertDoc<Counter>(store, 'orders', counterId(sequence, year), (current) => {
    if (!current || current.pending[claim] === undefined) return undefined;
    const { [claim]: _settled, ...pending } = current.pending;
    return { ...current, pending };
  });
}

/** The invoice number of an order: the one it took before, or the year's next. */
export async function takeInvoiceNumber(store: Store, orderId: string, year: number): Promise<string> {
  return invoiceNumber(year, await takeNumber(store, 'invoice', orderId, year));
}

/** Forgets the pending claim once the number is recorded on the order. */
export function settleInvoiceNumber(store: Store, orderId: string, year: number): Promise<void> {
  return settleNumber(store, 'invoice', orderId, year);
}

export async function invoicingSettings(store: Store): Promise<InvoicingSettings> {
  const settings = await getOrUndefined(
    store.db<{ value?: { invoicing?: InvoicingSettings } }>('config'),
    'settings',
  );
  return settings?.value?.invoicing ?? defaultInvoicing();
}

/**
 * The order with the profession the invoice prints: the one recorded at checkout, or for an order
 * made before it was recorded, the provider's listing now (none if they are no longer listed).
 */
export async function withListedProfession(store: Store, order: StoredOrder): Promise<StoredOrder> {
  if (order.provider.profession) return order;
  const listed = await getOrUndefined(store.db<Provider>('providers'), order.provider.id);
  return listed ? { ...order, provider: { ...order.provider, profession: listed.profession } } : order;
}

export function buildInvoice(
  order: StoredOrder,
  number: string,
  invoicing: InvoicingSettings,
  facts: { callSeconds: number; consultationAt: string; paidAt: string; now: string },
): InvoiceDoc {
  const { quote, client, provider, booking } = order;
  const { net, vat } = splitVat(quote.total, invoicing.vatRate);
  return {
    id: invoiceDocId(number),
    type: 'invoice',
    number,
    orderId: order.orderId,
    language: client.language,
    issuedAt: facts.now,
    paidAt: facts.paidAt,
    seller: invoicing.seller,
    buyer: {
      name: `${booking.firstName} ${booking.lastName}`.trim() || client.name,
      email: client.email,
      country: booking.nationality,
    },
    provider: {
      id: provider.id,
      name: provider.name,
      role: provider.role,
      ...(provider.profession ? { profession: provider.profession } : {}),
    },
    service: quote.service,
    durationMinutes: quote.durationMinutes,
    callSeconds: facts.callSeconds,
    consultationAt: facts.consultationAt,
    currency: quote.currency,
    amounts: { standard: quote.standard, discount: quote.discount, net, vat, total: quote.total },
    vatRate: invoicing.vatRate,
    ...(invoicing.vatRate === 0 && invoicing.vatNote ? { vatNote: invoicing.vatNote } : {}),
    ...(quote.coupon
      ? { coupon: { code: quote.coupon.code, kind: quote.coupon.kind, value: quote.coupon.value } }
      : {}),
    createdAt: facts.now,
    updatedAt: facts.now,
  };
}

/** Writes the invoice into the client's database (once). */
export async function writeInvoice(store: Store, order: StoredOrder, invoice: InvoiceDoc): Promise<void> {
  await createOnce(store, userDbName(order.client.uid), { ...invoice, _id: invoice.id });
}
