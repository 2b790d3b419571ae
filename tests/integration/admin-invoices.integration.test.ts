/**
 * The invoices in the admin console (`/api/admin/invoices…`) on the real service and a temporary
 * store: admins only; bad parameters and tokens refused with a code per parameter; invoiced orders
 * listed in pages that are disjoint and complete (by number and by date), filtered by year,
 * currency and dates, searched by number, name, e-mail and order id; one invoice shown as its
 * document, and an unknown number is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../src/domain/admin-invoices';
import { invoiceDocId, invoiceNumber } from '../../src/domain/invoice';
import type { InvoiceDoc } from '../../src/domain/invoice';
import { upsertDoc } from '../../server/store/store';
import type { StoredOrder } from '../../server/services/consultation/types';
import { expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { sampleInvoice } from '../support/invoices';
import { storeOrder } from '../support/orders';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let buyer: TestUser;

type Made = { number: string; orderId: string; issuedAt: string; currency: 'EUR' | 'USD' };
const made: Made[] = [];

const admin = (path: string) => browserCall(server.url, 'GET', path, users.admin.cookie);

async function page(query: string): Promise<{ items: InvoiceRow[]; next?: string }> {
  const answer = await admin(`/api/admin/invoices?${query}`);
  expect([query, answer.status]).toEqual([query, 200]);
  return answer.json as { items: InvoiceRow[]; next?: string };
}

async function allPages(query: string, limit = 3): Promise<InvoiceRow[][]> {
  const pages: InvoiceRow[][] = [];
  let token: string | undefined;
  do {
    const answer = await page(`${query}&limit=${limit}${token ? `&token=${token}` : ''}`);
    pages.push(answer.items);
    token = answer.next;
  } while (token && pages.length < 50);
  return pages;
}

const numbers = (rows: InvoiceRow[]) => rows.map((row) => row.number);

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'invoices');
  buyer = await mintUser(server.store, 'invoices-buyer');
  // Ten invoices over two years, two currencies; one with an accented name; one order not invoiced.
  for (let index = 1; index <= 10; index += 1) {
    const year = index <= 6 ? 2025 : 2026;
    const number = invoiceNumber(year, index);
    const orderId = `ord_inv${String(index).padStart(2, '0')}`;
    const issuedAt = new Date(Date.UTC(year, index - 1, 10, 12)).toISOString();
    const currency = index % 3 === 0 ? 'USD' : 'EUR';
    await storeOrder(server.store, {
      orderId,
      clientUid: index === 4 ? buyer.uid : `client-inv-${index}`,
      providerId: `provider-${index}`,
      createdAt: issuedAt,
      client: index === 4 ? { name: 'Éloïse Dürand', email: 'eloise.d@example.fr' } : {},
      provider: index === 5 ? { name: 'Inès Morel', role: 'expat' } : {},
      quote: { currency, total: 1000 * index },
    });
    await upsertDoc<StoredOrder>(server.store, 'orders', orderId, (order) =>
      order ? { ...order, invoiceNumber: number, invoicedAt: issuedAt } : undefined,
    );
    made.push({ number, orderId, issuedAt, currency });
  }
  await storeOrder(server.store, {
    orderId: 'ord_inv_none',
    clientUid: 'client-x',
    providerId: 'p',
    state: 'paid',
  });
  const invoice = sampleInvoice({ number: made[3]!.number, orderId: made[3]!.orderId, sequence: 4 });
  await server.store.db(buyer.db).insert({ ...invoice, _id: invoice.id });
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/admin/invoices', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/invoices');
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/invoices/${made[3]!.number}`);
  });

  it('refuses bad parameters with a code per parameter', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['sort=amount', 'sort'],
      ['dir=up', 'dir'],
      ['year=26', 'year'],
      ['year=abcd', 'year'],
      ['currency=XYZ', 'currency'],
      ['from=yesterday', 'from'],
      ['to=2026-13-45', 'to'],
      ['from=2026-05-01&to=2026-01-01', 'to'],
      ['q=' + 'x'.repeat(101), 'q'],
    ] as const) {
      const answer = await admin(`/api/admin/invoices?${query}`);
      expect([query, answer.status, answer.json]).toEqual([
        query,
        400,
        { error: expect.objectContaining({ code: 'validation', fields: { [field]: 'value_invalid' } }) },
      ]);
    }
    const forged = await admin('/api/admin/invoices?token=bm90LWEtdG9rZW4');
    expect(forged.status).toBe(400);
  });

  it('lists every invoice once, latest number first, in disjoint and complete pages', async () => {
    const pages = await allPages('sort=number&dir=desc');
    const all = pages.flat();
    expect(numbers(all)).toEqual(made.map((m) => m.number).reverse());
    expect(pages.every((rows) => rows.length <= 3)).toBe(true);
    expect(new Set(numbers(all)).size).toBe(all.length);
  });

  it('sorts by date both ways, in pages', async () => {
    const ascending = (await allPages('sort=issuedAt&dir=asc', 4)).flat();
    expect(numbers(ascending)).toEqual(made.map((m) => m.number));
    const descending = (await allPages('sort=issuedAt&dir=desc', 4)).flat();
    expect(numbers(descending)).toEqual(made.map((m) => m.number).reverse());
  });

  it('filters by year, currency and dates', async () => {
    const year = (await allPages('year=2026')).flat();
    expect(numbers(year)).toEqual(
      made
        .filter((m) => m.number.startsWith('SOS-2026'))
        .map((m) => m.number)
        .reverse(),
    );
    const usd = (await allPages('currency=USD')).flat();
    expect(numbers(usd).sort()).toEqual(
      made
        .filter((m) => m.currency === 'USD')
        .map((m) => m.number)
        .sort(),
    );
    const range = (await allPages('sort=issuedAt&from=2025-03-01&to=2025-05-31')).flat();
    expect(numbers(range).sort()).toEqual([made[2]!.number, made[3]!.number, made[4]!.number]);
  });

  it('finds an invoice by its number, a name, an e-mail and its order id', async () => {
    const find = async (q: string, sort = 'number') =>
      numbers((await allPages(`sort=${sort}&q=${encodeURIComponent(q)}`)).flat());
    expect(await find(made[6]!.number)).toEqual([made[6]!.number]);
    expect(await find('eloise durand')).toEqual([made[3]!.number]);
    expect(await find('Éloïse', 'issuedAt')).toEqual([made[3]!.number]);
    expect(await find('eloise.d@example.fr')).toEqual([made[3]!.number]);
    expect(await find('ines')).toEqual([made[4]!.number]);
    expect(await find('ord_inv08')).toEqual([made[7]!.number]);
    expect(await find('ord_inv_none')).toEqual([]);
    // A word every invoice shares lists each once, across pages.
    const shared = (await allPages('q=camille', 2)).flat();
    expect(numbers(shared).sort()).toEqual(made.map((m) => m.number).sort());
  });
});

describe('GET /api/admin/invoices/:number', () => {
  it('answers the invoice document', async () => {
    const answer = await admin(`/api/admin/invoices/${made[3]!.number}`);
    expect(answer.status).toBe(200);
    const { invoice } = answer.json as { invoice: InvoiceDoc };
    expect(invoice).toMatchObject({
      id: invoiceDocId(made[3]!.number),
      number: made[3]!.number,
      orderId: made[3]!.orderId,
    });
    expect(invoice).not.toHaveProperty('_rev');
  });

  it('is a 404 for a number no invoice has, or not a number', async () => {
    for (const path of [invoiceNumber(2024, 1), made[5]!.number, 'nope', 'SOS-2026-1']) {
      const answer = await admin(`/api/admin/invoices/${path}`);
      expect([path, answer.status, (answer.json as { error?: { code?: string } }).error?.code]).toEqual([
        path,
        404,
        'not_found',
      ]);
    }
  });
});
