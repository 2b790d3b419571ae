/**
 * The consultations in the admin console (`/api/admin/calls…`) against the real service in demo mode
 * (simulated gateway and telephony): admins only; every consultation listed, filtered and searched;
 * one shown with its legs, callbacks, ledger and payment; a call in progress ended; a refund through
 * the payment service moving the money once, whatever repeats or races, with one audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/domain/booking';
import type { CheckoutResponse } from '../../src/domain/order';
import type { ConsultationDetail, ConsultationRow } from '../../server/services/admin/consultations';
import type { LedgerEntry } from '../../server/services/consultation/ledger';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { eventually } from '../support/orders';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { expectLedgerBalanced } from '../support/ledger-balance';

let server: TestServer;
let users: RoleUsers;
let lawyer: ProviderDoc;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: () => ({
      SIMULATED_RING_SECONDS: '0.2',
      SIMULATED_NO_ANSWER_SECONDS: '60',
      // Long enough to be ended by an admin before it ends by itself.
      SIMULATED_CALL_SECONDS: '300',
      CALL_RETRY_DELAY_SECONDS: '0.1',
    }),
  });
  users = await mintRoles(server.store, 'calls');
  lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
});
afterAll(async () => {
  try {
    if (server) await expectLedgerBalanced(server.store);
  } finally {
    await server?.close();
  }
});

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

function booking(firstName: string): BookingRequest {
  return {
    firstName,
    lastName: 'Bérénice',
    nationality: 'FR',
    interventionCountry: 'ES',
    title: 'Litige avec mon propriétaire',
    description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que puis-je faire ?',
    languages: [lawyer.languages[0]!],
    phone: '+33612345678',
    acceptedTerms: true,
  };
}

/** A consultation booked and paid by the client: the simulated calls start at once. */
async function bookAndPay(firstName: string, providerLine: 'answers' | 'no_answer' = 'answers') {
  const order = await browserCall(server.url, 'POST', '/api/checkout', users.client.cookie, {
    providerId: lawyer._id,
    service: 'lawyerCall',
    currency: 'EUR',
    booking: booking(firstName),
    expectedTotal: 4900,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    demo: { providerLine },
  });
  expect(order.status).toBe(201);
  const { orderId, payment } = order.json as CheckoutResponse;
  const paid = await browserCall(server.url, 'POST', '/api/payments/simulated/confirm', users.client.cookie, {
    clientSecret: payment.clientSecret,
    card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
  });
  expect((paid.json as { outcome: string }).outcome).toBe('authorised');
  return orderId;
}

async function detail(orderId: string): Promise<ConsultationDetail> {
  const answer = await admin('GET', `/api/admin/calls/${orderId}`);
  expect(answer.status).toBe(200);
  return (answer.json as { consultation: ConsultationDetail }).consultation;
}

const phaseIs = (orderId: string, phase: string) =>
  eventually(async () => ((await detail(orderId)).phase === phase ? true : undefined), 15_000);

async function ledgerOf(orderId: string): Promise<LedgerEntry[]> {
  const { rows } = await server.store.db<LedgerEntry>('ledger').list({ include_docs: true });
  return rows.map((row) => row.doc!).filter((doc) => doc.orderId === orderId);
}

