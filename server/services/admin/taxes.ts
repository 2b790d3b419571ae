/**
 * The VAT reports (screens finance/taxes and finance/taxes/by-country), read only. The sums come
 * from the `tax-reports/by_period` view (couchdb/design/tax-reports.json): for each invoice with its
 * figures on the order (`invoiceTax`) and each credit note on the order's refunds, one row per
 * granularity keyed `[M|Q|Y, period, currency, country]` with the value
 * `[invoices, net, vat, total, credit notes, net, vat, total]`, summed by the store (`_sum`), so a
 * period's report is one grouped range, whatever the number of invoices.
 *
 * Orders invoiced before `invoiceTax` was recorded are not in that view: `tax-reports/untaxed`
 * lists them by date of issue, and their figures are read from the invoice document in the
 * client's database, one by one (there are few, and no more are made). An invoice no longer there
 * (the client deleted their account) is left out and its number reported, never guessed.
 */
import { CURRENCIES } from '../../../src/domain/config';
import type { Currency } from '../../../src/domain/config';
import { invoiceDocId } from '../../../src/domain/invoice';
import type { InvoiceDoc } from '../../../src/domain/invoice';
import {
  TAX_LEVEL,
  UNKNOWN_COUNTRY,
  addSums,
  emptyFigures,
  taxPeriodsOf,
} from '../../../src/domain/admin-taxes';
import type {
  TaxCountryReport,
  TaxCountryRow,
  TaxFigures,
  TaxGranularity,
  TaxPeriod,
  TaxPeriodRow,
  TaxReport,
} from '../../../src/domain/admin-taxes';
import { userDbName } from '../../../src/domain/user-db';
import type { Store } from '../../store/store';
import { getOrUndefined } from '../../store/store';
import type { StoredOrder } from '../consultation/types';
import { scanRange } from '../exports/scan-range';
import { PREFIX_END } from './paging';

/** After every string in CouchDB's collation: the high end of an array-prefix range. */
const HIGH = {};

type Sums = number[];
type Bucket = { key: string; currency: Currency };

const orders = (store: Store) => store.db<StoredOrder>('orders');

/** The view's sums grouped by `level` elements of the key. */
async function grouped(
  store: Store,
  range: { startkey: unknown[]; endkey: unknown[] },
  level: number,
): Promise<{ key: unknown[]; value: Sums }[]> {
  const answer = await orders(store).view<Sums>('tax-reports', 'by_period', {
    ...range,
    reduce: true,
    group_level: level,
  });
  return answer.rows as unknown as { key: unknown[]; value: Sums }[];
}

/** An invoice of an order without `invoiceTax`, read from its document (undefined when gone). */
async function legacyInvoice(store: Store, order: StoredOrder): Promise<InvoiceDoc | undefined> {
  if (!order.invoiceNumber) return undefined;
  const doc = await getOrUndefined(
    store.db<InvoiceDoc>(userDbName(order.client.uid)),
    invoiceDocId(order.invoiceNumber),
  ).catch(() => undefined);
  return doc?.type === 'invoice' ? doc : undefined;
}

/**
 * Adds the invoices issued in `[from, to)` whose figures are not on their order, each to the bucket
 * `place` names; answers the numbers whose invoice could not be read.
 */
async function addLegacy(
  store: Store,
  range: { from?: string; to?: string },
  place: (doc: InvoiceDoc, order: StoredOrder) => Bucket,
  add: (bucket: Bucket, sums: Sums) => void,
): Promise<string[]> {
  const unavailable: string[] = [];
  const pages = scanRange<StoredOrder, StoredOrder>(orders(store), {
    view: 'tax-reports/untaxed',
    startkey: range.from ?? '',
    endkey: range.to ?? PREFIX_END,
    pick: (order) => {
      const issued = order.invoicedAt ?? order.createdAt;
      const inside = (!range.from || issued >= range.from) && (!range.to || issued < range.to);
      return order.type === 'order' && order.invoiceNumber && !order.invoiceTax && inside ? order : undefined;
    },
  });
  for await (const page of pages) {
    for (const order of page) {
      const doc = await legacyInvoice(store, order);
      if (!doc) {
        unavailable.push(order.invoiceNumber!);
        continue;
      }
      const { net, vat, total } = doc.amounts;
      add(place(doc, order), [1, net, vat, total, 0, 0, 0, 0]);
    }
  }
  return unavailable.sort();
}

const currencyRank = (currency: string) => CURRENCIES.indexOf(currency as Currency);

/** Per period and currency, newest period first: the months or quarters of `year`, or every year. */
export async function taxReport(
  store: Store,
  query: { granularity: TaxGranularity; year?: number },
): Promise<TaxReport> {
  const level = TAX_LEVEL[query.granularity];
  const prefix = query.granularity === 'year' ? String(query.year ?? '') : `${query.year}-`;
  const range =
    query.granularity === 'year' && query.year === undefined
      ? { startkey: [level], endkey: [level, HIGH] }
      : { startkey: [level, prefix], endkey: [level, prefix + PREFIX_END] };
  const figures = new Map<string, TaxPeriodRow>();
  const add = ({ key, currency }: Bucket, sums: Sums) => {
    const id = `${key} ${currency}`;
    const current = figures.get(id) ?? { ...emptyFigures(currency), period: key };
    figures.set(id, { ...addSums(current, sums), period: key });
  };
  for (const row of await grouped(store, range, 3)) {
    add({ key: String(row.key[1]), currency: row.key[2] as Currency }, row.value);
  }
  const years =
    query.year === undefined
      ? {}
      : {
          from: new Date(Date.UTC(query.year, 0, 1)).toISOString(),
          to: new Date(Date.UTC(query.year + 1, 0, 1)).toISOString(),
        };
  const unavailable = await addLegacy(
    store,
    years,
    (doc) => ({ key: taxPeriodsOf(doc.issuedAt)[query.granularity], currency: doc.currency }),
    add,
  );
  const rows = [...figures.values()].sort(
    (a, b) => b.period.localeCompare(a.period) || currencyRank(a.currency) - currencyRank(b.currency),
  );
  return { granularity: query.granularity, ...(query.year ? { year: query.year } : {}), rows, unavailable };
}

/** One period per client country and currency, the most VAT first. */
export async function taxByCountry(store: Store, period: TaxPeriod): Promise<TaxCountryReport> {
  const level = TAX_LEVEL[period.granularity];
  const figures = new Map<string, TaxFigures & { country: string }>();
  const add = ({ key, currency }: Bucket, sums: Sums) => {
    const id = `${key} ${currency}`;
    const current = figures.get(id) ?? { ...emptyFigures(currency), country: key };
    figures.set(id, { ...addSums(current, sums), country: key });
  };
  const rows = await grouped(store, { startkey: [level, period.key], endkey: [level, period.key, HIGH] }, 4);
  for (const row of rows) add({ key: String(row.key[3]), currency: row.key[2] as Currency }, row.value);
  const unavailable = await addLegacy(
    store,
    { from: period.from, to: period.to },
    (doc) => ({
      key: doc.buyer.country ? doc.buyer.country.toUpperCase() : UNKNOWN_COUNTRY,
      currency: doc.currency,
    }),
    add,
  );
  const sorted: TaxCountryRow[] = [...figures.values()].sort(
    (a, b) =>
      currencyRank(a.currency) - currencyRank(b.currency) ||
      b.collected.vat - a.collected.vat ||
      a.country.localeCompare(b.country),
  );
  return { period: period.key, rows: sorted, unavailable };
}
