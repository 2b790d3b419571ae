/**
 * Stripe's notices replayed, duplicated and reordered (issue 14): 1,000 payment histories, each made
 * at the local Stripe with the real SDK (a capture, then zero to three refunds made in Stripe's
 * dashboard, sometimes an admin's refund through the service as well), whose signed webhooks are
 * delivered in a random order, each one to three times. Whatever the order, every payment ends with
 * its capture recorded once, exactly Stripe's refunds recorded (same ids, same amounts, none twice),
 * the order's refunded total equal to Stripe's, a referred client's affiliate commission recorded
 * once and taken back in proportion once per refund, and the whole ledger balanced.
 *
 * The random draws come from a seeded generator (`WEBHOOK_FUZZ_SEED` to replay a failure).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommission, recoveredCommission } from '../../src/domain/affiliates';
import { splitCommission } from '../../src/domain/order';
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

/** 1,000 by default; the run on a CouchDB cluster, slower per request, asks fewer (scripts/test-on-couchdb.ts). */
const SEQUENCES = Number(process.env.WEBHOOK_FUZZ_SEQUENCES ?? 1000);
const AT_ONCE = 8;
const SEED = Number(process.env.WEBHOOK_FUZZ_SEED ?? 20261125);

let stripe: FakeStripe;
let server: TestServer;
let users: RoleUsers;
let gateway: StripeServer['gateway'];
let running: StripeServer;

beforeAll(async () => {
  running = await startStripeServer('fuzz', {
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ADMIN_API_CALLS_PER_MINUTE: '1000000',
  });
  ({ server, stripe, gateway } = running);
  users = await mintRoles(server.store, 'webhook-fuzz');
});

afterAll(async () => {
  await running?.close();
});

