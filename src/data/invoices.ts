/**
 * The client's invoices and credit notes: `invoice` documents the service writes into the user's own
 * database when a consultation completes, and `credit_note` documents when part or all of one is
 * refunded (services/consultation/refunds.ts). They replicate into `mine` like everything else the
 * user owns, so the list and the PDF (rendered in the browser from the document alone) work offline.
 */
import { useEffect, useState } from 'react';
import type { BillingDoc } from '../domain/credit-note';
import { invoiceDocId } from '../domain/invoice';
import type { InvoiceDoc } from '../domain/invoice';
import { useDataLayer } from './data-context';

const BILLING_TYPES: BillingDoc['type'][] = ['invoice', 'credit_note'];

/** Newest first; a credit note issued at its invoice's very instant still comes before it (it corrects it). */
function newestFirst(a: BillingDoc, b: BillingDoc): number {
  return (
    b.issuedAt.localeCompare(a.issuedAt) ||
    (a.type === b.type ? b.number.localeCompare(a.number) : a.type === 'credit_note' ? -1 : 1)
  );
}

/** Every invoice and credit note on this device, the newest first; undefined while they are read. */
export function useInvoices(): BillingDoc[] | undefined {
  const { db } = useDataLayer();
  const [invoices, setInvoices] = useState<BillingDoc[]>();
  useEffect(() => {
    const subscription = db.mine
      .find({ selector: { type: { $in: BILLING_TYPES } } })
      .$.subscribe((docs) =>
        setInvoices(docs.map((doc) => doc.toJSON() as unknown as BillingDoc).sort(newestFirst)),
      );
    return () => subscription.unsubscribe();
  }, [db]);
  return invoices;
}

/** The document id of an invoice named by its id (`invoice:SOS-…`) or by its number (`SOS-…`). */
export function invoiceKey(idOrNumber: string): string {
  return idOrNumber.startsWith('invoice:') ? idOrNumber : invoiceDocId(idOrNumber);
}

/** One invoice, by id or number: undefined while it is read, null when this device does not have it. */
export function useInvoice(idOrNumber: string | undefined): InvoiceDoc | null | undefined {
  const { db } = useDataLayer();
  const [state, setState] = useState<{ key: string; doc: InvoiceDoc | null }>();
  const key = idOrNumber ? invoiceKey(idOrNumber) : undefined;
  useEffect(() => {
    if (!key) return;
    const subscription = db.mine.findOne(key).$.subscribe((doc) => {
      const data = doc ? (doc.toJSON() as unknown as InvoiceDoc) : null;
      setState({ key, doc: data?.type === 'invoice' ? data : null });
    });
    return () => subscription.unsubscribe();
  }, [db, key]);
  return key && state?.key === key ? state.doc : undefined;
}
