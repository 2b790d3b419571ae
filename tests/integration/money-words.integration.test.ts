/**
 * What the service tells the client about their money and about the retries, through the real app on
 * a temporary store (demo gateway and telephony): the facts written into the client's own database
 * (call session, notifications) from which the browser says "charged", "not charged" or "refunded".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callSessionId } from '../../src/domain/mine';
import type { CallSessionDoc, NotificationDoc } from '../../src/domain/mine';
import type { CheckoutRequest, CheckoutResponse, OrderView } from '../../src/domain/order';
import { serviceOfRole } from '../../src/domain/order';
import { userDbName } from '../../src/domain/user-db';
import { getOrUndefined } from '../../server/store/store';
import { eventually } from '../support/orders';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { BROWSER_HEADERS, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { expectLedgerBalanced } from '../support/ledger-balance';

const FAST_DEMO = {
  SIMULATED_RING_SECONDS: '0.2',
  SIMULATED_NO_ANSWER_SECONDS: '0.3',
  SIMULATED_CALL_SECONDS: '0.6',
  CALL_RETRY_DELAY_SECONDS: '0.1',
};

async function api<T>(server: TestServer, method: string, route: string, user: TestUser, body?: unknown) {
  const response = await fetch(`${server.url}/api${route}`, {
    method,
    headers: {
      ...BROWSER_HEADERS,
      cookie: user.cookie,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A booking of the lawyer, paid with the demo's test card; `line` is the expert's simulated line. */
async function paidOrder(
  server: TestServer,
  client: TestUser,
  lawyer: ProviderDoc,
  line: 'answers' | 'no_answer',
): Promise<string> {
  const order = await api<CheckoutResponse>(server, 'POST', '/checkout', client, {
    providerId: lawyer._id,
    service: serviceOfRole('lawyer'),
    currency: 'EUR',
    booking: {
      firstName: 'Camille',
      lastName: 'Durand',
      nationality: 'FR',
      interventionCountry: 'ES',
      title: 'Litige avec mon propriétaire',
      description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que puis-je faire ?',
      languages: [lawyer.languages[0]!],
      phone: '+33612345678',
      acceptedTerms: true,
    },
    expectedTotal: 4900,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    demo: { providerLine: line },
  } satisfies CheckoutRequest);
  expect(order.status).toBe(201);
  const paid = await api<{ outcome: string }>(server, 'POST', '/payments/simulated/confirm', client, {
    clientSecret: order.body.payment.clientSecret,
    card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
  });
  expect(paid.body.outcome).toBe('authorised');
  return order.body.orderId;
}

const sessionOf = (server: TestServer, client: TestUser, orderId: string) =>
  getOrUndefined(server.store.db<CallSessionDoc>(userDbName(client.uid)), callSessionId(orderId));

async function notificationsOf(server: TestServer, client: TestUser, orderId: string) {
  const { rows } = await server.store.db<NotificationDoc>(client.db).list({ include_docs: true });
  return rows.map((row) => row.doc!).filter((doc) => doc.type === 'notification' && doc.orderId === orderId);
}

describe('the client is told what became of their money', () => {
  let server: TestServer;
  let client: TestUser;
  let lawyer: ProviderDoc;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: () => FAST_DEMO });
    client = await mintUser(server.store, 'client-money');
    lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
  });
  afterAll(async () => {
    try {
      if (server) await expectLedgerBalanced(server.store);
    } finally {
      await server?.close();
    }
  });

  it('when the expert never answers: the hold is lifted and the notification says so, not a refund', async () => {
    const orderId = await paidOrder(server, client, lawyer, 'no_answer');
    await eventually(async () => {
      const doc = await sessionOf(server, client, orderId);
      return doc?.phase === 'failed' && doc.payment === 'released';
    }, 15_000);
    const notifications = await eventually(async () => {
      const list = await notificationsOf(server, client, orderId);
      return list.some((n) => n.kind === 'refund_issued') && list.some((n) => n.kind === 'call_failed')
        ? list
        : undefined;
    });
    const money = notifications.find((n) => n.kind === 'refund_issued')!;
    expect(money.params).toMatchObject({ amount: 4900, currency: 'EUR', payment: 'released' });
  });

  it('when the call takes place: charged, and no notification about money given back', async () => {
    const orderId = await paidOrder(server, client, lawyer, 'answers');
    const done = await eventually(async () => {
      const doc = await sessionOf(server, client, orderId);
      return doc?.phase === 'completed' && doc.invoiceId ? doc : undefined;
    }, 15_000);
    expect(done.payment).toBe('captured');
    const kinds = (await notificationsOf(server, client, orderId)).map((n) => n.kind);
    expect(kinds).not.toContain('refund_issued');
  });
});

describe('between two attempts to reach the expert', () => {
  let server: TestServer;
  let client: TestUser;
  let lawyer: ProviderDoc;

  beforeAll(async () => {
    // A long pause between attempts, so that the wait is there to be read.
    server = await startTestServer({
      seed: true,
      env: () => ({ ...FAST_DEMO, CALL_RETRY_DELAY_SECONDS: '600' }),
    });
    client = await mintUser(server.store, 'client-retry');
    lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
  });
  afterAll(async () => {
    try {
      if (server) await expectLedgerBalanced(server.store);
    } finally {
      await server?.close();
    }
  });

  it('the call session and the order say which attempt failed and when the next one comes', async () => {
    const orderId = await paidOrder(server, client, lawyer, 'no_answer');
    const waiting = await eventually(async () => {
      const doc = await sessionOf(server, client, orderId);
      return doc?.retryAt ? doc : undefined;
    }, 15_000);
    expect(waiting).toMatchObject({
      phase: 'calling_provider',
      attempt: 1,
      maxAttempts: 3,
      payment: 'authorised',
    });
    expect(Date.parse(waiting.retryAt!)).toBeGreaterThan(Date.parse(waiting.updatedAt));

    const view = await api<{ order: OrderView }>(server, 'GET', `/orders/${orderId}`, client);
    expect(view.body.order.call).toMatchObject({ attempt: 1, retryAt: waiting.retryAt });
  });
});
