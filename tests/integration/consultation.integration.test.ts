/**
 * The consultation from payment to invoice or refund, through the real service: the HTTP routes, the
 * consultation service, the store. Demo mode (simulated gateway and telephony, short timings), and
 * the real Stripe and Twilio SDKs against local servers that speak their APIs, with signed callbacks.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callSessionId } from '../../src/domain/mine';
import type { CallSessionDoc } from '../../src/domain/mine';
import type { InvoiceDoc } from '../../src/domain/invoice';
import type { BookingRequest } from '../../src/domain/booking';
import type { Provider } from '../../src/domain/provider';
import type { CheckoutRequest, CheckoutResponse } from '../../src/domain/order';
import { serviceOfRole } from '../../src/domain/order';
import { userDbName } from '../../src/domain/user-db';
import { createStripeGateway } from '../../server/adapters/payments/stripe';
import { createTwilioTelephony } from '../../server/adapters/telephony/twilio';
import type { Telephony, TelephonyEventSink } from '../../server/adapters/telephony/types';
import { createConsultations } from '../../server/services/consultation/consultations';
import type { Consultations } from '../../server/services/consultation/consultations';
import type { StoredCall, StoredOrder } from '../../server/services/consultation/types';
import type { LedgerEntry } from '../../server/services/consultation/ledger';
import { getOrUndefined } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { startFakeStripe } from '../support/fake-stripe';
import type { FakeStripe } from '../support/fake-stripe';
import {
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_FROM_NUMBER,
  callback,
  startFakeTwilio,
} from '../support/fake-twilio';
import type { FakeTwilio } from '../support/fake-twilio';
import { BROWSER_HEADERS, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { onlineProviders, providerWithAccount } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { expectLedgerBalanced } from '../support/ledger-balance';

const FAST_DEMO = {
  SIMULATED_RING_SECONDS: '0.2',
  SIMULATED_NO_ANSWER_SECONDS: '0.3',
  SIMULATED_CALL_SECONDS: '0.6',
  CALL_RETRY_DELAY_SECONDS: '0.1',
};

/** `read` answers undefined until the awaited state; `seen` tells, on a timeout, how far it got. */
async function waitFor<T>(
  read: () => Promise<T | undefined>,
  what: string,
  seen?: () => Promise<unknown>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const state = seen ? ` (seen: ${JSON.stringify(await seen())})` : '';
      throw new Error(`Timed out waiting for ${what}${state}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function api<T>(
  url: string,
  method: string,
  route: string,
  user: TestUser,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}/api${route}`, {
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

function booking(provider: Pick<Provider, 'languages'>, phone = '+33612345678'): BookingRequest {
  return {
    firstName: 'Анна',
    lastName: 'Martin',
    nationality: 'FR',
    interventionCountry: 'ES',
    title: 'Litige avec mon propriétaire',
    description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que puis-je faire ?',
    languages: [provider.languages[0]!],
    phone,
    acceptedTerms: true,
  };
}

async function checkout(
  server: TestServer,
  user: TestUser,
  provider: ProviderDoc,
  extra: Partial<CheckoutRequest> = {},
): Promise<CheckoutResponse> {
  const service = serviceOfRole(provider.role);
  const total = service === 'lawyerCall' ? 4900 : 1900;
  const answer = await api<CheckoutResponse>(server.url, 'POST', '/checkout', user, {
    providerId: provider.id ?? provider._id,
    service,
    currency: 'EUR',
    booking: booking(provider),
    expectedTotal: total,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    ...extra,
  } satisfies CheckoutRequest);
  expect(answer.status).toBe(201);
  return answer.body;
}

const session = (store: Store, uid: string, orderId: string) =>
  getOrUndefined(store.db<CallSessionDoc>(userDbName(uid)), callSessionId(orderId));

/** Where a consultation got to, for a timeout's message: the order's and the call's states. */
const progress = (store: Store, orderId: string) => async () => {
  const order = await getOrUndefined(store.db<StoredOrder>('orders'), orderId);
  const call = await getOrUndefined(store.db<StoredCall>('calls'), orderId);
  return { order: order?.state, payment: order?.payment.state, call: call?.state, pending: call?.pending };
};

async function ledgerOf(store: Store, orderId: string): Promise<Record<string, number>> {
  const { rows } = await store.db<LedgerEntry>('ledger').list({ include_docs: true });
  return Object.fromEntries(
    rows
      .map((row) => row.doc!)
      .filter((doc) => doc.orderId === orderId)
      .map((doc) => [doc.kind, doc.amount]),
  );
}

async function callLogs(store: Store, orderId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await store
    .db<{ type: string; callId: string; data: Record<string, unknown> }>('logs')
    .list({
      include_docs: true,
    });
  return rows
    .map((row) => row.doc!)
    .filter((doc) => doc.type === 'call_log' && doc.callId === orderId)
    .map((d) => d.data);
}

describe('demo mode: simulated payments and calls', () => {
  let server: TestServer;
  let client: TestUser;
  let lawyer: ProviderDoc;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: () => FAST_DEMO });
    client = await mintUser(server.store, 'client-consult');
    lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
  });
  afterAll(async () => {
    try {
      if (server) await expectLedgerBalanced(server.store);
    } finally {
      await server?.close();
    }
  });

  async function pay(order: CheckoutResponse, number = '4242424242424242') {
    const answer = await api<{ outcome: string }>(server.url, 'POST', '/payments/simulated/confirm', client, {
      clientSecret: order.payment.clientSecret,
      card: { number, exp: '12/34', cvc: '123' },
    });
    expect(answer.body.outcome).toBe('authorised');
  }

  it('calls the expert then the client, captures, completes, invoices and notifies', async () => {
    const providers = server.store.db<ProviderDoc>('providers');
    const completedBefore = (await providers.get(lawyer._id)).completedCalls ?? 0;
    const order = await checkout(server, client, lawyer);
    await pay(order);

    const done = await waitFor(async () => {
      const doc = await session(server.store, client.uid, order.orderId);
      return doc?.phase === 'completed' && doc.invoiceId ? doc : undefined;
    }, 'the consultation to complete');
    expect(done).toMatchObject({ role: 'client', payment: 'captured', amount: 4900, currency: 'EUR' });
    expect(done.connectedAt && done.endedAt).toBeTruthy();

    const stored = await server.store.db<StoredOrder>('orders').get(order.orderId);
    expect(stored).toMatchObject({ state: 'completed', payment: { state: 'captured' } });
    expect(await ledgerOf(server.store, order.orderId)).toEqual({
      authorisation: 4900,
      capture: 4900,
      commission: 735,
      provider_share: 4165,
    });

    const invoice = await server.store.db<InvoiceDoc>(client.db).get(done.invoiceId!);
    expect(invoice).toMatchObject({
      number: stored.invoiceNumber,
      orderId: order.orderId,
      buyer: { name: 'Анна Martin' },
      provider: { id: lawyer._id, name: lawyer.fullName, role: 'lawyer' },
      amounts: { standard: 4900, discount: 0, total: 4900, net: 4083, vat: 817 },
      currency: 'EUR',
      durationMinutes: 20,
    });
    expect(invoice.number).toMatch(/^SOS-\d{4}-\d{6}$/);
    // The order keeps the date of issue: the admin's invoices list sorts and filters by it.
    expect(stored.invoicedAt).toBe(invoice.issuedAt);

    // The notifications follow the session's last state; a list (on a cluster, a moment stale)
    // is read until all four are there.
    const notifications = async () => {
      const { rows } = await server.store
        .db<{ type: string; kind: string; isRead: boolean }>(client.db)
        .list({ include_docs: true });
      return rows.map((row) => row.doc!).filter((doc) => doc.type === 'notification');
    };
    const kinds = await waitFor(
      async () => {
        const list = await notifications();
        return list.length >= 4 ? list : undefined;
      },
      'the four notifications',
      async () => (await notifications()).map((n) => n.kind),
    );
    expect(kinds.map((n) => n.kind).sort()).toEqual(
      ['booking_confirmed', 'call_completed', 'call_started', 'invoice_ready'].sort(),
    );
    expect(kinds.every((n) => n.isRead === false)).toBe(true);

    // The expert's public profile counts the completed call.
    await waitFor(
      async () =>
        (await providers.get(lawyer._id)).completedCalls === completedBefore + 1 ? true : undefined,
      'the completed call to be counted',
    );

    // The invoice was mailed with its PDF (demo outbox).
    const mailDir = path.join(server.dataDir, 'mail');
    const mails = await waitFor(async () => {
      const names = (await readdir(mailDir).catch(() => [])).filter((name) => name.endsWith('.json'));
      const found = [];
      for (const name of names) {
        const mail = JSON.parse(await readFile(path.join(mailDir, name), 'utf8')) as {
          kind: string;
          to: string;
        };
        if (mail.kind === 'invoice') found.push(mail);
      }
      return found.length ? found : undefined;
    }, 'the invoice mail');
    expect(mails[0]).toMatchObject({ to: client.email, attachments: [`${invoice.number}.pdf`] });

    // The order as the client reads it.
    const view = await api<{ order: { state: string; call: { phase: string }; invoiceId: string } }>(
      server.url,
      'GET',
      `/orders/${order.orderId}`,
      client,
    );
    expect(view.body.order).toMatchObject({
      state: 'completed',
      call: { phase: 'completed' },
      invoiceId: done.invoiceId,
    });
  });

  it('numbers invoices one after the other, with no gap', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await checkout(server, client, lawyer);
      await pay(order);
      const doc = await waitFor(async () => {
        const current = await session(server.store, client.uid, order.orderId);
        return current?.invoiceId ? current : undefined;
      }, 'an invoice');
      numbers.push(Number(doc.invoiceId!.slice(-6)));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
  });

  it('releases the hold after three unanswered calls to the expert', async () => {
    const order = await checkout(server, client, lawyer, { demo: { providerLine: 'no_answer' } });
    await pay(order);
    const failed = await waitFor(
      async () => {
        const doc = await session(server.store, client.uid, order.orderId);
        return doc?.phase === 'failed' && doc.payment === 'released' ? doc : undefined;
      },
      'the consultation to fail',
      progress(server.store, order.orderId),
    );
    expect(failed).toMatchObject({ failure: 'provider_no_answer', attempt: 3 });
    expect(await ledgerOf(server.store, order.orderId)).toEqual({ authorisation: 4900, release: 4900 });
    const placed = (await callLogs(server.store, order.orderId)).filter((log) => log.type === 'call_placed');
    expect(placed.map((log) => [log.leg, log.attempt])).toEqual([
      ['provider', 1],
      ['provider', 2],
      ['provider', 3],
    ]);
    const stored = await server.store.db<StoredOrder>('orders').get(order.orderId);
    expect(stored).toMatchObject({ state: 'failed', payment: { state: 'released' } });
    expect(stored.invoiceNumber).toBeUndefined();
  });

  it('fails with client_no_answer when the client never picks up, and the expert is hung up', async () => {
    const order = await checkout(server, client, lawyer, { booking: booking(lawyer, '+15005550002') });
    await pay(order);
    const failed = await waitFor(
      async () => {
        const doc = await session(server.store, client.uid, order.orderId);
        return doc?.phase === 'failed' && doc.payment === 'released' ? doc : undefined;
      },
      'the consultation to fail',
      progress(server.store, order.orderId),
    );
    expect(failed.failure).toBe('client_no_answer');
  });

  it('starts a consultation once however many times the payment is confirmed', async () => {
    const order = await checkout(server, client, lawyer, { demo: { providerLine: 'no_answer' } });
    await pay(order);
    await Promise.all([
      server.services.consultations.paymentAuthorised(order.orderId),
      server.services.consultations.paymentAuthorised(order.orderId),
    ]);
    await waitFor(async () => {
      const doc = await session(server.store, client.uid, order.orderId);
      return doc?.phase === 'failed' ? doc : undefined;
    }, 'the end');
    const placed = (await callLogs(server.store, order.orderId)).filter((log) => log.type === 'call_placed');
    expect(placed).toHaveLength(3);
  });
});

