/**
 * Disputes with Stripe (issue 14), the real SDK against the local Stripe: `charge.dispute.*` notices,
 * delivered in random order and repeated, hold the provider's share of the disputed amount once; a
 * dispute won gives it back once; one lost records the money the cardholder got back and keeps the
 * hold as the provider's loss. The provider's balance shows it; a disputed payment cannot be refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeRow } from '../../src/domain/disputes';
import type { ProviderBalanceView } from '../../src/domain/payouts';
import type { ReconciliationAnswer } from '../../src/domain/reconciliation';
import type { StoredOrder } from '../../server/services/consultation/types';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import type { FakeStripe } from '../support/fake-stripe';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { storeOrder } from '../support/orders';
import { browserCall, mintUser } from '../support/sessions';
import { startStripeServer } from '../support/stripe-server';
import type { StripeServer } from '../support/stripe-server';
import type { TestServer } from '../support/test-server';

let stripe: FakeStripe;
let server: TestServer;
let users: RoleUsers;
let gateway: StripeServer['gateway'];
let running: StripeServer;

beforeAll(async () => {
  running = await startStripeServer('disputes', { ADMIN_API_CALLS_PER_MINUTE: '100000' });
  ({ server, stripe, gateway } = running);
  users = await mintRoles(server.store, 'stripe-disputes');
});

afterAll(async () => {
  try {
    if (server) await expectLedgerBalanced(server.store);
  } finally {
    await running?.close();
  }
});

let serial = 0;

/** A 49 € consultation paid with Stripe and captured (15 % commission: the provider’s share 41,65 €). */
async function capturedOrder(providerId: string): Promise<StoredOrder> {
  serial += 1;
  const orderId = `ord_stripe_dispute_${serial}_${Date.now()}`;
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
    providerId,
    state: 'paid',
    payment: { gateway: 'stripe', state: 'authorised', intentId: intent.id },
  });
  await gateway.capture(intent.id, `${orderId}:capture`);
  await server.services.consultations.paymentSettled(orderId, 'captured');
  return server.store.db<StoredOrder>('orders').get(orderId);
}

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

const DISPUTE_EVENTS = [
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.updated',
];

/** Delivers each type (some twice) in a random order, about the dispute as Stripe holds it now. */
async function deliverShuffled(types: string[], disputeId: string): Promise<void> {
  const sequence = [...types, ...types.filter(() => Math.random() < 0.5)];
  for (let i = sequence.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [sequence[i], sequence[j]] = [sequence[j]!, sequence[i]!];
  }
  // A notice carries a stale copy of the dispute: what counts is what Stripe says when asked.
  const stale = { id: disputeId, object: 'dispute', status: 'needs_response' };
  const answers = await Promise.all(sequence.map((type) => running.deliver(type, stale)));
  expect(answers.every((status) => status === 200)).toBe(true);
}

async function disputeEntries(orderId: string): Promise<[string, number][]> {
  const { rows } = await server.store
    .db<{ kind: string; amount: number }>('ledger')
    .list({ startkey: `${orderId}:dispute`, endkey: `${orderId}:dispute\ufff0`, include_docs: true });
  return rows.map((row) => [row.doc!.kind, row.doc!.amount]);
}

async function balanceOf(providerId: string): Promise<ProviderBalanceView> {
  const answer = await admin('GET', `/api/admin/payouts/balances?provider=${providerId}`);
  expect(answer.status).toBe(200);
  return (answer.json as { items: ProviderBalanceView[] }).items[0]!;
}

