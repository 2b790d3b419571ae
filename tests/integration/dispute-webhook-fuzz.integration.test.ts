/**
 * Stripe's dispute notices replayed, duplicated and reordered (issue 14): payment histories made at
 * the local Stripe with the real SDK (a capture, sometimes a refund made in Stripe's dashboard, then
 * most often a dispute, decided won or lost part-way through the notices or left open), whose signed
 * webhooks are delivered in a random order, each one to three times, with sometimes an admin's refund
 * attempt meanwhile. Whatever the order: each dispute's hold is recorded once, its release once when
 * won (never with a loss), its loss once when lost; refunds match Stripe's; the ledger balances.
 *
 * The random draws come from a seeded generator (`DISPUTE_FUZZ_SEED` to replay a failure).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeDoc } from '../../src/domain/disputes';
import { disputeDocId } from '../../src/domain/disputes';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import type { FakeStripe } from '../support/fake-stripe';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { storeOrder } from '../support/orders';
import { browserCall } from '../support/sessions';
import { startStripeServer } from '../support/stripe-server';
import type { StripeServer } from '../support/stripe-server';
import type { TestServer } from '../support/test-server';

/** 200 by default; the run on a CouchDB cluster, slower per request, asks fewer (scripts/test-on-couchdb.ts). */
const SEQUENCES = Number(process.env.DISPUTE_FUZZ_SEQUENCES ?? 200);
const AT_ONCE = 8;
const SEED = Number(process.env.DISPUTE_FUZZ_SEED ?? 20261125);

let stripe: FakeStripe;
let server: TestServer;
let users: RoleUsers;
let gateway: StripeServer['gateway'];
let running: StripeServer;

