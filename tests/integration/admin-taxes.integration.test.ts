/**
 * The VAT reports of the admin console (`GET /api/admin/taxes`, `/taxes/by-country`) on the real
 * service: admins only; bad parameters refused with a code per parameter. Consultations run to
 * completion through checkout, payment and the simulated call, and the figures of their month,
 * quarter and year equal the sums of the invoices they issued (read from the clients' databases),
 * per currency and per client country; so do the invoices' export lines. Earlier periods, written
 * straight into the store: credit notes subtracted in the period they were issued in, an invoice
 * issued before the order kept its figures read from its document, one no longer readable
 * reported, and invoices of an unknown country in their own bucket, countries sorted by VAT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxCountryReport, TaxFigures, TaxReport } from '../../src/domain/admin-taxes';
import { taxPeriodsOf } from '../../src/domain/admin-taxes';
import { invoiceDocId, invoiceNumber } from '../../src/domain/invoice';
import type { InvoiceDoc } from '../../src/domain/invoice';
import type { CheckoutRequest, CheckoutResponse } from '../../src/domain/order';
import { serviceOfRole } from '../../src/domain/order';
import { userDbName } from '../../src/domain/user-db';
import type { StoredOrder, StoredRefund } from '../../server/services/consultation/types';
import { getOrUndefined, upsertDoc } from '../../server/store/store';
import { expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { csvObjects, download } from '../support/csv';
import { sampleInvoice } from '../support/invoices';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { eventually, storeOrder } from '../support/orders';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { BROWSER_HEADERS, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let lawyer: ProviderDoc;
/** The invoices the completed consultations issued. */
const issued: InvoiceDoc[] = [];

async function api<T>(method: string, route: string, user: TestUser, body?: unknown) {
  const response = await fetch(`${server.url}/api${route}`, {
    method,
    headers: { ...BROWSER_HEADERS, cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A client from `nationality` books the lawyer in `currency`, pays, talks: answers the invoice issued. */
async function consultation(
  client: TestUser,
  nationality: string,
  currency: 'EUR' | 'USD',
): Promise<InvoiceDoc> {
  const order = await api<CheckoutResponse>('POST', '/checkout', client, {
    providerId: lawyer._id,
    service: serviceOfRole('lawyer'),
    currency,
    booking: {
      firstName: 'Camille',
      lastName: 'Durand',
      nationality,
      interventionCountry: 'ES',
      title: 'Litige avec mon propriétaire',
      description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que puis-je faire ?',
      languages: [lawyer.languages[0]!],
      phone: '+33612345678',
      acceptedTerms: true,
    },
    expectedTotal: currency === 'EUR' ? 4900 : 5500,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    demo: { providerLine: 'answers' },
  } satisfies CheckoutRequest);
  expect(order.status).toBe(201);
  const paid = await api<{ outcome: string }>('POST', '/payments/simulated/confirm', client, {
    clientSecret: order.body.payment.clientSecret,
    card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
  });
  expect(paid.body.outcome).toBe('authorised');
  const stored = await eventually(async () => {
    const doc = await getOrUndefined(server.store.db<StoredOrder>('orders'), order.body.orderId);
    return doc?.state === 'completed' && doc.invoiceNumber ? doc : undefined;
  }, 20_000);
  return (await server.store
    .db<InvoiceDoc>(userDbName(client.uid))
    .get(invoiceDocId(stored.invoiceNumber!))) as InvoiceDoc;
}

/** The sums of invoices as the report gives them. */
function sumsOf(invoices: InvoiceDoc[]) {
  return {
    invoices: invoices.length,
    invoiced: {
      net: invoices.reduce((sum, doc) => sum + doc.amounts.net, 0),
      vat: invoices.reduce((sum, doc) => sum + doc.amounts.vat, 0),
      total: invoices.reduce((sum, doc) => sum + doc.amounts.total, 0),
    },
  };
}

const admin = async <T>(query: string) => {
  const answer = await browserCall(server.url, 'GET', `/api/admin/${query}`, users.admin.cookie);
  expect([query, answer.status]).toEqual([query, 200]);
  return answer.json as T;
};

function creditNote(number: string, issuedAt: string, net: number, vat: number): StoredRefund {
  return {
    key: `key-${number}`,
    amount: net + vat,
    reason: 'Appel interrompu',
    by: 'admin',
    state: 'done',
    requestedAt: issuedAt,
    refundId: `sim-refund:${number}`,
    refundedAt: issuedAt,
    creditNote: { number, issuedAt, net, vat, total: net + vat },
  };
}

async function invoicedOrder(
  orderId: string,
  at: string,
  sequence: number,
  extra: Partial<StoredOrder>,
  currency: 'EUR' | 'USD' = 'EUR',
  clientUid = `client-${orderId}`,
) {
  await storeOrder(server.store, {
    orderId,
    clientUid,
    providerId: 'provider-tax',
    createdAt: at,
    quote: { currency },
  });
  await upsertDoc<StoredOrder>(server.store, 'orders', orderId, (order) =>
    order ? { ...order, invoiceNumber: invoiceNumber(2025, sequence), invoicedAt: at, ...extra } : undefined,
  );
}

const tax = (net: number, vat: number, country?: string) => ({
  invoiceTax: { net, vat, total: net + vat, vatRate: 0.2, ...(country ? { country } : {}) },
});

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: () => ({
      SIMULATED_RING_SECONDS: '0.1',
      SIMULATED_NO_ANSWER_SECONDS: '60',
      SIMULATED_CALL_SECONDS: '0.3',
      CALL_RETRY_DELAY_SECONDS: '0.1',
    }),
  });
  users = await mintRoles(server.store, 'taxes');
  lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
  const french = await mintUser(server.store, 'taxes-fr');
  const german = await mintUser(server.store, 'taxes-de');
  issued.push(await consultation(french, 'FR', 'EUR'));
  issued.push(await consultation(german, 'DE', 'EUR'));
  issued.push(await consultation(french, 'FR', 'EUR'));
  issued.push(await consultation(german, 'DE', 'USD'));

  // March 2025: invoices from France, Thailand (an older invoice, figures on its document) and an
  // unknown country; one older invoice whose document is gone; credit notes in March and April.
  const legacy = await mintUser(server.store, 'taxes-legacy');
  await invoicedOrder('ord_tax_fr', '2025-03-03T10:00:00.000Z', 1, {
    ...tax(4083, 817, 'FR'),
    refunds: [
      creditNote('AV-2025-000001', '2025-03-20T10:00:00.000Z', 1000, 200),
      creditNote('AV-2025-000002', '2025-04-02T10:00:00.000Z', 500, 100),
    ],
  });
  await invoicedOrder('ord_tax_th', '2025-03-10T10:00:00.000Z', 2, {}, 'EUR', legacy.uid);
  const document = sampleInvoice({
    number: invoiceNumber(2025, 2),
    orderId: 'ord_tax_th',
    issuedAt: '2025-03-10T10:00:00.000Z',
    price: 6000,
  });
  await server.store.db(legacy.db).insert({ ...document, _id: document.id });
  await invoicedOrder('ord_tax_gone', '2025-03-11T10:00:00.000Z', 3, {});
  await invoicedOrder('ord_tax_unknown', '2025-03-31T23:59:59.999Z', 4, tax(2000, 400));
  await invoicedOrder('ord_tax_usd', '2025-05-05T10:00:00.000Z', 5, tax(4583, 917, 'US'), 'USD');
  // An order not invoiced is in no report.
  await storeOrder(server.store, {
    orderId: 'ord_tax_none',
    clientUid: 'c',
    providerId: 'p',
    createdAt: '2025-03-05T10:00:00.000Z',
  });
}, 120_000);

