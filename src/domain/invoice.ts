/**
 * An invoice, as the server writes it into the client's own database when a consultation completes
 * (`mine`, type `invoice`). Everything the PDF shows is in the document, so the browser renders the
 * same PDF as the server mails, offline, from this document alone (src/invoice/).
 */
import { CURRENCIES } from './config';
import { LANGUAGES } from './languages';
import type { Language } from './languages';
import { PROFESSIONS } from './professions';
import type { Profession, ProviderRole } from './professions';
import type { Currency } from './config';
import type { ServiceKey } from './promo';

/** `SOS-2026-000042`: a number per calendar year (UTC), consecutive, with no gaps. */
export const INVOICE_NUMBER_PATTERN = /^SOS-(\d{4})-(\d{6})$/;

export function invoiceNumber(year: number, sequence: number): string {
  return `SOS-${year}-${String(sequence).padStart(6, '0')}`;
}

export function invoiceDocId(number: string): string {
  return `invoice:${number}`;
}

export type InvoiceParty = {
  name: string;
  /** Lines of the postal address, when known. */
  address?: string[];
  email?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** The company's registration number as it is to be printed (e.g. "RCS Paris 123 456 789"). */
  companyId?: string;
  vatId?: string;
};

export type InvoiceDoc = {
  id: string;
  type: 'invoice';
  number: string;
  orderId: string;
  /** Language of the client when the invoice was issued; the browser may render it in another. */
  language: Language;
  issuedAt: string;
  /** When the payment was captured. */
  paidAt: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /**
   * Who took the call. `role` priced it (it is the `service`); `profession` is what the directory
   * listed them as when the order was placed, the only job title printed. Invoices issued before it
   * was recorded have none and print the name alone.
   */
  provider: { id: string; name: string; role: ProviderRole; profession?: Profession };
  service: ServiceKey;
  /** The booked duration. */
  durationMinutes: number;
  /** How long the call lasted, in seconds. */
  callSeconds: number;
  /** When the consultation took place (connected). */
  consultationAt: string;
  currency: Currency;
  /** Amounts in minor units. `total` is what was paid, VAT included; `net + vat = total`. */
  amounts: { standard: number; discount: number; net: number; vat: number; total: number };
  /** VAT rate (0.2 = 20 %), 0 when not charged; `vatNote` says why (e.g. not applicable). */
  vatRate: number;
  vatNote?: string;
  coupon?: { code: string; kind: 'percent' | 'fixed'; value: number };
  createdAt: string;
  updatedAt: string;
};

const isoDate = { type: 'string', format: 'date-time', maxLength: 30 } as const;
const party = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 200 },
    address: { type: 'array', maxItems: 6, items: { type: 'string', maxLength: 200 } },
    email: { type: 'string', maxLength: 254 },
    country: { type: 'string', maxLength: 40 },
    companyId: { type: 'string', maxLength: 80 },
    vatId: { type: 'string', maxLength: 40 },
  },
  required: ['name'],
  additionalProperties: false,
} as const;
const minor = { type: 'integer', minimum: 0, maximum: 10_000_000 } as const;

/** Written by the server only; the owner reads it. */
export const invoiceSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^invoice:SOS-\\d{4}-\\d{6}$' },
    type: { type: 'string', const: 'invoice' },
    number: { type: 'string', pattern: '^SOS-\\d{4}-\\d{6}$' },
    orderId: { type: 'string', maxLength: 64 },
    language: { type: 'string', enum: LANGUAGES },
    issuedAt: isoDate,
    paidAt: isoDate,
    seller: party,
    buyer: party,
    provider: {
      type: 'object',
      properties: {
        id: { type: 'string', maxLength: 64 },
        name: { type: 'string', maxLength: 200 },
        role: { type: 'string', enum: ['lawyer', 'expat'] },
        profession: { type: 'string', enum: PROFESSIONS },
      },
      required: ['id', 'name', 'role'],
      additionalProperties: false,
    },
    service: { type: 'string', enum: ['lawyerCall', 'expatCall'] },
    durationMinutes: { type: 'integer', minimum: 1, maximum: 600 },
    callSeconds: { type: 'integer', minimum: 0, maximum: 36_000 },
    consultationAt: isoDate,
    currency: { type: 'string', enum: CURRENCIES },
    amounts: {
      type: 'object',
      properties: { standard: minor, discount: minor, net: minor, vat: minor, total: minor },
      required: ['standard', 'discount', 'net', 'vat', 'total'],
      additionalProperties: false,
    },
    vatRate: { type: 'number', minimum: 0, maximum: 1 },
    vatNote: { type: 'string', maxLength: 300 },
    coupon: {
      type: 'object',
      properties: {
        code: { type: 'string', maxLength: 40 },
        kind: { type: 'string', enum: ['percent', 'fixed'] },
        value: { type: 'number', minimum: 0 },
      },
      required: ['code', 'kind', 'value'],
      additionalProperties: false,
    },
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: [
    'id',
    'type',
    'number',
    'orderId',
    'language',
    'issuedAt',
    'paidAt',
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

/**
 * The net and VAT parts of a price that includes VAT. The VAT is rounded to the minor unit and the
 * net is the rest, so that net + VAT is always exactly what was paid.
 */
export function splitVat(total: number, rate: number): { net: number; vat: number } {
  if (!(rate > 0)) return { net: total, vat: 0 };
  const net = Math.round(total / (1 + rate));
  return { net, vat: total - net };
}

/** Seller details and VAT of the invoices, from the platform settings (`config/settings.invoicing`). */
export type InvoicingSettings = {
  seller: InvoiceParty;
  vatRate: number;
  /** Printed when `vatRate` is 0, e.g. "TVA non applicable, art. 293 B du CGI". */
  vatNote?: string;
};

export type { Currency, Language };
