/**
 * Reconciliation with Stripe configured: the real Stripe SDK reads the local Stripe's payment
 * intents, charges, refunds and transfers (auto-pagination, `created` range). Payments captured and
 * refunded at Stripe and recorded by the consultation service, and a Connect payout, show no
 * mismatch, even with more intents than one page holds; then each change at Stripe or in the ledger
 * shows up as its own mismatch: a captured amount that differs, an intent cancelled, a refund only
 * in the ledger, a reversed transfer, a captured intent of no order. A Stripe outage is a 502.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationAnswer } from '../../src/domain/reconciliation';
import { createStripeGateway } from '../../server/adapters/payments/stripe';
import { createTelephony } from '../../server/adapters/telephony/index';
import { createConsultations } from '../../server/services/consultation/consultations';
import type { StoredOrder } from '../../server/services/consultation/types';
import { expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { startFakeStripe } from '../support/fake-stripe';
import type { FakeStripe } from '../support/fake-stripe';
import { storeOrder } from '../support/orders';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let stripe: FakeStripe;
let server: TestServer;
let users: RoleUsers;
let provider: TestUser;
let gateway: ReturnType<typeof createStripeGateway>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({
    env: () => ({
      STRIPE_SECRET_KEY: 'sk_test_recon',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_recon',
      STRIPE_WEBHOOK_SECRET: 'whsec_recon',
    }),
    services: (config, store) => {
      gateway = createStripeGateway(config.stripe!, { ...stripe.connection, maxNetworkRetries: 0 });
      const consultations = createConsultations({
        store,
        config,
        gateway,
        telephony: (sink) => createTelephony(config, sink),
      });
      return { gateway, consultations };
    },
  });
  users = await mintRoles(server.store, 'recon-stripe');
  provider = await mintUser(server.store, 'recon-stripe-provider', 'lawyer');
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

let serial = 0;

/** An order paid by card at Stripe (confirmed as Stripe.js would), captured, and told to the service. */
async function capturedOrder(): Promise<StoredOrder> {
  serial += 1;
  const orderId = `ord_recon_stripe_${serial}`;
  const { intent } = await gateway.createIntent({
    orderId,
    amount: 4900,
    currency: 'EUR',
    description: 'Consultation',
    metadata: {},
    idempotencyKey: `${orderId}:intent`,
  });
  await gateway.client.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  const order = await storeOrder(server.store, {
    orderId,
    clientUid: users.client.uid,
    providerId: provider.uid,
    providerHasAccount: true,
    payment: { gateway: 'stripe', intentId: intent.id, state: 'authorised' },
  });
  await gateway.capture(intent.id, `${orderId}:capture`);
  await server.services.consultations.paymentSettled(orderId, 'captured');
  return order;
}

async function reconciliation(): Promise<ReconciliationAnswer> {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const answer = await admin('GET', `/api/admin/reconciliation?from=${from}&to=${to}`);
  expect(answer.status).toBe(200);
  return answer.json as ReconciliationAnswer;
}