afterAll(async () => {
  try {
    if (server) await expectLedgerBalanced(server.store);
  } finally {
    await server?.close();
  }
});

const figures = (
  rows: (TaxFigures & { period?: string; country?: string })[],
  currency: string,
  where: object = {},
) =>
  rows.find(
    (row) => row.currency === currency && Object.entries(where).every(([k, v]) => row[k as 'period'] === v),
  );

describe('GET /api/admin/taxes', () => {
  it('is for admins only, and refuses bad parameters with a code per parameter', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/taxes?granularity=month&year=2025');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/taxes/by-country?period=2025-03');
    for (const [query, field, code] of [
      ['taxes?granularity=week&year=2025', 'granularity', 'value_invalid'],
      ['taxes?granularity=month', 'year', 'required'],
      ['taxes?granularity=quarter&year=25', 'year', 'value_invalid'],
      ['taxes?granularity=month&year=1999', 'year', 'value_invalid'],
      ['taxes/by-country', 'period', 'required'],
      ['taxes/by-country?period=2025-13', 'period', 'value_invalid'],
      ['taxes/by-country?period=2025-Q5', 'period', 'value_invalid'],
      ['taxes/by-country?period=March', 'period', 'value_invalid'],
    ] as const) {
      const answer = await browserCall(server.url, 'GET', `/api/admin/${query}`, users.admin.cookie);
      expect([query, answer.status, answer.json]).toEqual([
        query,
        400,
        { error: expect.objectContaining({ code: 'validation', fields: { [field]: code } }) },
      ]);
    }
  });

  it('sums the invoices of completed consultations per month, quarter and year, per currency', async () => {
    const periods = taxPeriodsOf(issued[0]!.issuedAt);
    const year = periods.year;
    const euros = issued.filter((doc) => doc.currency === 'EUR');
    const dollars = issued.filter((doc) => doc.currency === 'USD');
    expect(euros.every((doc) => doc.amounts.vat > 0)).toBe(true);
    for (const [granularity, period] of [
      ['month', periods.month],
      ['quarter', periods.quarter],
      ['year', periods.year],
    ] as const) {
      const report = await admin<TaxReport>(`taxes?granularity=${granularity}&year=${year}`);
      expect(figures(report.rows, 'EUR', { period })).toMatchObject({
        ...sumsOf(euros),
        creditNotes: 0,
        collected: sumsOf(euros).invoiced,
      });
      expect(figures(report.rows, 'USD', { period })).toMatchObject(sumsOf(dollars));
      expect(report.unavailable).toEqual([]);
    }
  });

  it('subtracts credit notes in their own period, reads older invoices from their document', async () => {
    const report = await admin<TaxReport>('taxes?granularity=month&year=2025');
    expect(report.rows.map((row) => `${row.period} ${row.currency}`)).toEqual([
      '2025-05 USD',
      '2025-04 EUR',
      '2025-03 EUR',
    ]);
    // March: France 40.83 + 8.17, Thailand's document 50.00 + 10.00, unknown 20.00 + 4.00; a credit note 10.00 + 2.00.
    expect(figures(report.rows, 'EUR', { period: '2025-03' })).toEqual({
      period: '2025-03',
      currency: 'EUR',
      invoices: 3,
      invoiced: { net: 4083 + 5000 + 2000, vat: 817 + 1000 + 400, total: 4900 + 6000 + 2400 },
      creditNotes: 1,
      credited: { net: 1000, vat: 200, total: 1200 },
      collected: { net: 11083 - 1000, vat: 2217 - 200, total: 13300 - 1200 },
    });
    // April: a credit note alone, VAT given back.
    expect(figures(report.rows, 'EUR', { period: '2025-04' })).toMatchObject({
      invoices: 0,
      creditNotes: 1,
      collected: { net: -500, vat: -100, total: -600 },
    });
    expect(report.unavailable).toEqual([invoiceNumber(2025, 3)]);

    const quarters = await admin<TaxReport>('taxes?granularity=quarter&year=2025');
    expect(quarters.rows.map((row) => `${row.period} ${row.currency}`)).toEqual([
      '2025-Q2 EUR',
      '2025-Q2 USD',
      '2025-Q1 EUR',
    ]);
    expect(figures(quarters.rows, 'EUR', { period: '2025-Q1' })?.collected.vat).toBe(2017);
    const years = await admin<TaxReport>('taxes?granularity=year');
    expect(figures(years.rows, 'EUR', { period: '2025' })).toMatchObject({
      invoices: 3,
      creditNotes: 2,
      collected: { vat: 2217 - 300 },
    });
    expect(figures(years.rows, 'EUR', { period: taxPeriodsOf(issued[0]!.issuedAt).year })).toBeDefined();
  });
});

