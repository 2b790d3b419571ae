/**
 * What an invoice says about who sold and who served, on the real service (demo mode, simulated
 * payments and calls, short timings): the provider's profession as listed (never one derived from
 * the role that prices the call), and the seller's legal identity from the platform settings, which
 * admins edit through `/api/admin/settings/invoicing` and which each invoice snapshots when issued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../support/settled';
import { CONFIG_IDS } from '../../src/domain/config';
import type { InvoiceDoc, InvoicingSettings } from '../../src/domain/invoice';
import { invoiceDocId } from '../../src/domain/invoice';
import type { CheckoutRequest, CheckoutResponse } from '../../src/domain/order';
import { serviceOfRole } from '../../src/domain/order';
import { demoInvoicing } from '../../src/domain/platform-defaults';
import type { StoredOrder } from '../../server/services/consultation/types';
import { seedDemoData } from '../../server/seed/seed';
import { renderInvoiceForMail } from '../../server/services/invoice-pdf';
import { getOrUndefined, upsertDoc } from '../../server/store/store';
import { pdfText } from '../support/pdf-text';
import type { ProviderDoc } from '../support/providers';
import { banUser, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const FAST_DEMO = {
  SIMULATED_RING_SECONDS: '0.1',
  SIMULATED_NO_ANSWER_SECONDS: '0.3',
  SIMULATED_CALL_SECONDS: '0.3',
  CALL_RETRY_DELAY_SECONDS: '0.1',
};

const IDENTITY_A: InvoicingSettings = {
  seller: {
    name: 'Essais Expat SAS',
    address: ['8 avenue des Essais', '69002 Lyon', 'France'],
    companyId: 'RCS Lyon 900 000 001',
    vatId: 'FR00900000001',
    country: 'FR',
  },
  vatRate: 0.2,
};
const IDENTITY_B: InvoicingSettings = {
  seller: {
    name: 'Essais Expat Holding SA',
    address: ['3 quai du Contrôle', '33000 Bordeaux', 'France'],
    companyId: 'RCS Bordeaux 900 000 002',
    vatId: 'FR00900000002',
    country: 'FR',
  },
  vatRate: 0.2,
};

let server: TestServer;
let admin: TestUser;
let client: TestUser;
let lawyerUser: TestUser;
let taxConsultant: ProviderDoc;

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);

/** A consultation with `provider`, paid with a test card, run to its end; answers its invoice. */
async function consultation(provider: ProviderDoc): Promise<InvoiceDoc> {
  const service = serviceOfRole(provider.role);
  const order = await call('POST', '/api/checkout', client.cookie, {
    providerId: provider._id,
    service,
    currency: 'EUR',
    booking: {
      firstName: 'Camille',
      lastName: 'Martin',
      nationality: 'FR',
      interventionCountry: 'ES',
      title: 'Impôts après mon installation en Espagne',
      description:
        'Je viens de m’installer en Espagne et je ne sais pas où déclarer mes revenus cette année.',
      languages: [provider.languages[0]!],
      phone: '+33612345678',
      acceptedTerms: true,
    },
    expectedTotal: service === 'lawyerCall' ? 4900 : 1900,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
  } satisfies CheckoutRequest);
  expect(order.status).toBe(201);
  const { orderId, payment } = order.json as CheckoutResponse;
  const paid = await call('POST', '/api/payments/simulated/confirm', client.cookie, {
    clientSecret: payment.clientSecret,
    card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
  });
  expect(paid.json).toMatchObject({ outcome: 'authorised' });
  const number = await waitFor(async () => {
    const stored = await getOrUndefined(server.store.db<StoredOrder>('orders'), orderId);
    return stored?.invoiceNumber;
  }, 'the invoice');
  return server.store.db<InvoiceDoc>(client.db).get(invoiceDocId(number));
}

const invoicePdfText = async (invoice: InvoiceDoc) =>
  (await pdfText(await renderInvoiceForMail(invoice, invoice.language))).text;

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: () => FAST_DEMO });
  admin = await mintUser(server.store, 'admin-invoicing', 'admin');
  client = await mintUser(server.store, 'client-invoicing');
  lawyerUser = await mintUser(server.store, 'lawyer-invoicing', 'lawyer');
  // A provider who takes lawyer calls (the role sets price and duration) and is listed as a tax
  // consultant, online so that they can be booked.
  const { rows } = await server.store.db<ProviderDoc>('providers').list({ include_docs: true });
  const listed = rows
    .map((row) => row.doc!)
    .find((p) => p.role === 'lawyer' && p.profession === 'tax_consultant');
  expect(listed).toBeDefined();
  taxConsultant = (await upsertDoc<ProviderDoc>(server.store, 'providers', listed!._id, (current) =>
    current ? { ...current, isOnline: true, availability: 'available' } : undefined,
  ))!;
});

