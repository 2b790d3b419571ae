/**
 * A provider's `earnings` document in their own database, on the real service in demo mode: after a
 * captured consultation it shows their share, after an admin's refund the recovery, after a payout
 * run what was paid out and a zero balance; it is read through the replication gateway like every
 * document of theirs, and the provider cannot write it there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/domain/booking';
import type { EarningsDoc } from '../../src/domain/earnings';
import type { CheckoutResponse } from '../../src/domain/order';
import type { StoredOrder } from '../../server/services/consultation/types';
import { BROWSER_HEADERS, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { eventually } from '../support/orders';
import { SHARE } from '../support/payouts';
import { providerWithAccount } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { expectLedgerBalanced } from '../support/ledger-balance';

let server: TestServer;
let admin: TestUser;
let client: TestUser;
let lawyer: { provider: ProviderDoc; user: TestUser };

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: () => ({
      SIMULATED_RING_SECONDS: '0.1',
      SIMULATED_NO_ANSWER_SECONDS: '60',
      SIMULATED_CALL_SECONDS: '0.3',
      CALL_RETRY_DELAY_SECONDS: '0.1',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    }),
  });
  admin = await mintUser(server.store, 'earnings-admin', 'admin');
  client = await mintUser(server.store, 'earnings-client');
  lawyer = await providerWithAccount(server.store, 'earnings-lawyer', '+33600000001');
});
afterAll(async () => {
  try {
    if (server) await expectLedgerBalanced(server.store);
  } finally {
    await server?.close();
  }
});

function booking(): BookingRequest {
  return {
    firstName: 'Ana',
    lastName: 'Bérénice',
    nationality: 'FR',
    interventionCountry: 'ES',
    title: 'Litige avec mon propriétaire',
    description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que puis-je faire ?',
    languages: [lawyer.provider.languages[0]!],
    phone: '+33612345678',
    acceptedTerms: true,
  };
}

/** A consultation with the lawyer booked, paid and completed through the service. */
async function completedConsultation(): Promise<string> {
  const order = await browserCall(server.url, 'POST', '/api/checkout', client.cookie, {
    providerId: lawyer.provider._id,
    service: 'lawyerCall',
    currency: 'EUR',
    booking: booking(),
    expectedTotal: 4900,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    demo: { providerLine: 'answers' },
  });
  expect(order.status).toBe(201);
  const { orderId, payment } = order.json as CheckoutResponse;
  const paid = await browserCall(server.url, 'POST', '/api/payments/simulated/confirm', client.cookie, {
    clientSecret: payment.clientSecret,
    card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
  });
  expect((paid.json as { outcome: string }).outcome).toBe('authorised');
  await eventually(async () => {
    const stored = await server.store.db<StoredOrder>('orders').get(orderId);
    return stored.state === 'completed' ? true : undefined;
  }, 20_000);
  return orderId;
}

/** The document as the provider's browser pulls it, through the gateway with their session. */
async function earningsAsPulled(): Promise<EarningsDoc & { _rev: string }> {
  const response = await fetch(`${server.url}/db/${lawyer.user.db}/earnings`, {
    headers: { cookie: lawyer.user.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as EarningsDoc & { _rev: string };
}

describe('the provider’s earnings document', () => {
  it('shows the share of a captured consultation, the recovery of a refund, then the payout', async () => {
    const first = await completedConsultation();
    // The share is recorded at capture, before the call ends: the document already shows it.
    expect((await earningsAsPulled()).currencies).toEqual([
      { currency: 'EUR', earned: SHARE, recovered: 0, paidOut: 0, balance: SHARE },
    ]);
    await completedConsultation();
    expect((await earningsAsPulled()).currencies).toEqual([
      { currency: 'EUR', earned: 2 * SHARE, recovered: 0, paidOut: 0, balance: 2 * SHARE },
    ]);

    const refund = await browserCall(server.url, 'POST', `/api/admin/calls/${first}/refund`, admin.cookie, {
      reason: 'Geste commercial',
    });
    expect(refund.status).toBe(200);
    const refunded = await earningsAsPulled();
    expect(refunded.currencies).toEqual([
      { currency: 'EUR', earned: 2 * SHARE, recovered: SHARE, paidOut: 0, balance: SHARE },
    ]);
    expect(refunded.payouts).toEqual([]);

    const run = await browserCall(server.url, 'POST', '/api/admin/payouts/run', admin.cookie, {});
    expect(run.status).toBe(200);
    const paid = await earningsAsPulled();
    expect(paid.currencies).toEqual([
      { currency: 'EUR', earned: 2 * SHARE, recovered: SHARE, paidOut: SHARE, balance: 0 },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(paid.payouts).toEqual([
      {
        id: `payout:${today}:EUR:${lawyer.user.uid}`,
        day: today,
        currency: 'EUR',
        amount: SHARE,
        state: 'paid',
        paidAt: expect.any(String) as string,
      },
    ]);

    // A second run changes nothing: the document is not written again.
    await browserCall(server.url, 'POST', '/api/admin/payouts/run', admin.cookie, {});
    expect((await earningsAsPulled())._rev).toBe(paid._rev);
  });

  it('cannot be written by the provider through the gateway', async () => {
    const current = await earningsAsPulled();
    const forged = { ...current, currencies: [{ ...current.currencies[0]!, balance: 1_000_000 }] };
    const put = await fetch(`${server.url}/db/${lawyer.user.db}/earnings`, {
      method: 'PUT',
      headers: { ...BROWSER_HEADERS, cookie: lawyer.user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(put.status).toBe(403);

    // The replication's own way in refuses it too, as a conflict row carrying the reason.
    const pushed = await fetch(`${server.url}/db/${lawyer.user.db}/_bulk_docs`, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, cookie: lawyer.user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ docs: [forged] }),
    });
    expect(pushed.status).toBe(201);
    expect(await pushed.json()).toEqual([
      {
        id: 'earnings',
        error: 'conflict',
        reason: 'rejected: earnings documents are written by the service only',
      },
    ]);
    // Nor can it be deleted, and nothing changed.
    const deleted = await fetch(`${server.url}/db/${lawyer.user.db}/_bulk_docs`, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, cookie: lawyer.user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ docs: [{ ...current, _deleted: true }] }),
    });
    expect((await deleted.json()) as unknown[]).toMatchObject([{ error: 'conflict' }]);
    expect(await earningsAsPulled()).toEqual(current);
  });

  it('is not written for a client (no balance, no document)', async () => {
    const response = await fetch(`${server.url}/db/${client.db}/earnings`, {
      headers: { cookie: client.cookie },
    });
    expect(response.status).toBe(404);
  });
});
