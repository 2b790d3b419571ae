/**
 * The console's CSV exports (finance/exports): one dataset over a range of UTC days `[from, to)`,
 * as the lines of a CSV file (header first, with the byte-order mark), produced page by page as the
 * store is read, so that a year of records is never held in memory (the route writes each line as
 * it comes). See src/domain/admin-exports.ts for the datasets and the range's rules.
 */
import type { ExportDataset } from '../../../src/domain/admin-exports';
import type { Store } from '../../store/store';
import { CSV_BOM, csvLine } from './csv';
import type { CsvSeparator } from './csv';
import { LEDGER_HEADER, PAYOUT_HEADER, ledgerLines, payoutLines } from './money-exports';
import {
  CREDIT_NOTE_HEADER,
  INVOICE_HEADER,
  PAYMENT_HEADER,
  creditNoteLines,
  invoiceLines,
  paymentLines,
} from './order-exports';

export type FinanceExport = { dataset: ExportDataset; from: string; to: string; sep: CsvSeparator };

const HEADERS: Record<ExportDataset, string[]> = {
  payments: PAYMENT_HEADER,
  invoices: INVOICE_HEADER,
  'credit-notes': CREDIT_NOTE_HEADER,
  payouts: PAYOUT_HEADER,
  ledger: LEDGER_HEADER,
};

const instant = (day: string) => `${day}T00:00:00.000Z`;

function rows(store: Store, { dataset, from, to, sep }: FinanceExport): AsyncGenerator<string> {
  const instants = { from: instant(from), to: instant(to), sep };
  switch (dataset) {
    case 'payments':
      return paymentLines(store, instants);
    case 'invoices':
      return invoiceLines(store, instants);
    case 'credit-notes':
      return creditNoteLines(store, instants);
    case 'payouts':
      // Payouts belong to a day, not an instant.
      return payoutLines(store, { from, to, sep });
    case 'ledger':
      return ledgerLines(store, instants);
  }
}

/** The export's lines, header first. */
export async function* financeExportLines(store: Store, query: FinanceExport): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(HEADERS[query.dataset], query.sep);
  yield* rows(store, query);
}
