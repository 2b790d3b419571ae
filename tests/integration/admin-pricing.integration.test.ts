/**
 * `GET/PUT /api/admin/pricing`: the prices and durations of the two calls, set by admins only,
 * within the spec's €5–€500 bounds, audited once per change, written to `config` (which every browser
 * pulls through the gateway), and charged by checkout from then on whatever price the page showed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pricing } from '../../src/domain/config';
import type { CheckoutResponse } from '../../src/domain/order';
import { defaultPricing } from '../../src/domain/platform-defaults';
import { isSimulatedGateway } from '../../server/adapters/payments/simulated';
import type { StoredOrder } from '../../server/services/consultation/types';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let buyer: TestUser;
let lawyer: ProviderDoc;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  users = await mintRoles(server.store, 'pricing');
  buyer = await mintUser(server.store, 'pricing-buyer');
  lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
});
afterAll(async () => server?.close());

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);
const save = (body: unknown) => call('PUT', '/api/admin/pricing', users.admin.cookie, body);

function priced(change: (pricing: Pricing) => void): Pricing {
  const pricing = defaultPricing();
  change(pricing);
  return pricing;
}

function checkout(expectedTotal: number) {
  return call('POST', '/api/checkout', buyer.cookie, {
    providerId: lawyer._id,
    service: 'lawyerCall',
    currency: 'EUR',
    booking: {
      firstName: 'Anna',
      lastName: 'Martin',
      nationality: 'FR',
      interventionCountry: 'ES',
      title: 'Litige avec mon propriétaire',
      description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que faire ?',
      languages: [lawyer.languages[0]!],
      phone: '+33612345678',
      acceptedTerms: true,
    },
    expectedTotal,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
  });
}

describe('pricing in the admin console', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/pricing');
    await expectAdminOnly(server.url, users, 'PUT', '/api/admin/pricing', defaultPricing());
    expect(await auditOf(server.store, 'pricing', 'pricing')).toEqual([]);
  });

  it('answers the prices in force', async () => {
    const answer = await call('GET', '/api/admin/pricing', users.admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      pricing: defaultPricing(),
      updatedAt: expect.any(String) as unknown,
    });
  });

  it('refuses prices outside €5–€500, odd durations and unknown fields, with a code per field', async () => {
    const before = await server.store.db('config').get('pricing');
    const cases: [unknown, Record<string, string>][] = [
      [priced((p) => (p.lawyerCall.prices.EUR = 499)), { 'lawyerCall.prices.EUR': 'price_out_of_range' }],
      [priced((p) => (p.expatCall.prices.USD = 50_001)), { 'expatCall.prices.USD': 'price_out_of_range' }],
      [priced((p) => (p.lawyerCall.prices.EUR = 49.5)), { 'lawyerCall.prices.EUR': 'value_invalid' }],
      [
        priced((p) => (p.lawyerCall.durationMinutes = 2)),
        { 'lawyerCall.durationMinutes': 'duration_out_of_range' },
      ],
      // Longer than the platform's longest call (30 minutes by default).
      [
        priced((p) => (p.expatCall.durationMinutes = 45)),
        { 'expatCall.durationMinutes': 'above_max_call_duration' },
      ],
      [{ ...defaultPricing(), lawyerCall: undefined }, { lawyerCall: 'required' }],
      [{ ...defaultPricing(), notaryCall: {} }, { notaryCall: 'unknown_field' }],
      [
        { ...defaultPricing(), expatCall: { ...defaultPricing().expatCall, prices: { EUR: 1900 } } },
        { 'expatCall.prices.USD': 'required' },
      ],
    ];
    for (const [body, fields] of cases) {
      const answer = await save(body);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'validation', fields } });
    }
    expect((await save('49')).status).toBe(400);
    expect(await server.store.db('config').get('pricing')).toEqual(before);
    expect(await auditOf(server.store, 'pricing', 'pricing')).toEqual([]);
  });

  it('saves a change into config, audited once, and browsers pull it through the gateway', async () => {
    const pricing = priced((p) => {
      p.lawyerCall.prices.EUR = 5900;
      p.lawyerCall.prices.USD = 6500;
    });
    const answer = await save(pricing);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ pricing });
    expect((await save(pricing)).status).toBe(200); // the same again: nothing to record
    const trail = await auditOf(server.store, 'pricing', 'pricing', 1);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      actor: users.admin.uid,
      action: 'pricing_change',
      // One line per value changed.
      before: { 'lawyerCall.prices.EUR': 4900, 'lawyerCall.prices.USD': 5500 },
      after: { 'lawyerCall.prices.EUR': 5900, 'lawyerCall.prices.USD': 6500 },
    });
    // What a browser's replication reads, signed out.
    const response = await fetch(`${server.url}/db/config/_all_docs?include_docs=true`);
    const { rows } = (await response.json()) as { rows: { id: string; doc: { value: Pricing } }[] };
    expect(rows.find((row) => row.id === 'pricing')?.doc.value).toEqual(pricing);
  });

  it('charges the current price at checkout, whatever price the page showed', async () => {
    // The page was loaded at €59; the admin now sets €69.
    await save(priced((p) => (p.lawyerCall.prices.EUR = 6900)));
    const stale = await checkout(5900);
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ error: { code: 'amount_mismatch' } });
    const { rows } = await server.store.db<{ type?: string }>('orders').list({ include_docs: true });
    expect(rows.filter((row) => row.doc?.type === 'order')).toEqual([]);

    // The page, now showing the new price, sends it: the order and the payment are at €69.
    const placed = await checkout(6900);
    expect(placed.status).toBe(201);
    const order = placed.json as CheckoutResponse;
    expect(order.quote).toMatchObject({ standard: 6900, total: 6900 });
    const stored = await server.store.db<StoredOrder>('orders').get(order.orderId);
    expect(stored.quote.total).toBe(6900);
    const gateway = server.services.gateway;
    if (!isSimulatedGateway(gateway)) throw new Error('the demo gateway was expected');
    expect((await gateway.findByClientSecret(order.payment.clientSecret))?.amount).toBe(6900);
    await save(defaultPricing());
  });
});
