/**
 * The company invoices as the console shows them (screens b2b/billing and b2b/invoices): paged by
 * month (newest first) or by account, one invoice, its PDF, and its payment (issued → paid, once,
 * audited). The billing runs, newest first.
 */
import { isMonth } from '../../../src/domain/b2b';
import type { B2bInvoice, B2bInvoiceState } from '../../../src/domain/b2b';
import type { Language } from '../../../src/domain/languages';
import { getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { invoiceFonts } from '../invoice-pdf';
import { B2bNotFound } from './accounts';
import { b2bDb, b2bIds, B2B_DB, invoiceFields } from './records';
import type { B2bRun, StoredB2bInvoice, StoredB2bRun } from './records';

export type B2bInvoiceQuery = {
  accountId?: string;
  month?: string;
  state?: B2bInvoiceState;
  limit: number;
  token?: string;
};

export function listB2bInvoices(store: Store, query: B2bInvoiceQuery): Promise<Page<B2bInvoice>> {
  const byAccount = query.accountId !== undefined;
  const range = byAccount
    ? { view: 'b2b/invoices_by_account', startkey: [query.accountId, PREFIX_END], endkey: [query.accountId] }
    : query.month
      ? { view: 'b2b/invoices_by_month', startkey: [query.month, PREFIX_END], endkey: [query.month] }
      : { view: 'b2b/invoices_by_month', startkey: [PREFIX_END], endkey: [] };
  return scanPage(b2bDb<StoredB2bInvoice>(store), {
    ...range,
    descending: true,
    limit: query.limit,
    token: query.token,
    pick: (doc) =>
      doc.type === 'b2b_invoice' &&
      (!query.state || doc.state === query.state) &&
      (!query.month || doc.month === query.month)
        ? invoiceFields(doc)
        : undefined,
  });
}

export function listB2bRuns(store: Store, query: { limit: number; token?: string }): Promise<Page<B2bRun>> {
  return scanPage(b2bDb<StoredB2bRun>(store), {
    view: 'b2b/runs',
    descending: true,
    limit: query.limit,
    token: query.token,
    pick: (doc) => {
      if (doc.type !== 'b2b_run') return undefined;
      const { _id, _rev, type: _type, ...run } = doc;
      return run;
    },
  });
}

export async function getB2bInvoice(store: Store, accountId: string, month: string): Promise<B2bInvoice> {
  const doc = isMonth(month)
    ? await getOrUndefined(b2bDb<StoredB2bInvoice>(store), b2bIds.invoice(accountId, month))
    : undefined;
  if (!doc || doc.type !== 'b2b_invoice') throw new B2bNotFound('invoice');
  return invoiceFields(doc);
}

/** Marks the invoice paid (once: marking a paid invoice again changes and audits nothing). */
export async function markB2bInvoicePaid(
  store: Store,
  { accountId, month, by, now = new Date() }: { accountId: string; month: string; by: string; now?: Date },
): Promise<B2bInvoice> {
  const current = await getB2bInvoice(store, accountId, month);
  if (current.state === 'paid') return current;
  const paidAt = now.toISOString();
  const written = await upsertDoc<StoredB2bInvoice>(store, B2B_DB, current.id, (doc) =>
    doc && doc.state === 'issued' ? { ...doc, state: 'paid', paidAt, paidBy: by } : undefined,
  );
  if (!written) return getB2bInvoice(store, accountId, month);
  await recordAudit(store, {
    actor: by,
    action: 'b2b_invoice_paid',
    subject: { kind: 'b2b_invoice', id: current.id },
    before: { state: 'issued' },
    after: { state: 'paid', paidAt },
    now,
  });
  return invoiceFields(written);
}

export async function b2bInvoicePdf(invoice: B2bInvoice, language: Language): Promise<Buffer> {
  const [{ renderB2bInvoicePdf }, fonts] = await Promise.all([
    import('../../../src/invoice/render-b2b-invoice'),
    invoiceFonts(),
  ]);
  const pdf = renderB2bInvoicePdf(invoice, language, fonts);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
