/**
 * The finance exports of the admin console (`GET /api/admin/exports`) on the real service and a
 * temporary store: admins only; a bad dataset, day, range or separator refused with a code per
 * parameter; each dataset (payments, invoices, credit notes, payouts, ledger) downloaded as a file
 * named after it and its days, read back as a spreadsheet would: the byte-order mark, the chosen
 * separator, quoted fields holding separators, quotes and line breaks, formulas defused, amounts in
 * major units; every record of `[from, to)` exactly once (across the service's pages) and none
 * outside; one audit entry per export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceNumber } from '../../src/domain/invoice';
import { upsertDoc } from '../../server/store/store';
import type { StoredOrder, StoredRefund } from '../../server/services/consultation/types';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { csvObjects, download } from '../support/csv';
import { sampleInvoice } from '../support/invoices';
import { storeOrder } from '../support/orders';
import { browserCall, mintUser } from '../support/sessions';
import { settled } from '../support/settled';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let legacyClient: TestUser;

const JANUARY = 'from=2025-01-01&to=2025-02-01';
const TRICKY = 'Dupont, "Jo"; Ltd\nsecond line';
const FORMULAS = ['=HYPERLINK("http://evil.test")', '+33 6 12', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturn'];

/** Instants around January 2025: inside, and just outside both ends. */
const IN = ['2025-01-01T00:00:00.000Z', '2025-01-15T10:30:00.000Z', '2025-01-31T23:59:59.999Z'];
const OUT = ['2024-12-31T23:59:59.999Z', '2025-02-01T00:00:00.000Z'];

const exportOf = (query: string) => download(`${server.url}/api/admin/exports?${query}`, users.admin.cookie);

async function invoiced(orderId: string, number: string, at: string, tax?: StoredOrder['invoiceTax']) {
  await upsertDoc<StoredOrder>(server.store, 'orders', orderId, (order) =>
    order
      ? { ...order, invoiceNumber: number, invoicedAt: at, ...(tax ? { invoiceTax: tax } : {}) }
      : undefined,
  );
}