describe('admin calls', () => {
  let running: string;

  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/calls');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/calls/ord_x');
    for (const action of ['end', 'release', 'refund'])
      await expectAdminOnly(server.url, users, 'POST', `/api/admin/calls/ord_x/${action}`, {});
  });

  it('refuses bad filters with a code per parameter', async () => {
    for (const [query, field] of [
      ['state=lost', 'state'],
      ['phase=ringing', 'phase'],
      ['from=yesterday', 'from'],
      ['to=2026-13-45', 'to'],
      ['limit=0', 'limit'],
      ['token=not-ours', 'token'],
      ['dir=sideways', 'dir'],
    ] as const) {
      const answer = await admin('GET', `/api/admin/calls?${query}`);
      expect([query, answer.status, answer.json]).toMatchObject([
        query,
        400,
        { error: { code: 'validation', fields: { [field]: 'value_invalid' } } },
      ]);
    }
    expect((await admin('GET', '/api/admin/calls/ord_nothing')).status).toBe(404);
    const long = await admin('POST', '/api/admin/calls/ord_nothing/refund', { reason: 'x'.repeat(501) });
    expect([long.status, long.json]).toMatchObject([400, { error: { fields: { reason: 'too_long' } } }]);
  });

  it('lists and shows a consultation in progress with its legs, callbacks and payment', async () => {
    running = await bookAndPay('Zéphyrine');
    // The capture is an effect of the conference starting: wait until it has been applied.
    const shown = await eventually(async () => {
      const now = await detail(running);
      return now.phase === 'in_progress' && now.payment === 'captured' ? now : undefined;
    }, 15_000);
    expect(shown).toMatchObject({
      state: 'paid',
      payment: 'captured',
      money: 'charged',
      provider: { id: lawyer._id, role: 'lawyer' },
      actions: { end: true, release: false, refund: false },
    });
    expect(shown.call?.legs.map((leg) => [leg.leg, leg.attempt])).toEqual([
      ['client', 1],
      ['provider', 1],
    ]);
    expect(shown.logs.length).toBeGreaterThan(3);
    expect(shown.ledger.map((entry) => entry.kind).sort()).toEqual(
      ['authorisation', 'capture', 'commission', 'provider_share'].sort(),
    );

    // Found by phase, by state, by the client's name without its accents, and by the order id.
    const pages = await Promise.all(
      [
        'phase=in_progress',
        'state=paid',
        'q=zephyrine',
        `q=${running.slice(0, 12)}`,
        'q=ZEPHYR%20berenice',
      ].map(async (query) => {
        const answer = await admin('GET', `/api/admin/calls?${query}&limit=100`);
        expect(answer.status).toBe(200);
        return (answer.json as { items: ConsultationRow[] }).items.map((item) => item.orderId);
      }),
    );
    for (const ids of pages) expect(ids).toContain(running);
    const none = await admin('GET', '/api/admin/calls?q=zephyrine&state=completed');
    expect((none.json as { items: ConsultationRow[] }).items).toEqual([]);
    const future = await admin('GET', '/api/admin/calls?from=2999-01-01');
    expect((future.json as { items: ConsultationRow[] }).items).toEqual([]);
  });

  it('refuses to give money back while the call runs, then ends it once, audited', async () => {
    const early = await admin('POST', `/api/admin/calls/${running}/refund`, {});
    expect([early.status, early.json]).toMatchObject([409, { error: { code: 'call_in_progress' } }]);

    const ended = await admin('POST', `/api/admin/calls/${running}/end`, { reason: 'Appel bloqué' });
    expect(ended.status).toBe(200);
    expect((ended.json as { consultation: ConsultationDetail }).consultation).toMatchObject({
      phase: 'completed',
      state: 'completed',
      actions: { end: false, refund: true },
    });
    const again = await admin('POST', `/api/admin/calls/${running}/end`, {});
    expect([again.status, again.json]).toMatchObject([409, { error: { code: 'call_not_running' } }]);
    const entries = await auditOf(server.store, 'consultation', running, 1);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after, entry.actor])).toEqual([
      ['call_end', { phase: 'in_progress' }, { phase: 'completed' }, users.admin.uid],
    ]);
  });

  it('refunds exactly once when two refunds race, and answers a retry without moving money', async () => {
    const [first, second] = await Promise.all([
      admin('POST', `/api/admin/calls/${running}/refund`, { reason: 'Geste commercial' }),
      admin('POST', `/api/admin/calls/${running}/refund`, { reason: 'Geste commercial' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const changed = [first, second].map((answer) => (answer.json as { changed: boolean }).changed).sort();
    expect(changed).toEqual([false, true]);
    const retry = await admin('POST', `/api/admin/calls/${running}/refund`, {});
    expect([retry.status, (retry.json as { changed: boolean }).changed]).toEqual([200, false]);

    const refunds = (await ledgerOf(running)).filter((entry) => entry.kind === 'refund');
    expect(refunds.map((entry) => entry.amount)).toEqual([4900]);
    const intent = (await detail(running)).paymentDetail.intentId;
    expect((await server.services.gateway.retrieve(intent)).amountRefunded).toBe(4900);
    const shown = await detail(running);
    expect(shown).toMatchObject({ payment: 'refunded', money: 'refunded', state: 'completed' });
    const audits = (await auditOf(server.store, 'consultation', running, 1, 'payment_refund')).filter(
      (entry) => entry.action === 'payment_refund',
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      reason: 'Geste commercial',
      after: { payment: 'refunded', amount: 4900 },
    });

    const release = await admin('POST', `/api/admin/calls/${running}/release`, {});
    expect([release.status, release.json]).toMatchObject([409, { error: { code: 'not_held' } }]);
  });

  it('ends a consultation still calling the expert: it fails and the hold is released once', async () => {
    const ringing = await bookAndPay('Ringo', 'no_answer');
    await phaseIs(ringing, 'calling_provider');
    const release = await admin('POST', `/api/admin/calls/${ringing}/release`, {});
    expect([release.status, release.json]).toMatchObject([409, { error: { code: 'call_in_progress' } }]);

    const ended = await admin('POST', `/api/admin/calls/${ringing}/end`, {});
    expect((ended.json as { consultation: ConsultationDetail }).consultation).toMatchObject({
      phase: 'failed',
      state: 'failed',
    });
    const released = await eventually(async () => {
      const shown = await detail(ringing);
      return shown.payment === 'released' ? shown : undefined;
    });
    expect(released.money).toBe('released');
    const again = await admin('POST', `/api/admin/calls/${ringing}/release`, {});
    expect([again.status, (again.json as { changed: boolean }).changed]).toEqual([200, false]);
    const refund = await admin('POST', `/api/admin/calls/${ringing}/refund`, {});
    expect([refund.status, refund.json]).toMatchObject([409, { error: { code: 'not_captured' } }]);
    expect((await ledgerOf(ringing)).filter((entry) => entry.kind === 'release')).toHaveLength(1);
    expect((await auditOf(server.store, 'consultation', ringing, 1)).map((entry) => entry.action)).toEqual([
      'call_end',
    ]);

    const failed = await admin('GET', '/api/admin/calls?phase=failed');
    expect((failed.json as { items: ConsultationRow[] }).items.map((item) => item.orderId)).toContain(
      ringing,
    );
  });
});