describe('GET /api/admin/taxes/by-country', () => {
  it('splits the consultations’ invoices by the client’s country', async () => {
    const month = taxPeriodsOf(issued[0]!.issuedAt).month;
    const report = await admin<TaxCountryReport>(`taxes/by-country?period=${month}`);
    const euros = (country: string) =>
      issued.filter((doc) => doc.currency === 'EUR' && doc.buyer.country === country);
    expect(figures(report.rows, 'EUR', { country: 'FR' })).toMatchObject(sumsOf(euros('FR')));
    expect(figures(report.rows, 'EUR', { country: 'DE' })).toMatchObject(sumsOf(euros('DE')));
    expect(figures(report.rows, 'USD', { country: 'DE' })).toMatchObject(
      sumsOf(issued.filter((doc) => doc.currency === 'USD')),
    );
    // Two French invoices, one German: France first.
    expect(report.rows.map((row) => `${row.currency} ${row.country}`)).toEqual([
      'EUR FR',
      'EUR DE',
      'USD DE',
    ]);
  });

  it('sorts a period’s countries by VAT, the unknown country in its own bucket', async () => {
    const report = await admin<TaxCountryReport>('taxes/by-country?period=2025-03');
    expect(report.rows.map((row) => [row.country, row.collected.vat])).toEqual([
      ['TH', 1000],
      ['FR', 617],
      ['unknown', 400],
    ]);
    expect(report.unavailable).toEqual([invoiceNumber(2025, 3)]);
    const quarter = await admin<TaxCountryReport>('taxes/by-country?period=2025-Q2');
    expect(quarter.rows.map((row) => [row.currency, row.country, row.collected.vat])).toEqual([
      ['EUR', 'FR', -100],
      ['USD', 'US', 917],
    ]);
  });
});

describe('the invoices’ export', () => {
  it('lists the consultations’ invoices with the figures of their documents', async () => {
    const day = issued[0]!.issuedAt.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const file = await download(
      `${server.url}/api/admin/exports?dataset=invoices&from=${day}&to=${next}`,
      users.admin.cookie,
    );
    const rows = csvObjects(file.text, ',');
    const major = (minor: number) => (minor / 100).toFixed(2);
    expect(
      rows.map((row) => [row.invoice_number, row.net, row.vat, row.total, row.currency, row.buyer_country]),
    ).toEqual(
      issued
        .filter((doc) => doc.issuedAt.slice(0, 10) === day)
        .map((doc) => [
          doc.number,
          major(doc.amounts.net),
          major(doc.amounts.vat),
          major(doc.amounts.total),
          doc.currency,
          doc.buyer.country,
        ]),
    );
  });
});
