/**
 * The bank-transfer export of one day's payouts (the console's `export.csv`): one line per payout
 * with what a bank needs to pay it by hand: the provider's name, their account number (IBAN or
 * other) and IFSC/BIC from their identity record (`kyc:<uid>` in `admin`), amount and currency.
 * Unlike every other admin answer, the bank details are whole here: paying needs them.
 *
 * Correct in Excel and in a spreadsheet: UTF-8 with a byte-order mark, fields quoted when needed,
 * a cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`…) prefixed with `'`, and
 * with the `;` separator (European Excel) a decimal comma. Rows are read in pages and written as
 * they come (`rows` is an async generator), never the whole day in memory.
 */
import type { PayoutState } from '../../../src/domain/payouts';
import type { Store } from '../../store/store';
import { docsById } from '../admin/docs-by-id';
import { PREFIX_END, scanPage } from '../admin/paging';
import { kycId } from '../registration';
import type { KycDoc } from '../registration';
import { providerNames } from './names';
import { payoutsDb } from './records';
import type { PayoutDoc } from './records';

export type CsvSeparator = ',' | ';';

export const CSV_BOM = '\uFEFF';
export const EXPORT_HEADER = [
  'payout_id',
  'day',
  'provider_id',
  'provider_name',
  'account_number',
  'ifsc_bic',
  'amount',
  'currency',
  'state',
];

/** One CSV field: quoted when it holds the separator, a quote or a line break; formulas defused. */
export function csvField(value: string, sep: CsvSeparator): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(sep) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (fields: string[], sep: CsvSeparator) =>
  fields.map((field) => csvField(field, sep)).join(sep) + '\r\n';

/** Minor units as a decimal amount (`12.34`, or `12,34` with the `;` separator). */
export function csvAmount(minor: number, sep: CsvSeparator): string {
  const text = (minor / 100).toFixed(2);
  return sep === ';' ? text.replace('.', ',') : text;
}

const BATCH = 100;

/** The export's lines (header first) for one day's payouts in `states`. */
export async function* payoutExportLines(
  store: Store,
  query: { day: string; states: readonly PayoutState[]; sep: CsvSeparator },
): AsyncGenerator<string> {
  const { day, states, sep } = query;
  yield CSV_BOM + csvLine(EXPORT_HEADER, sep);
  let token: string | undefined;
  do {
    const page = await scanPage<PayoutDoc, PayoutDoc>(payoutsDb<PayoutDoc>(store), {
      view: 'payouts/by_day',
      startkey: [day],
      endkey: [day, PREFIX_END],
      limit: BATCH,
      token,
      pick: (doc) => (doc.type === 'payout' && states.includes(doc.state) ? doc : undefined),
    });
    const ids = [...new Set(page.items.map((doc) => doc.providerId))];
    const [names, kyc] = await Promise.all([
      providerNames(store, ids),
      docsById<KycDoc>(store, 'admin', ids.map(kycId)),
    ]);
    for (const doc of page.items) {
      const bank = kyc.get(kycId(doc.providerId));
      yield csvLine(
        [
          doc._id,
          doc.day,
          doc.providerId,
          names.get(doc.providerId) ?? '',
          bank?.type === 'kyc' ? bank.bankAccountNumber : '',
          bank?.type === 'kyc' ? bank.ifsc : '',
          csvAmount(doc.amount, sep),
          doc.currency,
          doc.state,
        ],
        sep,
      );
    }
    token = page.next;
  } while (token);
}