describe('disputes with Stripe', () => {
  it('holds the provider’s share once however the notices come, and gives it back once when won', async () => {
    const providerId = `dispute-lawyer-won-${Date.now()}`;
    const order = await capturedOrder(providerId);
    expect(await balanceOf(providerId)).toMatchObject({ earned: 4165, recovered: 0, balance: 4165 });

    const dispute = stripe.dispute(order.payment.intentId, { amount: 2450, reason: 'product_not_received' });
    await deliverShuffled(DISPUTE_EVENTS, dispute.id);
    expect(await disputeEntries(order.orderId)).toEqual([['dispute_hold', 2082]]);
    expect(await balanceOf(providerId)).toMatchObject({ earned: 4165, recovered: 2082, balance: 2083 });
    await expectLedgerBalanced(server.store);

    const listed = await admin('GET', '/api/admin/disputes?status=open');
    const row = (listed.json as { items: DisputeRow[] }).items.find((item) => item.disputeId === dispute.id);
    expect(row).toMatchObject({
      orderId: order.orderId,
      amount: 2450,
      currency: 'EUR',
      reason: 'product_not_received',
      status: 'needs_response',
      state: 'open',
      held: 2082,
      dueBy: new Date(dispute.evidence_details.due_by! * 1000).toISOString(),
    });

    // A refund is refused while the bank takes the money back.
    const refund = await admin('POST', `/api/admin/payments/${order.orderId}/refunds`, {
      key: `refund-while-disputed-${serial}`,
      amount: 1000,
      reason: 'Geste commercial',
    });
    expect([refund.status, (refund.json as { error: { code: string } }).error.code]).toEqual([
      409,
      'disputed',
    ]);
    expect(stripe.count('POST', /^\/v1\/refunds$/)).toBe(0);

    stripe.closeDispute(dispute.id, 'won');
    // The closing notice, repeated and mixed with late ones of the opening.
    await deliverShuffled(
      ['charge.dispute.closed', 'charge.dispute.funds_reinstated', 'charge.dispute.created'],
      dispute.id,
    );
    expect(await disputeEntries(order.orderId)).toEqual([
      ['dispute_hold', 2082],
      ['dispute_release', 2082],
    ]);
    expect(await balanceOf(providerId)).toMatchObject({ earned: 4165, recovered: 0, balance: 4165 });
    const detail = await admin('GET', `/api/admin/payments/${order.orderId}/disputes`);
    expect((detail.json as { items: DisputeRow[] }).items).toEqual([
      expect.objectContaining({ disputeId: dispute.id, status: 'won', state: 'won', outcome: 'won' }),
    ]);
    // Decided: the payment can be refunded again.
    const after = await admin('POST', `/api/admin/payments/${order.orderId}/refunds`, {
      key: `refund-after-won-${serial}`,
      amount: 1000,
      reason: 'Geste commercial',
    });
    expect(after.status).toBe(200);
    await expectLedgerBalanced(server.store);
  });

  it('records a lost dispute once and keeps the hold as the provider’s loss', async () => {
    const providerId = `dispute-lawyer-lost-${Date.now()}`;
    const order = await capturedOrder(providerId);
    const dispute = stripe.dispute(order.payment.intentId, { reason: 'fraudulent' });
    // The first notice Stripe manages to deliver is already the closing one.
    stripe.closeDispute(dispute.id, 'lost');
    await deliverShuffled(
      ['charge.dispute.closed', 'charge.dispute.created', 'charge.dispute.updated'],
      dispute.id,
    );
    expect(await disputeEntries(order.orderId)).toEqual([
      ['dispute_hold', 4165],
      ['dispute_lost', 4900],
    ]);
    expect(await balanceOf(providerId)).toMatchObject({ earned: 4165, recovered: 4165, balance: 0 });
    // The gateway lists the intent's disputes as Stripe has them.
    expect(await gateway.listDisputes(order.payment.intentId)).toEqual([
      expect.objectContaining({ disputeId: dispute.id, amount: 4900, status: 'lost', reason: 'fraudulent' }),
    ]);
    const lost = await admin('GET', '/api/admin/disputes?status=lost');
    expect((lost.json as { items: DisputeRow[] }).items.map((item) => item.disputeId)).toContain(dispute.id);
    const open = await admin('GET', '/api/admin/disputes?status=open');
    expect((open.json as { items: DisputeRow[] }).items.map((item) => item.disputeId)).not.toContain(
      dispute.id,
    );
    await expectLedgerBalanced(server.store);
  });

  it('is reconciled against Stripe: a dispute the ledger lacks, or decided at Stripe only, is a mismatch', async () => {
    const order = await capturedOrder(`dispute-lawyer-recon-${Date.now()}`);
    const mismatchesOf = async () => {
      const from = new Date(Date.now() - 3_600_000).toISOString();
      const to = new Date(Date.now() + 60_000).toISOString();
      const answer = await admin('GET', `/api/admin/reconciliation?from=${from}&to=${to}`);
      expect(answer.status).toBe(200);
      return (answer.json as ReconciliationAnswer).mismatches.filter((m) => m.orderId === order.orderId);
    };
    const dispute = stripe.dispute(order.payment.intentId, { amount: 2450, reason: 'fraudulent' });
    // Its notice has not come (yet): Stripe has a dispute the ledger holds nothing for.
    expect(await mismatchesOf()).toEqual([
      expect.objectContaining({
        type: 'missing_in_ledger',
        subject: 'dispute',
        key: dispute.id,
        gateway: expect.objectContaining({ state: 'open', amount: 2450, ids: [dispute.id] }),
        link: `/admin/finance/payments/${order.orderId}`,
      }),
    ]);
    await deliverShuffled(['charge.dispute.created'], dispute.id);
    expect(await mismatchesOf()).toEqual([]);

    // Lost at Stripe, its closing notice lost on the way: the ledger still holds it open.
    stripe.closeDispute(dispute.id, 'lost');
    expect(await mismatchesOf()).toEqual([
      expect.objectContaining({
        type: 'state_differs',
        subject: 'dispute',
        key: dispute.id,
        ours: expect.objectContaining({
          state: 'open',
          amount: 2450,
          ids: [`${order.orderId}:dispute_hold:${dispute.id}`],
        }),
        gateway: expect.objectContaining({ state: 'lost', amount: 2450 }),
      }),
    ]);
    await deliverShuffled(['charge.dispute.closed'], dispute.id);
    expect(await mismatchesOf()).toEqual([]);
    await expectLedgerBalanced(server.store);
  });

  it('ignores a dispute of a payment that is not one of ours', async () => {
    const { intent } = await gateway.createIntent({
      orderId: 'not-ours',
      amount: 1000,
      currency: 'EUR',
      description: 'x',
      metadata: {},
      idempotencyKey: `not-ours-${Date.now()}`,
    });
    await gateway.client.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await gateway.capture(intent.id, `not-ours-capture-${Date.now()}`);
    const dispute = stripe.dispute(intent.id);
    expect(await running.deliver('charge.dispute.created', { id: dispute.id, object: 'dispute' })).toBe(200);
    // Nor one Stripe does not know (another account's): answered, not retried for ever.
    expect(await running.deliver('charge.dispute.created', { id: 'dp_unknown', object: 'dispute' })).toBe(
      200,
    );
    const all = await admin('GET', '/api/admin/disputes');
    expect((all.json as { items: DisputeRow[] }).items.map((item) => item.disputeId)).not.toContain(
      dispute.id,
    );
  });

  // Last: the payout run pays every provider of this file.
  it('holds a share already paid out as a negative balance, the ledger balanced', async () => {
    const lawyer = await mintUser(server.store, `dispute-paid-lawyer-${Date.now()}`, 'lawyer');
    const set = await admin('POST', `/api/admin/payouts/accounts/${lawyer.uid}`, {
      stripeAccountId: 'acct_1DisputePaid',
    });
    expect(set.status).toBe(200);
    const order = await capturedOrder(lawyer.uid);
    // Opened at Stripe before the payout; its notice comes after.
    const dispute = stripe.dispute(order.payment.intentId, { reason: 'fraudulent' });
    const run = await admin('POST', '/api/admin/payouts/run', {});
    expect(run.status).toBe(200);
    expect(await balanceOf(lawyer.uid)).toMatchObject({ earned: 4165, paidOut: 4165, balance: 0 });
    expect(await running.deliver('charge.dispute.created', { id: dispute.id, object: 'dispute' })).toBe(200);
    expect(await balanceOf(lawyer.uid)).toMatchObject({ earned: 4165, recovered: 4165, balance: -4165 });
    await expectLedgerBalanced(server.store);
  });

  it('hides the demo actions when Stripe is configured', async () => {
    const order = await capturedOrder(`dispute-lawyer-demo-${Date.now()}`);
    const open = await admin('POST', `/api/admin/payments/${order.orderId}/disputes/simulate`, {
      reason: 'fraudulent',
    });
    expect(open.status).toBe(404);
    const close = await admin('POST', '/api/admin/disputes/dp_whatever/simulate', { outcome: 'won' });
    expect(close.status).toBe(404);
  });
});
