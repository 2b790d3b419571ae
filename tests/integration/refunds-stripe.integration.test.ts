/**
 * Refunds with Stripe (issue 14), the real SDK against the local Stripe: an admin's partial refund
 * reaches Stripe once with its amount and key, Stripe's `charge.refunded` notices (repeated, in any
 * order, before or after our own record) move no money twice, a refund made in Stripe's dashboard is
 * recorded once, and a refund Stripe refuses leaves nothing reserved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundRow } from '../../src/domain/admin-refunds';
import type { StoredOrder } from '../../server/services/consultation/types';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import type { FakeStripe } from '../support/fake-stripe';
import { startStripeServer } from '../support/stripe-server';
import type { StripeServer } from '../support/stripe-server';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { storeOrder } from '../support/orders';
import { browserCall } from '../support/sessions';
import type { TestServer } from '../support/test-server';

let stripe: FakeStripe;
let server: TestServer;
let users: RoleUsers;
let gateway: StripeServer['gateway'];
let running: StripeServer;

beforeAll(async () => {
  running = await startStripeServer('refunds', { ADMIN_API_CALLS_PER_MINUTE: '100000' });
  ({ server, stripe, gateway } = running);
  users = await mintRoles(server.store, 'stripe-refunds');
});

afterAll(async () => {
  try {
    if (server) await expectLedgerBalanced(server.store);
  } finally {
    await running?.close();
  }
});

let serial = 0;

/** A 49 € consultation paid with Stripe, captured, its capture in the ledger. */
async function capturedOrder(): Promise<StoredOrder> {
  serial += 1;
  const orderId = `ord_stripe_refund_${serial}_${Date.now()}`;
  const { intent } = await gateway.createIntent({
    orderId,
    amount: 4900,
    currency: 'EUR',
    description: 'Appel avocat',
    metadata: { orderId },
    idempotencyKey: `${orderId}:intent`,
  });
  await gateway.client.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  await storeOrder(server.store, {
    orderId,
    clientUid: users.client.uid,
    providerId: 'stripe-refund-lawyer',
    state: 'paid',
    payment: { gateway: 'stripe', state: 'authorised', intentId: intent.id },
  });
  await gateway.capture(intent.id, `${orderId}:capture`);
  await server.services.consultations.paymentSettled(orderId, 'captured');
  return server.store.db<StoredOrder>('orders').get(orderId);
}

const postWebhook = (object: object) => running.deliver('charge.refunded', object);

const chargeOf = (order: StoredOrder) => stripe.charge(stripe.intent(order.payment.intentId).latest_charge!);

const refundRequests = () =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.status === 200);

async function ledgerRefunds(
  orderId: string,
): Promise<{ kind: string; amount: number; refundId?: string }[]> {
  const { rows } = await server.store
    .db<{ kind: string; amount: number; refundId?: string }>('ledger')
    .list({ startkey: `${orderId}:`, endkey: `${orderId}:\ufff0`, include_docs: true });
  return rows
    .map((row) => row.doc!)
    .filter((doc) => doc.kind === 'refund' || doc.kind === 'provider_recovery');
}

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

describe('refunds with Stripe', () => {
  it('sends a partial refund once, with its amount and key, and its notices move nothing twice', async () => {
    const order = await capturedOrder();
    const before = refundRequests().length;
    const key = `stripe-half-${serial}`;
    // The notice races our own record: it may come before the order says the refund is done.
    const [answer] = await Promise.all([
      admin('POST', `/api/admin/payments/${order.orderId}/refunds`, {
        key,
        amount: 2450,
        reason: 'Appel coupé',
      }),
      (async () => {
        for (let i = 0; i < 5; i += 1) await postWebhook(chargeOf(order));
      })(),
    ]);
    expect(answer.status).toBe(200);
    const row = (answer.json as { refund: RefundRow }).refund;
    expect(row).toMatchObject({ amount: 2450, state: 'done' });
    const sent = refundRequests().slice(before);
    expect(sent).toHaveLength(1);
    const made = stripe.intent(order.payment.intentId);
    expect(made.amount_received).toBe(4900);
    expect(chargeOf(order).amount_refunded).toBe(2450);
    const [refund] = await gateway.listRefunds(order.payment.intentId);
    expect(refund).toMatchObject({ amount: 2450, metadata: { orderId: order.orderId, refundKey: key } });

    // Replayed and repeated notices afterwards: still one refund everywhere.
    for (let i = 0; i < 3; i += 1) expect(await postWebhook(chargeOf(order))).toBe(200);
    const again = await admin('POST', `/api/admin/payments/${order.orderId}/refunds`, {
      key,
      amount: 2450,
      reason: 'Appel coupé',
    });
    expect((again.json as { changed: boolean }).changed).toBe(false);
    expect(refundRequests().slice(before)).toHaveLength(1);
    const stored = await server.store.db<StoredOrder>('orders').get(order.orderId);
    expect(stored.refunds).toHaveLength(1);
    expect(stored.payment).toMatchObject({ state: 'captured', refunded: 2450 });
    expect((await ledgerRefunds(order.orderId)).map((entry) => [entry.kind, entry.refundId])).toEqual([
      ['provider_recovery', refund!.refundId],
      ['refund', refund!.refundId],
    ]);
    await expectLedgerBalanced(server.store);
  });

  it('records a refund made in Stripe’s dashboard once, and counts it in what is left', async () => {
    const order = await capturedOrder();
    // Made at Stripe, not through the service: no key of ours in its metadata.
    await gateway.client.refunds.create({ payment_intent: order.payment.intentId, amount: 1000 });
    for (let i = 0; i < 3; i += 1) expect(await postWebhook(chargeOf(order))).toBe(200);
    const stored = await server.store.db<StoredOrder>('orders').get(order.orderId);
    expect(stored.refunds).toEqual([
      expect.objectContaining({ amount: 1000, by: 'gateway', state: 'done', refundId: expect.any(String) }),
    ]);
    expect(stored.payment.refunded).toBe(1000);
    const tooMuch = await admin('POST', `/api/admin/payments/${order.orderId}/refunds`, {
      key: `stripe-too-much-${serial}`,
      amount: 4000,
      reason: 'Trop',
    });
    expect((tooMuch.json as { error: { code: string; left: number } }).error).toMatchObject({
      code: 'exceeds_refundable',
      left: 3900,
    });
    await expectLedgerBalanced(server.store);
  });

  it('gives the reservation back when Stripe refuses, having learnt of a refund made there', async () => {
    const order = await capturedOrder();
    // Refunded at Stripe and its notice lost: the service still thinks all 49 € are charged.
    await gateway.client.refunds.create({ payment_intent: order.payment.intentId, amount: 4000 });
    const refused = await admin('POST', `/api/admin/payments/${order.orderId}/refunds`, {
      key: `stripe-refused-${serial}`,
      amount: 2000,
      reason: 'Geste commercial',
    });
    expect([refused.status, (refused.json as { error: { code: string } }).error.code]).toEqual([
      409,
      'refused_by_gateway',
    ]);
    const stored = await server.store.db<StoredOrder>('orders').get(order.orderId);
    // Nothing of ours reserved; the refund made at Stripe recorded instead.
    expect(stored.refunds?.map((r) => [r.by, r.amount, r.state])).toEqual([['gateway', 4000, 'done']]);
    expect(stored.payment.refunded).toBe(4000);
    await expectLedgerBalanced(server.store);
  });
});
