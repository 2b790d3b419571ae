/**
 * The payments in the admin console (`/api/admin/payments…`) on the real service and a temporary
 * store: admins only; bad filters and tokens refused with a code per parameter; orders in each
 * payment state listed, filtered (state, gateway, currency, dates), searched (names, e-mails, order
 * and gateway ids), sorted by date and amount, in pages that are disjoint and complete; one payment
 * shown with its consultation and its ledger's running total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDetail, PaymentRow } from '../../src/domain/admin-payments';
import { PAYMENT_STATES } from '../../src/domain/order';
import type { PaymentState } from '../../src/domain/order';
import { expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { storeOrder } from '../support/orders';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let provider: TestUser;

type Made = { orderId: string; state: PaymentState; amount: number; createdAt: string };
const made: Made[] = [];

const admin = (path: string) => browserCall(server.url, 'GET', path, users.admin.cookie);

async function page(query: string): Promise<{ items: PaymentRow[]; next?: string }> {
  const answer = await admin(`/api/admin/payments?${query}`);
  expect([query, answer.status]).toEqual([query, 200]);
  return answer.json as { items: PaymentRow[]; next?: string };
}

/** Every page of a query, following the tokens. */
async function allPages(query: string, limit = 3): Promise<PaymentRow[][]> {
  const pages: PaymentRow[][] = [];
  let token: string | undefined;
  do {
    const answer = await page(`${query}&limit=${limit}${token ? `&token=${token}` : ''}`);
    pages.push(answer.items);
    token = answer.next;
  } while (token && pages.length < 50);
  return pages;
}

const ids = (rows: PaymentRow[]) => rows.map((row) => row.orderId);
const ours = (rows: PaymentRow[]) => rows.filter((row) => row.orderId.startsWith('ord_pay'));

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'payments');
  provider = await mintUser(server.store, 'payments-provider-ines', 'expat');
  // One order in each payment state, two gateways, two currencies, amounts and days apart.
  let index = 0;
  for (const state of PAYMENT_STATES) {
    for (const gateway of ['simulated', 'stripe'] as const) {
      index += 1;
      const orderId = `ord_pay${String(index).padStart(2, '0')}`;
      const amount = 1000 + ((index * 37) % 11) * 500;
      const createdAt = new Date(Date.UTC(2026, 9, index, 12)).toISOString();
      await storeOrder(server.store, {
        orderId,
        clientUid: `client-${index}`,
        providerId: index % 4 === 0 ? provider.uid : `provider-${index}`,
        createdAt,
        client: index === 7 ? { name: 'Éloïse Dürand', email: 'eloise.d@example.fr' } : {},
        provider: index % 4 === 0 ? { name: 'Inès Morel', role: 'expat' } : {},
        quote: { total: amount, currency: index % 3 === 0 ? 'USD' : 'EUR' },
        payment: {
          gateway,
          state,
          intentId: gateway === 'stripe' ? `pi_3Q${index}zz${index}` : `sim_${index}`,
          ...(state === 'captured' || state === 'refunded' ? { capturedAt: createdAt } : {}),
        },
      });
      made.push({ orderId, state, amount, createdAt });
    }
  }
});
afterAll(async () => server?.close());

