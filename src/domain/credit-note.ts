/**
 * A credit note: the counterpart of an invoice when part or all of a paid consultation is refunded.
 * Numbered in a sequence of its own (`AV-2026-000001`, per calendar year, no gaps), it names the
 * invoice it corrects and repeats its parties, so that, like the invoice, the PDF is drawn from the
 * document alone, offline in the browser or on the server for the mail (src/invoice/).
 *
 * Its VAT is the invoice's, in proportion to what was refunded, counted over all the refunds of the
 * order (`creditedVat`): however the refunds are cut, the credit notes of a fully refunded invoice
 * give back exactly its VAT and net.
 */
import { invoiceSchema } from './invoice';
import type { InvoiceDoc } from './invoice';

export const CREDIT_NOTE_NUMBER_PATTERN = /^AV-(\d{4})-(\d{6})$/;

export function creditNoteNumber(year: number, sequence: number): string {
  return `AV-${year}-${String(sequence).padStart(6, '0')}`;
}

export function creditNoteDocId(number: string): string {
  return `credit-note:${number}`;
}

export type CreditNoteDoc = Omit<InvoiceDoc, 'id' | 'type' | 'number' | 'amounts' | 'paidAt' | 'coupon'> & {
  id: string;
  type: 'credit_note';
  number: string;
  /** The invoice this credit note corrects. */
  invoiceNumber: string;
  /** When the money went back to the card. */
  refundedAt: string;
  /** Why, in the admin's words (absent for a refund made at the gateway). */
  reason?: string;
  /** What this credit note gives back, VAT split (minor units): `net + vat = total`. */
  amounts: { net: number; vat: number; total: number };
};

/**
 * The net and VAT a refund credits, given what the order's earlier refunds gave back: the invoice's
 * VAT in proportion to all refunded so far, minus what earlier credit notes already credited.
 */
export function creditedVat(
  invoice: Pick<InvoiceDoc, 'amounts'>,
  refunded: number,
  refundedBefore: number,
): { net: number; vat: number; total: number } {
  const { total, vat } = invoice.amounts;
  const vatUpTo = (sum: number) => (sum >= total ? vat : Math.round((vat * Math.max(0, sum)) / total));
  const credited = vatUpTo(refundedBefore + refunded) - vatUpTo(refundedBefore);
  return { net: refunded - credited, vat: credited, total: refunded };
}

const invoiceProperties = invoiceSchema.properties;
const minor = { type: 'integer', minimum: 0, maximum: 10_000_000 } as const;

/** Written by the server only; the owner reads it. */
export const creditNoteSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^credit-note:AV-\\d{4}-\\d{6}$' },
    type: { type: 'string', const: 'credit_note' },
    number: { type: 'string', pattern: '^AV-\\d{4}-\\d{6}$' },
    invoiceNumber: invoiceProperties.number,
    orderId: invoiceProperties.orderId,
    language: invoiceProperties.language,
    issuedAt: invoiceProperties.issuedAt,
    refundedAt: invoiceProperties.issuedAt,
    reason: { type: 'string', maxLength: 500 },
    seller: invoiceProperties.seller,
    buyer: invoiceProperties.buyer,
    provider: invoiceProperties.provider,
    service: invoiceProperties.service,
    durationMinutes: invoiceProperties.durationMinutes,
    callSeconds: invoiceProperties.callSeconds,
    consultationAt: invoiceProperties.consultationAt,
    currency: invoiceProperties.currency,
    amounts: {
      type: 'object',
      properties: { net: minor, vat: minor, total: minor },
      required: ['net', 'vat', 'total'],
      additionalProperties: false,
    },
    vatRate: invoiceProperties.vatRate,
    vatNote: invoiceProperties.vatNote,
    createdAt: invoiceProperties.createdAt,
    updatedAt: invoiceProperties.updatedAt,
  },
  required: [
    'id',
    'type',
    'number',
    'invoiceNumber',
    'orderId',
    'language',
    'issuedAt',
    'refundedAt',
    'seller',
    'buyer',
    'provider',
    'service',
    'durationMinutes',
    'callSeconds',
    'consultationAt',
    'currency',
    'amounts',
    'vatRate',
    'createdAt',
    'updatedAt',
  ],
  additionalProperties: false,
} as const;

/** What the client's invoices list and the PDF renderer show: an invoice or a credit note. */
export type BillingDoc = InvoiceDoc | CreditNoteDoc;

export function isCreditNote(doc: BillingDoc): doc is CreditNoteDoc {
  return doc.type === 'credit_note';
}