function refund(number: string, at: string, total: number): StoredRefund {
  const vat = Math.round(total - total / 1.2);
  return {
    key: `key-${number}`,
    amount: total,
    reason: 'Appel coupé; client "mécontent"',
    by: 'admin',
    state: 'done',
    requestedAt: at,
    refundId: `sim-refund:${number}`,
    refundedAt: at,
    creditNote: { number, issuedAt: at, net: total - vat, vat, total },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'exports');
  legacyClient = await mintUser(server.store, 'exports-legacy');
  // Orders made (and invoiced) at each instant: names full of separators, quotes and formulas.
  const instants = [...IN, ...OUT];
  for (const [index, at] of instants.entries()) {
    const orderId = `ord_exp${index}`;
    await storeOrder(server.store, {
      orderId,
      clientUid: index === 1 ? legacyClient.uid : `client-exp-${index}`,
      providerId: `provider-exp-${index}`,
      createdAt: at,
      client: { name: index === 0 ? TRICKY : FORMULAS[index]!, email: `c${index}@example.test` },
      quote: { total: 4900 + index, currency: index === 2 ? 'USD' : 'EUR' },
    });
    const number = invoiceNumber(at.startsWith('2024') ? 2024 : 2025, index + 1);
    if (index === 1) {
      // Invoiced before the order kept its figures: the export reads the invoice document.
      await invoiced(orderId, number, at);
      const doc = sampleInvoice({ number, orderId, issuedAt: at, price: 4901 });
      await server.store.db(legacyClient.db).insert({ ...doc, _id: doc.id });
    } else {
      await invoiced(orderId, number, at, {
        net: 4000 + index,
        vat: 900,
        total: 4900 + index,
        vatRate: 0.2,
        country: 'FR',
      });
    }
  }
  // Credit notes: two in January on one order, one in February.
  await upsertDoc<StoredOrder>(server.store, 'orders', 'ord_exp0', (order) =>
    order
      ? {
          ...order,
          refunds: [
            refund('AV-2025-000001', '2025-01-20T08:00:00.000Z', 1200),
            refund('AV-2025-000002', '2025-01-31T12:00:00.000Z', 600),
          ],
        }
      : undefined,
  );
  await upsertDoc<StoredOrder>(server.store, 'orders', 'ord_exp3', (order) =>
    order ? { ...order, refunds: [refund('AV-2025-000003', '2025-02-01T00:00:00.000Z', 1000)] } : undefined,
  );
  // Payouts of days in and around January; ledger entries: 230 in January (several of the service's pages).
  const payouts = ['2024-12-31', '2025-01-01', '2025-01-31', '2025-02-01'].map((day, index) => ({
    _id: `payout:${day}:EUR:provider-exp-${index}`,
    type: 'payout',
    day,
    providerId: `provider-exp-${index}`,
    currency: 'EUR',
    amount: 10_000 + index,
    state: 'paid',
    method: 'transfer',
    gateway: 'simulated',
    transferId: `sim-transfer:${index}`,
    runId: 'run-1',
    createdAt: `${day}T06:00:00.000Z`,
    updatedAt: `${day}T06:00:00.000Z`,
  }));
  await server.store.db('payouts').bulk({ docs: payouts });
  const entries = [
    ...Array.from({ length: 230 }, (_, index) =>
      new Date(Date.UTC(2025, 0, 1) + index * 11_000_000).toISOString(),
    ),
    ...OUT,
  ].map((at, index) => ({
    _id: `ord_ledger${index}:capture`,
    type: 'ledger',
    kind: 'capture',
    orderId: `ord_ledger${index}`,
    clientId: 'client-ledger',
    providerId: 'provider-ledger',
    gateway: 'simulated',
    intentId: `pi_ledger${index}`,
    amount: 100 + index,
    currency: 'EUR',
    at,
  }));
  await server.store.db('ledger').bulk({ docs: entries });
  // On a cluster, a view read right after these writes may miss some (tests/support/settled.ts):
  // wait until every dataset shows all it was given, December to February.
  for (const [dataset, count] of [
    ['payments', 5],
    ['invoices', 5],
    ['credit-notes', 3],
    ['payouts', 4],
    ['ledger', 232],
  ] as const) {
    const rows = await settled(
      async () => csvObjects((await exportOf(`dataset=${dataset}&from=2024-12-01&to=2025-03-01`)).text, ','),
      (read) => read.length === count,
    );
    expect([dataset, rows.length]).toEqual([dataset, count]);
  }
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/admin/exports', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/exports?dataset=payments&${JANUARY}`);
  });

  it('refuses a bad dataset, day, range or separator with a code per parameter', async () => {
    for (const [query, field, code] of [
      [JANUARY, 'dataset', 'required'],
      [`dataset=orders&${JANUARY}`, 'dataset', 'value_invalid'],
      ['dataset=payments&to=2025-02-01', 'from', 'required'],
      ['dataset=payments&from=2025-01-01', 'to', 'required'],
      ['dataset=payments&from=2025-02-30&to=2025-03-01', 'from', 'value_invalid'],
      ['dataset=payments&from=01/01/2025&to=2025-03-01', 'from', 'value_invalid'],
      ['dataset=payments&from=2025-01-01&to=2025-01-01', 'to', 'not_after_from'],
      ['dataset=payments&from=2025-02-01&to=2025-01-01', 'to', 'not_after_from'],
      ['dataset=payments&from=2024-01-01&to=2025-01-02', 'to', 'range_too_long'],
      [`dataset=payments&${JANUARY}&sep=tab`, 'sep', 'value_invalid'],
    ] as const) {
      const answer = await browserCall(server.url, 'GET', `/api/admin/exports?${query}`, users.admin.cookie);
      expect([query, answer.status, answer.json]).toEqual([
        query,
        400,
        { error: expect.objectContaining({ code: 'validation', fields: { [field]: code } }) },
      ]);
    }
    // A whole leap year is allowed.
    expect((await exportOf('dataset=payouts&from=2024-01-01&to=2025-01-01')).status).toBe(200);
  });

  it('exports the payments of the range as a file named after them, each once, formulas defused', async () => {
    const file = await exportOf(`dataset=payments&${JANUARY}`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toBe('attachment; filename="sos-expat-payments-2025-01-01-2025-01-31.csv"');
    expect(file.text.startsWith('\uFEFForder_id,created_at,state,amount,')).toBe(true);
    expect(file.text.endsWith('\r\n')).toBe(true);
    const rows = csvObjects(file.text, ',');
    expect(rows.map((row) => row.order_id)).toEqual(['ord_exp0', 'ord_exp1', 'ord_exp2']);
    expect(rows.map((row) => row.client_name)).toEqual([TRICKY, `'${FORMULAS[1]}`, `'${FORMULAS[2]}`]);
    expect(rows[0]).toMatchObject({ amount: '49.00', currency: 'EUR', state: 'captured', created_at: IN[0] });
    expect(rows[2]).toMatchObject({ amount: '49.02', currency: 'USD', invoice_number: 'SOS-2025-000003' });
    // The tricky name is one quoted field, its quotes doubled.
    expect(file.text).toContain('"Dupont, ""Jo""; Ltd\nsecond line"');
  });

  it('writes the `;` separator with decimal commas for Excel, and defuses every formula prefix', async () => {
    const file = await exportOf('dataset=payments&from=2024-12-01&to=2025-03-01&sep=semicolon');
    expect(file.text.startsWith('\uFEFForder_id;created_at;state;amount;')).toBe(true);
    const rows = csvObjects(file.text, ';');
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => row.client_name)).toEqual([
      `'${FORMULAS[3]}`,
      TRICKY,
      `'${FORMULAS[1]}`,
      `'${FORMULAS[2]}`,
      `'${FORMULAS[4]}`,
    ]);
    expect(rows[1]).toMatchObject({ amount: '49,00', refunded_amount: '0,00' });
    // `;` inside the tricky name is quoted too.
    expect(file.text).toContain(';"Dupont, ""Jo""; Ltd\nsecond line";');
  });

  it('exports invoices with their VAT split, from the order or from an older invoice document', async () => {
    const rows = csvObjects((await exportOf(`dataset=invoices&${JANUARY}`)).text, ',');
    expect(rows.map((row) => row.invoice_number)).toEqual([
      'SOS-2025-000001',
      'SOS-2025-000002',
      'SOS-2025-000003',
    ]);
    expect(rows[0]).toMatchObject({
      net: '40.00',
      vat: '9.00',
      total: '49.00',
      vat_rate: '0.2',
      buyer_country: 'FR',
    });
    // The older one: figures and country from the document in the client's database.
    expect(rows[1]).toMatchObject({
      net: '40.84',
      vat: '8.17',
      total: '49.01',
      buyer_country: 'TH',
      order_id: 'ord_exp1',
    });
    expect(rows[2]).toMatchObject({ currency: 'USD', total: '49.02' });
  });

  it('exports the credit notes issued in the range, each once', async () => {
    const file = await exportOf(`dataset=credit-notes&${JANUARY}`);
    expect(file.disposition).toContain('sos-expat-credit-notes-2025-01-01-2025-01-31.csv');
    const rows = csvObjects(file.text, ',');
    expect(rows.map((row) => row.credit_note_number)).toEqual(['AV-2025-000001', 'AV-2025-000002']);
    expect(rows[0]).toMatchObject({
      invoice_number: 'SOS-2025-000001',
      order_id: 'ord_exp0',
      refund_id: 'sim-refund:AV-2025-000001',
      net: '10.00',
      vat: '2.00',
      total: '12.00',
      currency: 'EUR',
      reason: 'Appel coupé; client "mécontent"',
    });
    const february = csvObjects(
      (await exportOf('dataset=credit-notes&from=2025-02-01&to=2025-03-01')).text,
      ',',
    );
    expect(february.map((row) => row.credit_note_number)).toEqual(['AV-2025-000003']);
  });

  it('exports the payouts of the days in the range', async () => {
    const rows = csvObjects((await exportOf(`dataset=payouts&${JANUARY}&sep=semicolon`)).text, ';');
    expect(rows.map((row) => row.day)).toEqual(['2025-01-01', '2025-01-31']);
    expect(rows[0]).toMatchObject({
      amount: '100,01',
      currency: 'EUR',
      state: 'paid',
      transfer_id: 'sim-transfer:1',
    });
  });

  it('exports every ledger entry of the range once, across pages, and none outside', async () => {
    const rows = csvObjects((await exportOf(`dataset=ledger&${JANUARY}`)).text, ',');
    const inside = Array.from({ length: 230 }, (_, index) => `ord_ledger${index}:capture`);
    expect(rows.map((row) => row.entry_id).sort()).toEqual([...inside].sort());
    expect(new Set(rows.map((row) => row.entry_id)).size).toBe(230);
    expect(rows[0]).toMatchObject({
      kind: 'capture',
      amount: '1.00',
      currency: 'EUR',
      order_id: 'ord_ledger0',
    });
    const ats = rows.map((row) => row.at!);
    expect(ats).toEqual([...ats].sort());
  });

  it('writes one audit entry per export: who took which dataset over which days', async () => {
    // Only this test exports from March; the entries of the earlier exports are read past.
    const from = (day: string) => async () =>
      (await auditOf(server.store, 'finance-export', 'ledger')).filter(
        (entry) => (entry.after as { from?: string } | null)?.from === day,
      );
    await exportOf('dataset=ledger&from=2025-03-01&to=2025-04-01&sep=semicolon');
    const march = await settled(from('2025-03-01'), (entries) => entries.length > 0);
    expect(march).toEqual([
      expect.objectContaining({
        actor: users.admin.uid,
        action: 'finance_export',
        after: { from: '2025-03-01', to: '2025-04-01', separator: 'semicolon' },
      }),
    ]);
    // A refused export writes nothing.
    await exportOf('dataset=ledger&from=2025-04-01&to=2025-03-01');
    expect(await from('2025-04-01')()).toEqual([]);
  });
});
