/**
 * What the console's invoices screen (finance/invoices) reads, as `/api/admin/invoices…` answers it:
 * one definition for the service (server/services/admin/invoices.ts) and the console
 * (src/features/admin/finance/). A row is the order an invoice was issued for, seen from its
 * invoice; the detail is the invoice document itself (src/domain/invoice.ts), from which the
 * browser renders the same PDF as the client's own.
 */
import type { Currency } from './config';

export const INVOICE_SORTS = ['number', 'issuedAt'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export type InvoiceRow = {
  number: string;
  orderId: string;
  issuedAt: string;
  buyer: { name: string; email: string };
  provider: { id: string; name: string; role: 'lawyer' | 'expat' };
  /** What was paid, VAT included, in minor units. */
  total: number;
  currency: Currency;
};