describe('admin payments', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/payments');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/payments/ord_pay01');
    expect((await admin('/api/admin/payments')).status).toBe(200);
    expect((await admin('/api/admin/payments/ord_pay01')).status).toBe(200);
  });

  it('refuses bad filters and tokens with a code per parameter', async () => {
    for (const [query, field] of [
      ['state=paid', 'state'],
      ['gateway=paypal', 'gateway'],
      ['currency=GBP', 'currency'],
      ['from=yesterday', 'from'],
      ['to=2026-13-45', 'to'],
      ['sort=client', 'sort'],
      ['dir=sideways', 'dir'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['token=not-ours', 'token'],
      ['token=eyJub3QiOiJ1cyJ9', 'token'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['state=captured&state=failed', 'state'],
    ] as const) {
      const answer = await admin(`/api/admin/payments?${query}`);
      expect([query, answer.status, answer.json]).toMatchObject([
        query,
        400,
        { error: { code: 'validation', fields: { [field]: 'value_invalid' } } },
      ]);
    }
    const missing = await admin('/api/admin/payments/ord_nothing');
    expect([missing.status, (missing.json as { error: { code: string } }).error.code]).toEqual([
      404,
      'not_found',
    ]);
    expect((await admin('/api/admin/payments/bad%20id')).status).toBe(404);
  });

  it('pages every payment once, newest first, and by amount both ways', async () => {
    const byDate = await allPages('dir=desc');
    const rows = ours(byDate.flat());
    expect(ids(rows)).toEqual(ids([...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt))));
    expect(new Set(ids(rows)).size).toBe(made.length);
    expect(byDate.slice(0, -1).every((items) => items.length === 3)).toBe(true);

    for (const dir of ['asc', 'desc'] as const) {
      const byAmount = (await allPages(`sort=amount&dir=${dir}`)).flat();
      const amounts = ours(byAmount).map((row) => row.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
      expect(ids(byAmount).length).toBe(new Set(ids(byAmount)).size);
      expect(ours(byAmount)).toHaveLength(made.length);
    }
  });

  it('filters by state, gateway, currency and dates, in disjoint and complete pages', async () => {
    for (const state of PAYMENT_STATES) {
      for (const sort of ['createdAt', 'amount']) {
        const rows = (await allPages(`state=${state}&sort=${sort}`, 1)).flat();
        expect([state, sort, ids(rows).sort()]).toEqual([
          state,
          sort,
          made.filter((order) => order.state === state).map((order) => order.orderId),
        ]);
      }
    }
    const stripe = ours((await allPages('gateway=stripe')).flat());
    expect(stripe).toHaveLength(PAYMENT_STATES.length);
    expect(stripe.every((row) => row.gateway === 'stripe' && row.intentId.startsWith('pi_'))).toBe(true);

    const usd = ours((await allPages('currency=USD&sort=amount')).flat());
    expect(ids(usd).sort()).toEqual(['ord_pay03', 'ord_pay06', 'ord_pay09', 'ord_pay12']);

    const days = (await allPages('from=2026-10-03&to=2026-10-05&dir=asc')).flat();
    expect(ids(days)).toEqual(['ord_pay03', 'ord_pay04', 'ord_pay05']);
    const capturedEarly = (
      await allPages('state=captured&gateway=simulated&to=2026-10-05&sort=amount')
    ).flat();
    expect(ids(capturedEarly)).toEqual(['ord_pay05']);
  });

  it('finds a payment by name, e-mail, order id or gateway id', async () => {
    const search = async (q: string, extra = '') =>
      ids((await allPages(`q=${encodeURIComponent(q)}${extra}`, 2)).flat()).sort();
    expect(await search('eloise')).toEqual(['ord_pay07']);
    expect(await search('Dür ÉLO')).toEqual(['ord_pay07']);
    expect(await search('eloise.d@example.fr')).toEqual(['ord_pay07']);
    expect(await search('ord_pay11')).toEqual(['ord_pay11']);
    expect(await search('pi_3Q6zz6')).toEqual(['ord_pay06']);
    expect(await search('sim_9')).toEqual(['ord_pay09']);
    // The provider's e-mail is on their account: the exact address finds their payments.
    expect(await search(provider.email)).toEqual(['ord_pay04', 'ord_pay08', 'ord_pay12']);
    expect(await search(provider.email, '&sort=amount&currency=EUR')).toEqual(['ord_pay04', 'ord_pay08']);
    expect(await search('Inès')).toEqual(['ord_pay04', 'ord_pay08', 'ord_pay12']);
    expect(await search('ines', '&state=released')).toEqual(['ord_pay08']);
    // Two words of every other order start with "c" (Camille, client-n@…): each is listed once.
    const camille = ours((await allPages('q=c&sort=amount', 2)).flat());
    expect(camille).toHaveLength(made.length - 1);
    expect(new Set(ids(camille)).size).toBe(camille.length);
    expect(await search('nobody-at-all')).toEqual([]);
  });

  it('shows a payment with its consultation and the running total of its ledger', async () => {
    const entries = [
      ['authorisation', 4900, '2026-10-01T12:00:00.000Z'],
      ['capture', 4900, '2026-10-01T12:05:00.000Z'],
      ['commission', 735, '2026-10-01T12:05:00.000Z'],
      ['provider_share', 4165, '2026-10-01T12:05:00.000Z'],
      ['refund', 2000, '2026-10-02T09:00:00.000Z'],
    ] as const;
    for (const [kind, amount, at] of entries) {
      await server.store.db('ledger').insert({
        _id: `ord_pay01:${kind}`,
        type: 'ledger',
        kind,
        orderId: 'ord_pay01',
        clientId: 'client-1',
        providerId: 'provider-1',
        gateway: 'simulated',
        intentId: 'sim_1',
        amount,
        currency: 'EUR',
        at,
      });
    }
    const answer = await admin('/api/admin/payments/ord_pay01');
    expect(answer.status).toBe(200);
    const { payment } = answer.json as { payment: PaymentDetail };
    expect(payment.payment).toMatchObject({
      orderId: 'ord_pay01',
      gateway: 'simulated',
      intentId: 'sim_1',
      state: 'requires_payment',
      client: { uid: 'client-1', email: 'client-1@example.test' },
    });
    expect(payment.consultation.orderId).toBe('ord_pay01');
    expect(payment.providerHasAccount).toBe(false);
    expect(payment.ledger.map((line) => [line.kind, line.effect, line.running])).toEqual([
      ['authorisation', 0, 0],
      ['capture', 4900, 4900],
      ['commission', 0, 4900],
      ['provider_share', 0, 4900],
      ['refund', -2000, 2900],
    ]);
    expect(JSON.stringify(payment)).not.toContain('clientSecret');
  });
});
