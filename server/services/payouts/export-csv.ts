/**
 * The bank-transfer export of one day's payouts (the console's `export.csv`): one line per payout
 * with what a bank needs to pay it by hand: the payee's name, their account number (IBAN or other)
 * and IFSC/BIC (a provider's from their identity record, `kyc:<uid>` in `admin`; an affiliate's from
 * its own record), amount and currency.
 * Unlike every other admin answer, the bank details are whole here: paying needs them.
 *
 * Written by the service's one CSV writer (services/exports/csv.ts: BOM, quoting, formulas defused,
 * `;` with a decimal comma for European Excel). Rows are read in pages and written as they come
 * (an async generator), never the whole day in memory.
 */
import { affiliateOfPayee } from '../../../src/domain/affiliates';
import type { PayoutState } from '../../../src/domain/payouts';
import type { Store } from '../../store/store';
import { CSV_BOM, csvAmount, csvLine } from '../exports/csv';
import type { CsvSeparator } from '../exports/csv';
import { docsById } from '../admin/docs-by-id';
import { PREFIX_END, scanPage } from '../admin/paging';
import { affiliateIds, AFFILIATES_DB } from '../affiliates/records';
import type { StoredAffiliate } from '../affiliates/records';
import { kycId } from '../registration';
import type { KycDoc } from '../registration';
import { providerNames } from './names';
import { payoutsDb } from './records';
import type { PayoutDoc } from './records';

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

const BATCH = 100;

/** Payees' bank details: a provider's from their identity record, an affiliate's from its own. */
async function bankDetails(
  store: Store,
  ids: readonly string[],
): Promise<Map<string, { account: string; code: string }>> {
  const providers = ids.filter((id) => affiliateOfPayee(id) === undefined);
  const affiliates = ids.filter((id) => affiliateOfPayee(id) !== undefined);
  const [kyc, records] = await Promise.all([
    docsById<KycDoc>(store, 'admin', providers.map(kycId)),
    docsById<StoredAffiliate>(
      store,
      AFFILIATES_DB,
      affiliates.map((id) => affiliateIds.affiliate(affiliateOfPayee(id)!)),
    ),
  ]);
  const banks = new Map<string, { account: string; code: string }>();
  for (const id of providers) {
    const bank = kyc.get(kycId(id));
    if (bank?.type === 'kyc') banks.set(id, { account: bank.bankAccountNumber, code: bank.ifsc });
  }
  for (const id of affiliates) {
    const affiliate = records.get(affiliateIds.affiliate(affiliateOfPayee(id)!));
    if (affiliate) {
      banks.set(id, { account: affiliate.bankAccountNumber ?? '', code: affiliate.bankCode ?? '' });
    }
  }
  return banks;
}

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
    const [names, banks] = await Promise.all([providerNames(store, ids), bankDetails(store, ids)]);
    for (const doc of page.items) {
      const bank = banks.get(doc.providerId);
      yield csvLine(
        [
          doc._id,
          doc.day,
          doc.providerId,
          names.get(doc.providerId) ?? '',
          bank?.account ?? '',
          bank?.code ?? '',
          csvAmount(doc.amount, sep, doc.currency),
          doc.currency,
          doc.state,
        ],
        sep,
      );
    }
    token = page.next;
  } while (token);
}
