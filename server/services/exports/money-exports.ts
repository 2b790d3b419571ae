/**
 * The finance exports read from the money records (services/exports/finance-export.ts):
 * - payouts: the provider payouts of the days in the range (`payouts/by_day`), without bank
 *   details (the day's bank-transfer export, services/payouts/export-csv.ts, carries those);
 * - ledger: every movement recorded in the range (`ledger-by-date/by_at`, shared with the reconciliation), amounts positive and the
 *   kind saying the direction, as the ledger stores them.
 */
import type { Store } from '../../store/store';
import type { AnyLedgerEntry } from '../consultation/ledger';
import { providerNames } from '../payouts/names';
import { payoutsDb } from '../payouts/records';
import type { PayoutDoc } from '../payouts/records';
import { csvAmount, csvLine } from './csv';
import type { CsvSeparator } from './csv';
import { scanRange } from './scan-range';

export const PAYOUT_HEADER = [
  'payout_id',
  'day',
  'provider_id',
  'provider_name',
  'amount',
  'currency',
  'state',
  'method',
  'gateway',
  'transfer_id',
  'reason',
  'created_at',
];

/** Days `[from, to)` (`2026-01-01`). */
export async function* payoutLines(
  store: Store,
  range: { from: string; to: string; sep: CsvSeparator },
): AsyncGenerator<string> {
  const { sep } = range;
  const pages = scanRange<PayoutDoc, PayoutDoc>(payoutsDb<PayoutDoc>(store), {
    view: 'payouts/by_day',
    startkey: [range.from],
    endkey: [range.to],
    pick: (doc) => (doc.type === 'payout' && doc.day >= range.from && doc.day < range.to ? doc : undefined),
  });
  for await (const page of pages) {
    const names = await providerNames(store, [...new Set(page.map((doc) => doc.providerId))]);
    for (const doc of page) {
      yield csvLine(
        [
          doc._id,
          doc.day,
          doc.providerId,
          names.get(doc.providerId) ?? '',
          csvAmount(doc.amount, sep, doc.currency),
          doc.currency,
          doc.state,
          doc.method,
          doc.gateway,
          doc.transferId ?? '',
          doc.reason ?? '',
          doc.createdAt,
        ],
        sep,
      );
    }
  }
}

export const LEDGER_HEADER = [
  'entry_id',
  'at',
  'kind',
  'amount',
  'currency',
  'order_id',
  'payout_id',
  'refund_id',
  'provider_id',
  'client_id',
  'gateway',
  'gateway_reference',
];

/** A ledger entry as stored, whatever its kind (refund entries may carry the gateway's refund id). */
type StoredEntry = AnyLedgerEntry & {
  orderId?: string;
  payoutId?: string;
  refundId?: string;
  clientId?: string;
  intentId?: string;
};

/** Instants `[from, to)`. */
export async function* ledgerLines(
  store: Store,
  range: { from: string; to: string; sep: CsvSeparator },
): AsyncGenerator<string> {
  const { sep } = range;
  const pages = scanRange<StoredEntry, StoredEntry>(store.db<StoredEntry>('ledger'), {
    view: 'ledger-by-date/by_at',
    startkey: range.from,
    endkey: range.to,
    pick: (doc) => (doc.type === 'ledger' && doc.at >= range.from && doc.at < range.to ? doc : undefined),
  });
  for await (const page of pages) {
    for (const entry of page) {
      yield csvLine(
        [
          entry._id,
          entry.at,
          entry.kind,
          csvAmount(entry.amount, sep, entry.currency),
          entry.currency,
          entry.orderId ?? '',
          entry.payoutId ?? '',
          entry.refundId ?? '',
          entry.providerId,
          entry.clientId ?? '',
          entry.gateway,
          entry.intentId ?? '',
        ],
        sep,
      );
    }
  }
}
