/**
 * The company invoices' numbers, `SOSB-YYYY-NNNNNN`: a sequence of their own per calendar year
 * (UTC), with no gaps and never one number twice. The year's counter (`b2b/b2b-invoice-counter:<y>`)
 * is advanced by compare-and-swap and remembers which invoice took which number (`assigned`, one
 * entry per account and month billed that year): a run stopped between taking a number and writing
 * its invoice, or two runs billing the same invoice at once, get the same number again — a number
 * is only ever taken for an invoice id, and that id is written exactly once (createOnce).
 */
import { b2bInvoiceNumber } from '../../../src/domain/b2b';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { b2bIds, B2B_DB } from './records';

type Counter = {
  _id: string;
  _rev?: string;
  type: 'b2b_invoice_counter';
  year: number;
  last: number;
  assigned: Record<string, number>;
};

/** The number of an invoice: the one its id took before, or the year's next. */
export async function takeB2bInvoiceNumber(store: Store, invoiceId: string, year: number): Promise<string> {
  let taken = 0;
  await upsertDoc<Counter>(store, B2B_DB, b2bIds.counter(year), (current) => {
    const assigned = current?.assigned ?? {};
    if (assigned[invoiceId] !== undefined) {
      taken = assigned[invoiceId];
      return undefined;
    }
    taken = (current?.last ?? 0) + 1;
    return {
      _id: b2bIds.counter(year),
      type: 'b2b_invoice_counter',
      year,
      last: taken,
      assigned: { ...assigned, [invoiceId]: taken },
    };
  });
  return b2bInvoiceNumber(year, taken);
}