describe('admin reconciliation against Stripe', () => {
  let kept: StoredOrder;
  let refunded: StoredOrder;
  let transferId: string;

  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/reconciliation');
  });

  it('finds no mismatch after captures, a refund at Stripe and a Connect payout, across pages', async () => {
    // An intent of no order, captured, made first: the oldest, so on the last page of the list.
    const orphan = await gateway.client.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      capture_method: 'manual',
    });
    await gateway.client.paymentIntents.confirm(orphan.id, { payment_method: 'pm_card_visa' });
    await gateway.client.paymentIntents.capture(orphan.id);

    kept = await capturedOrder();
    refunded = await capturedOrder();
    await gateway.refund(refunded.payment.intentId, `${refunded.orderId}:refund:half`, { amount: 2000 });
    await server.services.consultations.paymentSettled(refunded.orderId, 'refunded');
    // More than a page (100) of abandoned checkouts: nothing to reconcile, but read through.
    for (let i = 0; i < 101; i++) {
      await gateway.client.paymentIntents.create({ amount: 4900, currency: 'eur', capture_method: 'manual' });
    }
    const set = await admin('POST', `/api/admin/payouts/accounts/${provider.uid}`, {
      stripeAccountId: 'acct_1Recon',
    });
    expect(set.status).toBe(200);
    const run = await admin('POST', '/api/admin/payouts/run', {});
    expect(run.status).toBe(200);
    expect(stripe.transfers()).toHaveLength(1);
    transferId = stripe.transfers()[0]!.id;

    const answer = await reconciliation();
    // The SDK followed the pages (`starting_after`) with the range as Stripe's `created` filter.
    const listed = stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/payment_intents');
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed[0]!.params).toMatchObject({ created: { gte: expect.any(String), lt: expect.any(String) } });
    expect(listed[1]!.params).toMatchObject({ starting_after: expect.stringMatching(/^pi_/) });
    for (const path of ['/v1/charges', '/v1/refunds', '/v1/transfers']) {
      expect(stripe.count('GET', new RegExp(`^${path}$`))).toBeGreaterThan(0);
    }

    expect(answer).toMatchObject({ gateway: 'stripe', partial: false });
    // Only the orphan: captured at Stripe, in no order and no ledger.
    expect(answer.mismatches).toEqual([
      expect.objectContaining({
        type: 'missing_in_ledger',
        subject: 'payment',
        key: orphan.id,
        gateway: expect.objectContaining({ amount: 2500, state: 'succeeded' }),
        link: `/admin/finance/payments?q=${orphan.id}`,
      }),
    ]);
    expect(answer.checked.payments).toBeGreaterThanOrEqual(3);
    expect(answer.checked.transfers).toBe(1);
    // Cancelled: the orphan no longer holds money, and no mismatch is left.
    stripe.edit('payment_intent', orphan.id, { status: 'canceled', amount_received: 0 });
    stripe.edit('charge', stripe.intent(orphan.id).latest_charge!, { captured: false, amount_captured: 0 });
    expect((await reconciliation()).mismatches).toEqual([]);
  });

  it('shows a captured amount that differs and an intent cancelled at Stripe', async () => {
    const chargeId = stripe.intent(kept.payment.intentId).latest_charge!;
    stripe.edit('charge', chargeId, { amount_captured: 3900 });
    expect((await reconciliation()).mismatches).toEqual([
      expect.objectContaining({
        type: 'amount_differs',
        subject: 'payment',
        orderId: kept.orderId,
        ours: expect.objectContaining({ amount: 4900 }),
        gateway: expect.objectContaining({ amount: 3900, ids: [kept.payment.intentId, chargeId] }),
      }),
    ]);
    stripe.edit('charge', chargeId, { amount_captured: 4900 });

    stripe.edit('payment_intent', kept.payment.intentId, { status: 'canceled' });
    expect((await reconciliation()).mismatches).toEqual([
      expect.objectContaining({
        type: 'state_differs',
        subject: 'payment',
        orderId: kept.orderId,
        gateway: expect.objectContaining({ state: 'canceled' }),
      }),
    ]);
    stripe.edit('payment_intent', kept.payment.intentId, { status: 'succeeded' });
    expect((await reconciliation()).mismatches).toEqual([]);
  });

  it('shows a refund recorded in the ledger that Stripe never made, whatever the number of entries', async () => {
    const entry = {
      _id: `${refunded.orderId}:refund:re_nowhere`,
      type: 'ledger',
      kind: 'refund',
      orderId: refunded.orderId,
      refundId: 're_nowhere',
      clientId: refunded.client.uid,
      providerId: refunded.provider.id,
      gateway: 'stripe',
      intentId: refunded.payment.intentId,
      amount: 500,
      currency: 'EUR',
      at: new Date().toISOString(),
    };
    const written = await server.store.db('ledger').insert(entry);
    expect((await reconciliation()).mismatches).toEqual([
      expect.objectContaining({
        type: 'amount_differs',
        subject: 'refund',
        orderId: refunded.orderId,
        ours: expect.objectContaining({ amount: 2500 }),
        gateway: expect.objectContaining({ amount: 2000 }),
      }),
    ]);
    await server.store.db('ledger').destroy(entry._id, written.rev);
    expect((await reconciliation()).mismatches).toEqual([]);
  });

  it('shows a transfer reversed at Stripe', async () => {
    stripe.edit('transfer', transferId, { reversed: true, amount_reversed: 100 });
    expect((await reconciliation()).mismatches).toEqual([
      expect.objectContaining({
        type: 'state_differs',
        subject: 'transfer',
        key: expect.stringMatching(/^payout:/),
        ours: expect.objectContaining({ state: 'paid' }),
        gateway: expect.objectContaining({ state: 'reversed', ids: [transferId] }),
      }),
    ]);
    stripe.edit('transfer', transferId, { reversed: false, amount_reversed: 0 });
  });

  it('answers 502 when Stripe does not answer', async () => {
    stripe.failNext('GET', /^\/v1\/payment_intents$/, 1);
    const answer = await admin('GET', '/api/admin/reconciliation');
    expect([answer.status, answer.json]).toMatchObject([502, { error: { code: 'gateway_unavailable' } }]);
  });
});