describe('Stripe and Twilio (real SDKs, local API servers, signed callbacks)', () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_test_consult',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_consult',
    STRIPE_WEBHOOK_SECRET: 'whsec_consult',
  };
  const TWILIO = {
    TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
    TWILIO_FROM_NUMBER: TEST_FROM_NUMBER,
  };
  let server: TestServer;
  let stripe: FakeStripe;
  let twilioApi: FakeTwilio;
  let client: TestUser;
  let provider: ProviderDoc;
  const PROVIDER_PHONE = '+33698765432';

  beforeAll(async () => {
    stripe = await startFakeStripe();
    twilioApi = await startFakeTwilio();
    server = await startTestServer({
      seed: true,
      env: (url) => ({ ...STRIPE, ...TWILIO, PUBLIC_URL: url, CALL_RETRY_DELAY_SECONDS: '0' }),
      services: (config, store) => {
        const gateway = createStripeGateway(config.stripe!, stripe.connection);
        const consultations = createConsultations({
          store,
          config,
          gateway,
          telephony: () =>
            createTwilioTelephony(
              { ...config, twilio: config.twilio! },
              {
                httpClient: twilioApi.httpClient(),
              },
            ),
        });
        return { gateway, consultations };
      },
    });
    client = await mintUser(server.store, 'client-twilio');
    provider = (await providerWithAccount(server.store, 'lawyer-twilio', PROVIDER_PHONE)).provider;
  });
  afterAll(async () => {
    if (server) await expectLedgerBalanced(server.store);
    await server?.close();
    await stripe?.close();
    await twilioApi?.close();
  });

  /** Checkout, then the card confirmed as Stripe.js would, then the browser's confirmation to the service. */
  async function paidOrder(): Promise<{ orderId: string; intentId: string }> {
    const order = await checkout(server, client, provider);
    expect(order.payment.gateway).toBe('stripe');
    const intentId = order.payment.clientSecret.split('_secret_')[0]!;
    const gateway = server.services.gateway as ReturnType<typeof createStripeGateway>;
    await gateway.client.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const confirmed = await api(server.url, 'POST', `/orders/${order.orderId}/confirm`, client);
    expect(confirmed.status).toBe(200);
    return { orderId: order.orderId, intentId };
  }

  function placedCalls(to: string) {
    return [...twilioApi.calls.values()].filter((call) => call.to === to);
  }

  async function legCallback(to: string, index: number, status: string, sequence: number, extra = {}) {
    const call = await waitFor(async () => placedCalls(to)[index], `call ${index + 1} to ${to}`);
    const url = call.form.get('StatusCallback')!;
    const answer = await callback(url, {
      AccountSid: TEST_ACCOUNT_SID,
      CallSid: call.sid,
      CallStatus: status,
      SequenceNumber: String(sequence),
      ...extra,
    });
    expect(answer.status).toBeLessThan(300);
  }

  async function conferenceCallback(
    orderId: string,
    event: 'conference-start' | 'conference-end',
    sequence: number,
  ) {
    const url = `${server.url}/api/webhooks/twilio/conference?order=${orderId}`;
    const answer = await callback(url, {
      AccountSid: TEST_ACCOUNT_SID,
      ConferenceSid: `CF${orderId.slice(-10)}`,
      FriendlyName: `order-${orderId}`,
      StatusCallbackEvent: event,
      SequenceNumber: String(sequence),
    });
    expect(answer.status).toBeLessThan(300);
  }

  it('captures once when the consultation starts and invoices at the end, whatever callbacks repeat', async () => {
    const { orderId, intentId } = await paidOrder();
    await legCallback(PROVIDER_PHONE, 0, 'ringing', 1);
    await legCallback(PROVIDER_PHONE, 0, 'in-progress', 2);
    await legCallback(PROVIDER_PHONE, 0, 'in-progress', 2); // repeated
    await legCallback('+33612345678', 0, 'in-progress', 2);
    expect(placedCalls('+33612345678')).toHaveLength(1);
    await conferenceCallback(orderId, 'conference-start', 0);
    await conferenceCallback(orderId, 'conference-start', 0); // repeated
    await waitFor(
      async () =>
        (await session(server.store, client.uid, orderId))?.payment === 'captured' ? true : undefined,
      'the capture',
    );
    expect(
      stripe.count('POST', new RegExp(`/v1/payment_intents/${intentId}/capture`), { actedOnly: true }),
    ).toBe(1);

    await conferenceCallback(orderId, 'conference-end', 1);
    const done = await waitFor(async () => {
      const doc = await session(server.store, client.uid, orderId);
      return doc?.invoiceId ? doc : undefined;
    }, 'the invoice');
    expect(done.phase).toBe('completed');
    // The provider's copy shows what they earn after the commission.
    expect(await session(server.store, provider._id, orderId)).toMatchObject({
      role: 'provider',
      amount: 4165,
    });
    expect(
      stripe.count('POST', new RegExp(`/v1/payment_intents/${intentId}/capture`), { actedOnly: true }),
    ).toBe(1);
  });

  it('refuses an unsigned or tampered callback', async () => {
    const { orderId } = await paidOrder();
    const call = await waitFor(async () => placedCalls(PROVIDER_PHONE).at(-1), 'the provider call');
    const url = call.form.get('StatusCallback')!;
    const params = {
      AccountSid: TEST_ACCOUNT_SID,
      CallSid: call.sid,
      CallStatus: 'in-progress',
      SequenceNumber: '2',
    };
    const forged = await callback(url, params, { signed: { params: { ...params, CallStatus: 'ringing' } } });
    expect(forged.status).toBe(403);
    expect((await session(server.store, client.uid, orderId))?.phase).toBe('calling_provider');
    // Leave the expert unanswered three times: the hold is released once.
    const before = placedCalls(PROVIDER_PHONE).length;
    for (let attempt = 0; attempt < 3; attempt++) {
      await legCallback(PROVIDER_PHONE, before - 1 + attempt, 'no-answer', 3);
    }
    const failed = await waitFor(async () => {
      const doc = await session(server.store, client.uid, orderId);
      return doc?.payment === 'released' ? doc : undefined;
    }, 'the release');
    expect(failed).toMatchObject({ phase: 'failed', failure: 'provider_no_answer' });
    const intentId = (await server.store.db<StoredOrder>('orders').get(orderId)).payment.intentId;
    expect(
      stripe.count('POST', new RegExp(`/v1/payment_intents/${intentId}/cancel`), { actedOnly: true }),
    ).toBe(1);
    expect(stripe.count('POST', new RegExp(`/v1/payment_intents/${intentId}/capture`))).toBe(0);
  });

  it('resumes after a restart between the authorisation and the first call, charging once', async () => {
    const order = await checkout(server, client, provider);
    const intentId = order.payment.clientSecret.split('_secret_')[0]!;
    const gateway = server.services.gateway as ReturnType<typeof createStripeGateway>;
    await gateway.client.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });

    // The first instance takes the authorisation, then dies while asking for the first call: once it
    // asks, the call's state and its pending effects are saved, and it does nothing more.
    let asked!: () => void;
    const askedForCall = new Promise<void>((resolve) => (asked = resolve));
    const dying: Telephony = {
      kind: 'twilio',
      placeCall: () => {
        asked();
        return new Promise(() => {});
      },
      endConference: async () => {},
      hangUp: async () => {},
      fetchCall: async () => ({ status: 'queued' }),
    };
    const first = createConsultations({
      store: server.store,
      config: configOf(server),
      gateway,
      telephony: () => dying,
    });
    void first.paymentAuthorised(order.orderId);
    await askedForCall;
    first.stop();
    const authorised = await server.store.db<StoredOrder>('orders').get(order.orderId);
    expect(authorised.payment.state).toBe('authorised');
    expect(
      placedCalls(PROVIDER_PHONE).filter((c) => c.form.get('StatusCallback')!.includes(order.orderId)),
    ).toHaveLength(0);

    // A new instance on the same store picks the order up.
    const second: Consultations = createConsultations({
      store: server.store,
      config: configOf(server),
      gateway,
      telephony: () =>
        createTwilioTelephony(
          { ...configOf(server), twilio: configOf(server).twilio! },
          {
            httpClient: twilioApi.httpClient(),
          },
        ),
    });
    try {
      expect(await second.resume()).toBeGreaterThanOrEqual(1);
      await second.paymentAuthorised(order.orderId); // a late webhook after the restart
      const mine = () =>
        placedCalls(PROVIDER_PHONE).filter((c) => c.form.get('StatusCallback')!.includes(order.orderId));
      await waitFor(async () => (mine().length ? true : undefined), 'the first call');
      expect(mine()).toHaveLength(1);
      const stored = await server.store.db<StoredOrder>('orders').get(order.orderId);
      expect(stored).toMatchObject({ state: 'paid', payment: { state: 'authorised' } });
      expect(stripe.count('POST', new RegExp(`/v1/payment_intents/${intentId}/capture`))).toBe(0);
    } finally {
      second.stop();
      await second.idle();
    }
  });

  it('applies a callback delivered to two instances at once once: one call to the client', async () => {
    const { orderId } = await paidOrder();
    let otherSink: TelephonyEventSink | undefined;
    const other = createConsultations({
      store: server.store,
      config: configOf(server),
      gateway: server.services.gateway,
      telephony: (sink) => {
        otherSink = sink;
        return createTwilioTelephony(
          { ...configOf(server), twilio: configOf(server).twilio! },
          { httpClient: twilioApi.httpClient() },
        );
      },
    });
    try {
      const mine = (to: string) =>
        placedCalls(to).filter((c) => c.form.get('StatusCallback')!.includes(orderId));
      const providerCall = await waitFor(async () => mine(PROVIDER_PHONE)[0], 'the call to the expert');
      // The expert answers; the callback reaches this instance and, at the same moment, the other.
      const outcomes = await Promise.allSettled([
        otherSink!({
          kind: 'leg',
          orderId,
          leg: 'provider',
          attempt: 1,
          callSid: providerCall.sid,
          sequence: 1,
          status: 'in-progress',
          at: new Date().toISOString(),
        }),
        legCallback(PROVIDER_PHONE, placedCalls(PROVIDER_PHONE).indexOf(providerCall), 'in-progress', 1),
      ]);
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
      await waitFor(async () => mine('+33612345678')[0], 'the call to the client');
      await other.idle();
      await server.services.consultations.idle();
      expect(mine('+33612345678')).toHaveLength(1);
      const call = await server.store.db<StoredCall>('calls').get(orderId);
      expect(call.state.phase).toBe('calling_client');
      expect(call.pending).toEqual([]);
    } finally {
      other.stop();
      await other.idle();
    }
  });
});

function configOf(server: TestServer) {
  return server.config;
}