/** mulberry32: small, seeded, good enough to draw orders and amounts. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const deliver = (type: string, object: object) => running.deliver(type, object);

type Outcome = { orderId: string; intentId: string; adminRefund: boolean; referred: boolean };

async function oneHistory(index: number, random: () => number): Promise<Outcome> {
  const orderId = `ord_fuzz_${SEED}_${index}`;
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
    providerId: `fuzz-lawyer-${index % 7}`,
    // Half the clients were referred: the affiliate's commission and its recoveries are replayed too.
    ...(index % 2 === 0 ? { affiliate: { id: `FUZZ-PARTNER-${index % 3}`, rate: 0.3 } } : {}),
    state: 'paid',
    payment: { gateway: 'stripe', state: 'authorised', intentId: intent.id },
  });
  // What happened at Stripe: the capture, then zero to three refunds made in its dashboard.
  await gateway.capture(intent.id, `${orderId}:capture`);
  const notices: { type: string; object: () => object }[] = [
    { type: 'payment_intent.amount_capturable_updated', object: () => stripe.intent(intent.id) },
    { type: 'payment_intent.succeeded', object: () => stripe.intent(intent.id) },
  ];
  let left = 4900;
  const refunds = Math.floor(random() * 4);
  for (let r = 0; r < refunds && left > 0; r += 1) {
    const amount = 1 + Math.floor(random() * Math.min(left, 2000));
    await gateway.client.refunds.create({ payment_intent: intent.id, amount });
    left -= amount;
    const charge = stripe.intent(intent.id).latest_charge!;
    notices.push({ type: 'charge.refunded', object: () => stripe.charge(charge) });
  }
  // Each notice one to three times, in any order; sometimes an admin refunds part meanwhile.
  const deliveries = shuffle(
    notices.flatMap((notice) => Array.from({ length: 1 + Math.floor(random() * 3) }, () => notice)),
    random,
  );
  const adminAt = random() < 0.3 ? Math.floor(random() * (deliveries.length + 1)) : -1;
  const adminAmount = 1 + Math.floor(random() * 1500);
  for (let d = 0; d <= deliveries.length; d += 1) {
    if (d === adminAt) {
      // Refused (409) while the capture is not yet known or when too little is left: both fine.
      const answer = await browserCall(
        server.url,
        'POST',
        `/api/admin/payments/${orderId}/refunds`,
        users.admin.cookie,
        {
          key: `fuzz-admin-${SEED}-${index}`,
          amount: adminAmount,
          reason: 'Geste commercial',
        },
      );
      expect([200, 409]).toContain(answer.status);
    }
    const delivery = deliveries[d];
    if (delivery) expect(await deliver(delivery.type, delivery.object())).toBe(200);
  }
  return { orderId, intentId: intent.id, adminRefund: adminAt >= 0, referred: index % 2 === 0 };
}

async function ledgerOf(orderId: string): Promise<{ kind: string; amount: number; refundId?: string }[]> {
  const { rows } = await server.store
    .db<{ kind: string; amount: number; refundId?: string }>('ledger')
    .list({ startkey: `${orderId}:`, endkey: `${orderId}:\ufff0`, include_docs: true });
  return rows.map((row) => row.doc!);
}

describe('Stripe webhooks replayed, duplicated and reordered', () => {
  it(`move no money twice over ${SEQUENCES} histories, and the ledger balances`, async () => {
    const random = generator(SEED);
    // The draws are made up front, one generator per history, so that concurrency changes nothing.
    const seeds = Array.from({ length: SEQUENCES }, () => Math.floor(random() * 2 ** 32));
    const outcomes: Outcome[] = [];
    for (let start = 0; start < SEQUENCES; start += AT_ONCE) {
      const batch = seeds.slice(start, start + AT_ONCE);
      outcomes.push(...(await Promise.all(batch.map((seed, i) => oneHistory(start + i, generator(seed))))));
    }
    let refundsSeen = 0;
    let adminRefunds = 0;
    for (const { orderId, intentId, referred } of outcomes) {
      const atStripe = await gateway.listRefunds(intentId);
      const entries = await ledgerOf(orderId);
      const order = await server.store.db<StoredOrder>('orders').get(orderId);
      const kinds = (kind: string) => entries.filter((entry) => entry.kind === kind);
      expect(
        kinds('capture').map((entry) => entry.amount),
        orderId,
      ).toEqual([4900]);
      const recorded = kinds('refund')
        .map((entry) => [entry.refundId, entry.amount])
        .sort();
      const made = atStripe.map((refund) => [refund.refundId, refund.amount]).sort();
      expect(recorded, orderId).toEqual(made);
      expect(kinds('provider_recovery'), orderId).toHaveLength(made.length);
      const refunded = atStripe.reduce((sum, refund) => sum + refund.amount, 0);
      expect(order.payment.refunded ?? 0, orderId).toBe(refunded);
      expect(order.payment.state, orderId).toBe(refunded >= 4900 ? 'refunded' : 'captured');
      expect(order.refunds?.every((refund) => refund.state === 'done') ?? true, orderId).toBe(true);
      // A referred client's payment: the affiliate's commission once, taken back once per refund.
      const commission = referred ? affiliateCommission(splitCommission(4900, 0.15).commission, 0.3) : 0;
      expect(
        kinds('affiliate_commission').map((entry) => entry.amount),
        orderId,
      ).toEqual(referred ? [commission] : []);
      const recoveries = kinds('affiliate_recovery');
      expect(new Set(recoveries.map((entry) => entry.refundId)).size, orderId).toBe(recoveries.length);
      expect(
        recoveries.reduce((sum, entry) => sum + entry.amount, 0),
        orderId,
      ).toBe(recoveredCommission(commission, 4900, refunded));
      refundsSeen += made.length;
      adminRefunds += order.refunds?.filter((refund) => refund.by !== 'gateway').length ?? 0;
    }
    // The histories did exercise what they are meant to.
    expect(refundsSeen).toBeGreaterThan(SEQUENCES);
    expect(adminRefunds).toBeGreaterThan(SEQUENCES / 10);
    await expectLedgerBalanced(server.store);
  }, 900_000);
});