afterAll(async () => {
  await server?.close();
});

describe('the provider on the invoice', () => {
  it('is named with the profession listed, not with the role that priced the call', async () => {
    const invoice = await consultation(taxConsultant);
    expect(invoice.service).toBe('lawyerCall');
    expect(invoice.provider).toMatchObject({
      id: taxConsultant._id,
      name: taxConsultant.fullName,
      profession: 'tax_consultant',
    });
    const text = await invoicePdfText(invoice);
    expect(text).toContain(`${taxConsultant.fullName} · Conseiller fiscal`);
    // The service bought keeps its name; the provider is nowhere called a lawyer.
    expect(text).toContain('Appel avocat');
    expect(text).not.toContain('Avocat');
  });
});

describe('the seller on the invoice', () => {
  it('starts as the demo seed’s identity, which says plainly that it is fictitious', async () => {
    const answer = await call('GET', '/api/admin/settings/invoicing', admin.cookie);
    expect(answer.status).toBe(200);
    const { invoicing } = answer.json as { invoicing: InvoicingSettings };
    expect(invoicing.seller.name).toMatch(/fictive/i);
    expect(invoicing.seller.companyId).toMatch(/DEMO/);
    expect(invoicing.seller.vatId).toMatch(/DEMO/);
  });

  it('carries the legal name, address, company and VAT numbers from the settings', async () => {
    const saved = await call('PUT', '/api/admin/settings/invoicing', admin.cookie, IDENTITY_A);
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ invoicing: IDENTITY_A });

    const invoice = await consultation(taxConsultant);
    expect(invoice.seller).toEqual(IDENTITY_A.seller);
    const text = await invoicePdfText(invoice);
    for (const part of [
      'Essais Expat SAS',
      '8 avenue des Essais',
      '69002 Lyon',
      'Immatriculation RCS Lyon 900 000 001',
      'N° de TVA FR00900000001',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('changes for the next invoice only: an invoice issued before keeps the seller it had', async () => {
    await call('PUT', '/api/admin/settings/invoicing', admin.cookie, IDENTITY_A);
    const before = await consultation(taxConsultant);
    expect(before.seller).toEqual(IDENTITY_A.seller);

    expect((await call('PUT', '/api/admin/settings/invoicing', admin.cookie, IDENTITY_B)).status).toBe(200);
    const after = await consultation(taxConsultant);
    expect(after.seller).toEqual(IDENTITY_B.seller);

    const again = await server.store.db<InvoiceDoc>(client.db).get(before.id);
    expect(again.seller).toEqual(IDENTITY_A.seller);
    expect(await invoicePdfText(again)).toContain('RCS Lyon 900 000 001');
  });
});

describe('/api/admin/settings/invoicing', () => {
  const settingsDoc = () =>
    server.store.db<{ value: { invoicing?: InvoicingSettings } }>('config').get(CONFIG_IDS.settings);

  it('is refused to anyone but an admin, and changes nothing', async () => {
    const banned = await mintUser(server.store, 'admin-banned', 'admin');
    await banUser(server.store, banned.uid);
    const before = (await settingsDoc()).value.invoicing;
    for (const [cookie, status] of [
      ['', 401],
      [client.cookie, 403],
      [lawyerUser.cookie, 403],
      [banned.cookie, 403],
    ] as const) {
      expect((await call('GET', '/api/admin/settings/invoicing', cookie)).status).toBe(status);
      const put = await call('PUT', '/api/admin/settings/invoicing', cookie, IDENTITY_B);
      expect(put.status).toBe(status);
      expect((put.json as { error: { code: string } }).error.code).toBeTruthy();
    }
    expect((await settingsDoc()).value.invoicing).toEqual(before);
  });

  it('answers 400 with a code per field for a malformed identity, and changes nothing', async () => {
    await call('PUT', '/api/admin/settings/invoicing', admin.cookie, IDENTITY_A);
    const before = await settingsDoc();
    const cases: [unknown, Record<string, string>][] = [
      [{ ...IDENTITY_A, seller: { ...IDENTITY_A.seller, name: '   ' } }, { 'seller.name': 'required' }],
      [{ vatRate: 0.2 }, { seller: 'required' }],
      [
        { ...IDENTITY_A, seller: { ...IDENTITY_A.seller, name: 'x'.repeat(201) } },
        { 'seller.name': 'too_long' },
      ],
      [
        { ...IDENTITY_A, seller: { ...IDENTITY_A.seller, companyId: 'R'.repeat(81) } },
        { 'seller.companyId': 'too_long' },
      ],
      [
        { ...IDENTITY_A, seller: { ...IDENTITY_A.seller, address: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] } },
        { 'seller.address': 'too_long' },
      ],
      [
        { ...IDENTITY_A, seller: { ...IDENTITY_A.seller, address: 'one line' } },
        { 'seller.address': 'value_invalid' },
      ],
      [
        { ...IDENTITY_A, seller: { ...IDENTITY_A.seller, country: 'France' } },
        { 'seller.country': 'value_invalid' },
      ],
      [{ ...IDENTITY_A, vatRate: 20 }, { vatRate: 'value_invalid' }],
      [{ ...IDENTITY_A, seller: { ...IDENTITY_A.seller, siren: '1' } }, { 'seller.siren': 'unknown_field' }],
      [[IDENTITY_A], { invoicing: 'value_invalid' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await call('PUT', '/api/admin/settings/invoicing', admin.cookie, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'validation', fields } });
    }
    const huge = await call('PUT', '/api/admin/settings/invoicing', admin.cookie, {
      ...IDENTITY_A,
      vatNote: 'x'.repeat(20_000),
    });
    expect(huge.status).toBe(413);
    expect((await settingsDoc())._rev).toBe(before._rev);
  });

  it('records who changed what and when, before and after, in the audit trail', async () => {
    await call('PUT', '/api/admin/settings/invoicing', admin.cookie, IDENTITY_A);
    const started = new Date().toISOString();
    const answer = await call('PUT', '/api/admin/settings/invoicing', admin.cookie, IDENTITY_B);
    expect(answer.status).toBe(200);
    const entries = await settled(
      async () => {
        const { rows } = await server.store
          .db<{
            type: string;
            subject?: { kind: string; id: string };
            actor: string;
            at: string;
            before: unknown;
            after: unknown;
          }>('audit')
          .list({ include_docs: true });
        return rows
          .map((row) => row.doc!)
          .filter((doc) => doc.type === 'audit' && doc.subject?.id === 'invoicing' && doc.at >= started);
      },
      (found) => found.length > 0,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: admin.uid, before: IDENTITY_A, after: IDENTITY_B });

    // Trimmed, and empty optional fields left out rather than printed blank.
    const untidy = {
      seller: {
        ...IDENTITY_B.seller,
        name: '  Essais Expat Holding SA ',
        vatId: '',
        address: [' 3 quai du Contrôle ', ''],
      },
      vatRate: 0,
      vatNote: 'TVA non applicable, art. 293 B du CGI',
    };
    const tidy = await call('PUT', '/api/admin/settings/invoicing', admin.cookie, untidy);
    expect(tidy.json).toEqual({
      invoicing: {
        seller: { ...IDENTITY_B.seller, vatId: undefined, address: ['3 quai du Contrôle'] },
        vatRate: 0,
        vatNote: 'TVA non applicable, art. 293 B du CGI',
      },
    });
    const read = await call('GET', '/api/admin/settings/invoicing', admin.cookie);
    expect((read.json as { invoicing: InvoicingSettings }).invoicing.seller).not.toHaveProperty('vatId');
  });
});

describe('the demo seed', () => {
  it('gives settings seeded before invoices had a seller the demo one, and keeps one an admin set', async () => {
    type Settings = { value: { invoicing?: InvoicingSettings } };
    const settings = () => server.store.db<Settings>('config').get(CONFIG_IDS.settings);
    await call('PUT', '/api/admin/settings/invoicing', admin.cookie, IDENTITY_A);
    await seedDemoData(server.store, new Date());
    expect((await settings()).value.invoicing).toEqual(IDENTITY_A);

    await upsertDoc<Settings>(server.store, 'config', CONFIG_IDS.settings, (current) => {
      const { invoicing: _removed, ...value } = current!.value;
      return { ...current!, value };
    });
    await seedDemoData(server.store, new Date());
    expect((await settings()).value.invoicing).toEqual(demoInvoicing());
  });
});