beforeAll(async () => {
  running = await startStripeServer('disputefuzz', {
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ADMIN_API_CALLS_PER_MINUTE: '1000000',
  });
  ({ server, stripe, gateway } = running);
  users = await mintRoles(server.store, 'dispute-fuzz');
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

type Final = 'none' | 'open' | 'won' | 'lost';
type Outcome = { orderId: string; intentId: string; disputeId?: string; disputed: number; final: Final };
type Notice = { type: string; object: () => object };

const copies = (notice: Notice, random: () => number) =>
  Array.from({ length: 1 + Math.floor(random() * 3) }, () => notice);

async function oneHistory(index: number, random: () => number): Promise<Outcome> {
  const orderId = `ord_dfuzz_${SEED}_${index}`;
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
    providerId: `dfuzz-lawyer-${index % 5}`,
    // Some clients were referred: a lost dispute takes the affiliate's commission back too.
    ...(index % 3 === 0 ? { affiliate: { id: 'DFUZZ-PARTNER', rate: 0.5 } } : {}),
    state: 'paid',
    payment: { gateway: 'stripe', state: 'authorised', intentId: intent.id },
  });
  await gateway.capture(intent.id, `${orderId}:capture`);
  const base: Notice[] = [{ type: 'payment_intent.succeeded', object: () => stripe.intent(intent.id) }];
  let left = 4900;
  const charge = stripe.intent(intent.id).latest_charge!;
  if (random() < 0.3) {
    const amount = 1 + Math.floor(random() * 2000);
    await gateway.client.refunds.create({ payment_intent: intent.id, amount });
    left -= amount;
    base.push({ type: 'charge.refunded', object: () => stripe.charge(charge) });
  }
  const draw = random();
  const final: Final = draw < 0.15 ? 'none' : draw < 0.4 ? 'open' : draw < 0.7 ? 'won' : 'lost';
  let disputeId: string | undefined;
  let disputed = 0;
  let deliveries: Notice[] = [];
  for (const notice of base) deliveries.push(...copies(notice, random));
  let closeAt = -1;
  if (final !== 'none') {
    disputed = 1 + Math.floor(random() * left);
    const dispute = stripe.dispute(intent.id, { amount: disputed, reason: 'fraudulent' });
    disputeId = dispute.id;
    // A notice carries the dispute as it was when sent; the service asks Stripe for it now anyway.
    const stale = { ...dispute };
    for (const type of ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.funds_withdrawn'])
      deliveries.push(...copies({ type, object: () => stale }, random));
    deliveries = shuffle(deliveries, random);
    if (final !== 'open') {
      // Decided part-way: the closing notices (and, when won, the funds given back) come after it.
      closeAt = Math.floor(random() * (deliveries.length + 1));
      const closing = [{ type: 'charge.dispute.closed', object: () => stale }];
      if (final === 'won') closing.push({ type: 'charge.dispute.funds_reinstated', object: () => stale });
      for (const notice of closing.flatMap((n) => copies(n, random))) {
        const at = closeAt + Math.floor(random() * (deliveries.length - closeAt + 1));
        deliveries.splice(at, 0, notice);
      }
    }
  } else {
    deliveries = shuffle(deliveries, random);
  }
  const adminAt = random() < 0.3 ? Math.floor(random() * (deliveries.length + 1)) : -1;
  for (let d = 0; d <= deliveries.length; d += 1) {
    if (d === closeAt && disputeId) stripe.closeDispute(disputeId, final as 'won' | 'lost');
    if (d === adminAt) {
      // Refused while disputed (by us or by Stripe), or when too little is left: all fine.
      const answer = await browserCall(
        server.url,
        'POST',
        `/api/admin/payments/${orderId}/refunds`,
        users.admin.cookie,
        { key: `dfuzz-admin-${SEED}-${index}`, amount: 1 + Math.floor(random() * 500), reason: 'Geste' },
      );
      expect([200, 409], orderId).toContain(answer.status);
    }
    const delivery = deliveries[d];
    if (delivery) expect(await running.deliver(delivery.type, delivery.object())).toBe(200);
  }
  return { orderId, intentId: intent.id, ...(disputeId ? { disputeId } : {}), disputed, final };
}

async function ledgerOf(orderId: string) {
  const { rows } = await server.store
    .db<{ kind: string; amount: number; refundId?: string; disputeId?: string }>('ledger')
    .list({ startkey: `${orderId}:`, endkey: `${orderId}:\ufff0`, include_docs: true });
  return rows.map((row) => row.doc!);
}

describe('Stripe dispute notices replayed, duplicated and reordered', () => {
  it(`hold, release and lose each dispute once over ${SEQUENCES} histories, and the ledger balances`, async () => {
    const random = generator(SEED);
    const seeds = Array.from({ length: SEQUENCES }, () => Math.floor(random() * 2 ** 32));
    const outcomes: Outcome[] = [];
    for (let start = 0; start < SEQUENCES; start += AT_ONCE) {
      const batch = seeds.slice(start, start + AT_ONCE);
      outcomes.push(...(await Promise.all(batch.map((seed, i) => oneHistory(start + i, generator(seed))))));
    }
    const seen: Record<Final, number> = { none: 0, open: 0, won: 0, lost: 0 };
    for (const { orderId, intentId, disputeId, disputed, final } of outcomes) {
      seen[final] += 1;
      const entries = await ledgerOf(orderId);
      const kinds = (kind: string) => entries.filter((entry) => entry.kind === kind);
      const holds = kinds('dispute_hold');
      expect(
        holds.map((entry) => entry.disputeId),
        orderId,
      ).toEqual(disputeId ? [disputeId] : []);
      expect(
        kinds('dispute_release').map((entry) => entry.amount),
        orderId,
      ).toEqual(final === 'won' ? [holds[0]!.amount] : []);
      expect(
        kinds('dispute_lost').map((entry) => entry.amount),
        orderId,
      ).toEqual(final === 'lost' ? [disputed] : []);
      if (disputeId) {
        const doc = await server.store.db<DisputeDoc>('orders').get(disputeDocId(disputeId));
        expect(doc.state, orderId).toBe(final);
      }
      const made = (await gateway.listRefunds(intentId))
        .map((refund) => [refund.refundId, refund.amount])
        .sort();
      const recorded = kinds('refund')
        .map((entry) => [entry.refundId, entry.amount])
        .sort();
      expect(recorded, orderId).toEqual(made);
    }
    // The histories did exercise what they are meant to.
    expect(Math.min(seen.open, seen.won, seen.lost)).toBeGreaterThan(SEQUENCES / 10);
    await expectLedgerBalanced(server.store);
  }, 900_000);
});
