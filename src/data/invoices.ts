/**
 * The client's invoices: `invoice` documents the service writes into the user's own database when a
 * consultation completes. They replicate into `mine` like everything else the user owns, so the list
 * and the PDF (rendered in the browser from the document alone) work offline.
 */
import { useEffect, useState } from 'react';
import { invoiceDocId } from '../domain/invoice';
import type { InvoiceDoc } from '../domain/invoice';
import { useDataLayer } from './data-context';

/** Every invoice on this device, the newest first; undefined while they are read. */
export function useInvoices(): InvoiceDoc[] | undefined {
  const { db } = useDataLayer();
  const [invoices, setInvoices] = useState<InvoiceDoc[]>();
  useEffect(() => {
    const subscription = db.mine
      .find({ selector: { type: { $eq: 'invoice' } } })
      .$.subscribe((docs) =>
        setInvoices(
          docs
            .map((doc) => doc.toJSON() as unknown as InvoiceDoc)
            .sort((a, b) => b.issuedAt.localeCompare(a.issuedAt) || b.number.localeCompare(a.number)),
        ),
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
