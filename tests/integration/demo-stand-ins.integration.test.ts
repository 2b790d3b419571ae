/**
 * Demo mode's experts answer: the seeded providers have no account, so each client who books one
 * gets a private stand-in that plays that expert for them alone. What the client writes reaches the
 * stand-in's database; the client (and nobody else) opens it from their own session, reads, answers,
 * and comes back. Outside demo mode there is no stand-in and no way to open one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../../server/adapters/payments/stripe';
import { createTelephony } from '../../server/adapters/telephony/index';
import { createConsultations } from '../../server/services/consultation/consultations';
import type { StoredOrder } from '../../server/services/consultation/types';
import { getOrUndefined } from '../../server/store/store';
import type { SessionUserView } from '../../src/domain/account';
import type { BookingRequest } from '../../src/domain/booking';
import { callSessionId, messageId } from '../../src/domain/mine';
import type { CallSessionDoc, MessageDoc } from '../../src/domain/mine';
import { serviceOfRole } from '../../src/domain/order';
import type { CheckoutRequest, CheckoutResponse } from '../../src/domain/order';
import { userDbName } from '../../src/domain/user-db';
import { startFakeStripe } from '../support/fake-stripe';
import type { FakeStripe } from '../support/fake-stripe';
import { eventually } from '../support/orders';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { BROWSER_HEADERS, banUser, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const FAST_DEMO = {
  SIMULATED_RING_SECONDS: '0.2',
  SIMULATED_NO_ANSWER_SECONDS: '0.3',
  SIMULATED_CALL_SECONDS: '0.6',
  CALL_RETRY_DELAY_SECONDS: '0.1',
};

function booking(provider: ProviderDoc): BookingRequest {
  return {
    firstName: 'Inès',
    lastName: 'Moreau',
    nationality: 'FR',
    interventionCountry: 'ES',
    title: 'Contrat de location',
    description: 'Mon bailleur garde ma caution depuis trois mois, que puis-je faire maintenant ?',
    languages: [provider.languages[0]!],
    phone: '+33612345678',
    acceptedTerms: true,
  };
}

async function checkout(server: TestServer, user: TestUser, provider: ProviderDoc) {
  const service = serviceOfRole(provider.role);
  const answer = await browserCall(server.url, 'POST', '/api/checkout', user.cookie, {
    providerId: provider._id,
    service,
    currency: 'EUR',
    booking: booking(provider),
    expectedTotal: service === 'lawyerCall' ? 4900 : 1900,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
  } satisfies CheckoutRequest);
  expect(answer.status).toBe(201);
  return answer.json as CheckoutResponse;
}

async function push(server: TestServer, cookie: string, db: string, docs: unknown[]) {
  const response = await fetch(`${server.url}/db/${db}/_bulk_docs`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ docs }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { ok?: boolean; reason?: string }[];
}

function message(orderId: string, key: string, from: string, to: string, body: string) {
  const now = new Date().toISOString();
  return {
    _id: messageId(orderId, key),
    type: 'message',
    orderId,
    from,
    to,
    body,
    createdAt: now,
    updatedAt: now,
  };
}

const userOf = (answer: { json: unknown }) => (answer.json as { user: SessionUserView }).user;

describe('in demo mode', () => {
  let server: TestServer;
  let client: TestUser;
  let other: TestUser;
  let expert: ProviderDoc;
  let orderId: string;
  let standIn: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: () => FAST_DEMO });
    client = await mintUser(server.store, 'stand-client-1');
    other = await mintUser(server.store, 'stand-client-2');
    expert = (await onlineProviders(server.store)).find(
      (p) => p.role === 'lawyer' && p._id.startsWith('demo-'),
    )!;
    const order = await checkout(server, client, expert);
    orderId = order.orderId;
    const paid = await browserCall(server.url, 'POST', '/api/payments/simulated/confirm', client.cookie, {
      clientSecret: order.payment.clientSecret,
      card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
    });
    expect(paid.status).toBe(200);
    // The (simulated, fast) consultation goes to its end before anything else.
    const session = await eventually(async () => {
      const doc = await getOrUndefined(server.store.db<CallSessionDoc>(client.db), callSessionId(orderId));
      return doc?.phase === 'completed' ? doc : undefined;
    }, 15_000);
    standIn = session.partnerUid!;
  });
  afterAll(async () => server?.close());

  it("delivers a client's message to the demo expert's stand-in, with its notification", async () => {
    expect(standIn).toMatch(/^standin-/);
    const [row] = await push(server, client.cookie, client.db, [
      message(orderId, 'd1', client.uid, standIn, 'Bonjour Maître, avez-vous reçu mon dossier ?'),
    ]);
    expect(row).toMatchObject({ ok: true });
    const copy = await eventually(() =>
      getOrUndefined(server.store.db<MessageDoc>(userDbName(standIn)), messageId(orderId, 'd1')),
    );
    expect(copy).toMatchObject({ from: client.uid, body: 'Bonjour Maître, avez-vous reçu mon dossier ?' });
    // The stand-in is the expert's side of the consultation: its call, its notifications.
    const side = await getOrUndefined(
      server.store.db<CallSessionDoc>(userDbName(standIn)),
      callSessionId(orderId),
    );
    expect(side).toMatchObject({ role: 'provider', providerId: expert._id, partnerUid: client.uid });
  });

  it('lets only that client open the stand-in, read, answer, and come back', async () => {
    const refused = await browserCall(
      server.url,
      'POST',
      `/api/demo/stand-ins/${orderId}/open`,
      other.cookie,
    );
    expect(refused.status).toBe(404);

    const opened = await browserCall(
      server.url,
      'POST',
      `/api/demo/stand-ins/${orderId}/open`,
      client.cookie,
    );
    expect(opened.status).toBe(200);
    expect(userOf(opened)).toMatchObject({
      uid: standIn,
      role: 'lawyer',
      displayName: expert.fullName,
      demoStandIn: true,
      db: userDbName(standIn),
    });
    const me = await browserCall(server.url, 'GET', '/api/auth/me', client.cookie);
    expect(userOf(me).uid).toBe(standIn);

    // The same cookie now reaches the stand-in's database only.
    const own = await browserCall(server.url, 'GET', `/db/${client.db}/`, client.cookie);
    expect(own.status).toBe(403);
    const inbox = await browserCall(
      server.url,
      'GET',
      `/db/${userDbName(standIn)}/_all_docs?include_docs=true`,
      client.cookie,
    );
    expect(inbox.status).toBe(200);
    const docs = (inbox.json as { rows: { doc: { type: string; kind?: string } }[] }).rows.map((r) => r.doc);
    expect(docs.some((doc) => doc.type === 'message')).toBe(true);
    expect(docs.some((doc) => doc.type === 'notification' && doc.kind === 'message_received')).toBe(true);

    const [answer] = await push(server, client.cookie, userDbName(standIn), [
      message(orderId, 'd2', standIn, client.uid, 'Oui, je le regarde aujourd’hui.'),
    ]);
    expect(answer).toMatchObject({ ok: true });
    const back = await browserCall(server.url, 'POST', '/api/demo/stand-ins/return', client.cookie);
    expect(back.status).toBe(200);
    expect(userOf(back).uid).toBe(client.uid);
    expect(userOf(back).demoStandIn).toBeUndefined();
    const received = await eventually(() =>
      getOrUndefined(server.store.db<MessageDoc>(client.db), messageId(orderId, 'd2')),
    );
    expect(received).toMatchObject({ from: standIn, body: 'Oui, je le regarde aujourd’hui.' });
  });

  it('is never published, cannot be signed into by password, and ends with its client', async () => {
    expect(await getOrUndefined(server.store.db('providers'), standIn)).toBeUndefined();
    const admin = await mintUser(server.store, 'stand-admin', 'admin');
    const approval = await browserCall(
      server.url,
      'POST',
      `/api/admin/providers/${standIn}/approval`,
      admin.cookie,
      { approved: true },
    );
    expect(approval.status).toBe(409);
    const opened = await browserCall(
      server.url,
      'POST',
      `/api/demo/stand-ins/${orderId}/open`,
      client.cookie,
    );
    const login = await browserCall(server.url, 'POST', '/api/auth/login', '', {
      email: userOf(opened).email,
      password: 'whatever-it-is',
    });
    expect(login.status).toBe(401);
    // The stand-in's session is its client's: suspending the client ends it.
    await banUser(server.store, client.uid);
    const me = await browserCall(server.url, 'GET', '/api/auth/me', client.cookie);
    expect(me.status).toBe(403);
  });
});

describe('a client who deletes their account', () => {
  it('takes their stand-ins with them', async () => {
    const server = await startTestServer({ seed: true });
    try {
      const client = await mintUser(server.store, 'stand-leaver');
      const expert = (await onlineProviders(server.store)).find((p) => p._id.startsWith('demo-'))!;
      const { orderId } = await checkout(server, client, expert);
      const order = await server.store.db<StoredOrder>('orders').get(orderId);
      const standIn = order.provider.standInUid!;
      expect(await getOrUndefined(server.store.db('accounts'), `user:${standIn}`)).toBeDefined();
      const deleted = await browserCall(server.url, 'DELETE', '/api/auth/account', client.cookie, {
        confirmEmail: client.email,
      });
      expect(deleted.status).toBe(204);
      expect(await getOrUndefined(server.store.db('accounts'), `user:${standIn}`)).toBeUndefined();
      const databases = await server.store.server.db.list();
      expect(databases).not.toContain(userDbName(standIn));
    } finally {
      await server.close();
    }
  });
});

describe('outside demo mode (real payments)', () => {
  let stripe: FakeStripe;
  let server: TestServer;
  let client: TestUser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({
      seed: true,
      env: () => ({
        STRIPE_SECRET_KEY: 'sk_test_standins',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standins',
        STRIPE_WEBHOOK_SECRET: 'whsec_standins',
      }),
      services: (config, store) => {
        const gateway = createStripeGateway(config.stripe!, stripe.connection);
        const consultations = createConsultations({
          store,
          config,
          gateway,
          telephony: (sink) => createTelephony(config, sink),
        });
        return { gateway, consultations };
      },
    });
    client = await mintUser(server.store, 'real-client-1');
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  it('gives a demo expert no stand-in: messages are refused and nothing can be opened', async () => {
    // On a shared CouchDB the demo-mode tests above left theirs: only a new one would be this test's.
    const standIns = async () =>
      (await server.store.db('accounts').list()).rows
        .map((r) => r.id)
        .filter((id) => id.startsWith('user:standin-'));
    const before = await standIns();
    const expert = (await onlineProviders(server.store)).find((p) => p._id.startsWith('demo-'))!;
    const { orderId } = await checkout(server, client, expert);
    const [row] = await push(server, client.cookie, client.db, [
      message(orderId, 'r1', client.uid, `standin-${'0'.repeat(32)}`, 'Bonjour ?'),
    ]);
    expect(row).toMatchObject({ reason: expect.stringMatching(/not available/) });
    const open = await browserCall(server.url, 'POST', `/api/demo/stand-ins/${orderId}/open`, client.cookie);
    expect(open.status).toBe(404);
    expect(await standIns()).toEqual(before);
  });
});
