/**
 * Payments end to end on the embedded store with the demo data: the real Stripe SDK against a local
 * server speaking Stripe's wire format (tests/support/fake-stripe.ts), the simulated gateway of demo
 * mode, and the checkout, card confirmation, order and webhook routes. The consultation service is a
 * recorder here: these tests check what the routes tell it, and how often.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../support/settled';
import type { BookingRequest } from '../../src/domain/booking';
import type { PlatformSettings, Pricing } from '../../src/domain/config';
import type { CheckoutRequest, CheckoutResponse, OrderView } from '../../src/domain/order';
import { quote, serviceOfRole } from '../../src/domain/order';
import { defaultPlatformSettings, defaultPricing } from '../../src/domain/platform-defaults';
import type { Coupon } from '../../src/domain/promo';
import type { Provider } from '../../src/domain/provider';
import { createSimulatedGateway, simulatedCardOutcome } from '../../server/adapters/payments/simulated';
import type { SimulatedIntentDoc } from '../../server/adapters/payments/simulated';
import { createStripeGateway } from '../../server/adapters/payments/stripe';
import { readConfig } from '../../server/config/env';
import { getAccount } from '../../server/services/accounts';
import { orderIdFor } from '../../server/services/checkout';
import type { StoredCall, StoredOrder } from '../../server/services/consultation/types';
import { couponUses } from '../../server/services/coupons/uses';
import { createSession, SESSION_COOKIE } from '../../server/services/sessions';
import { getOrUndefined, upsertDoc } from '../../server/store/store';
import { addCoupon as addStoredCoupon } from '../support/coupons';
import { startFakeStripe } from '../support/fake-stripe';
import type { FakeStripe } from '../support/fake-stripe';
import { recordingConsultations, startPaymentApp } from '../support/payment-app';
import type { PaymentApp, RecordingConsultations } from '../support/payment-app';
import { BROWSER_HEADERS, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { expectLedgerBalanced } from '../support/ledger-balance';

type ProviderDoc = Omit<Provider, 'id'> & { _id: string };

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake000',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake000',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake000',
};

let server: TestServer;
let fake: FakeStripe;
let simApp: PaymentApp;
let stripeApp: PaymentApp;
let simRecorder: RecordingConsultations;
let stripeRecorder: RecordingConsultations;
let stripeGateway: ReturnType<typeof createStripeGateway>;
let lawyer: ProviderDoc;
let expat: ProviderDoc;
let offline: ProviderDoc;
let anna: TestUser;
let boris: TestUser;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  fake = await startFakeStripe();
  const { rows } = await server.store.db<ProviderDoc>('providers').list({ include_docs: true });
  const providers = rows.map((row) => row.doc!).filter((doc) => doc.type === 'provider');
  const online = providers.filter((p) => p.isOnline && p.isActive);
  lawyer = online.find((p) => p.role === 'lawyer')!;
  expat = online.find((p) => p.role === 'expat')!;
  offline = providers.find((p) => !p.isOnline)!;
  anna = await mintUser(server.store, 'client-anna');
  boris = await mintUser(server.store, 'client-boris');

  const simConfig = readConfig({ DATA_DIR: server.dataDir }).config;
  const stripeConfig = readConfig({ DATA_DIR: server.dataDir, ...STRIPE_ENV }).config;
  simRecorder = recordingConsultations();
  stripeRecorder = recordingConsultations();
  stripeGateway = createStripeGateway(stripeConfig.stripe!, { ...fake.connection, maxNetworkRetries: 1 });
  simApp = await startPaymentApp({
    store: server.store,
    config: simConfig,
    gateway: createSimulatedGateway(server.store),
    consultations: simRecorder,
  });
  stripeApp = await startPaymentApp({
    store: server.store,
    config: stripeConfig,
    gateway: stripeGateway,
    consultations: stripeRecorder,
  });
});

afterAll(async () => {
  if (server) await expectLedgerBalanced(server.store);
  await simApp?.close();
  await stripeApp?.close();
  await fake?.close();
  await server?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

async function send<T = Record<string, unknown>>(
  app: PaymentApp,
  method: string,
  path: string,
  options: { user?: TestUser; body?: unknown; csrf?: boolean } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    headers: {
      ...(options.csrf === false ? {} : BROWSER_HEADERS),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.user ? { cookie: options.user.cookie } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

function bookingFor(provider: ProviderDoc): BookingRequest {
  return {
    firstName: ' Amélie ',
    lastName: 'Durand',
    nationality: 'FR',
    interventionCountry: 'ES',
    title: 'Passeport volé à Barcelone',
    description: "On m'a volé mon passeport hier soir, que dois-je faire auprès de l'ambassade ?",
    languages: [provider.languages[0]!],
    phone: '+66 81 234 5678',
    acceptedTerms: true,
  };
}

function checkoutBody(provider: ProviderDoc, extra: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const service = serviceOfRole(provider.role);
  const priced = quote(defaultPricing(), service, 'EUR');
  if (!priced.ok) throw new Error('default pricing cannot be sold');
  return {
    providerId: provider._id,
    service,
    currency: 'EUR',
    booking: bookingFor(provider),
    expectedTotal: priced.quote.total,
    idempotencyKey: randomUUID(),
    ...extra,
  };
}

function checkout(app: PaymentApp, user: TestUser | undefined, body: unknown) {
  return send<CheckoutResponse & ErrorBody>(app, 'POST', '/checkout', { user, body });
}

async function newOrder(app: PaymentApp, user: TestUser, provider = expat) {
  const answer = await checkout(app, user, checkoutBody(provider));
  expect(answer.status).toBe(201);
  return answer.body;
}

const getOrder = (orderId: string) => getOrUndefined(server.store.db<StoredOrder>('orders'), orderId);

async function setConfig<T extends object>(id: 'pricing' | 'settings', value: T) {
  await upsertDoc<{ type: string; value: T; updatedAt: string }>(server.store, 'config', id, (current) => ({
    ...(current ?? { _id: id }),
    type: id,
    value,
    updatedAt: new Date().toISOString(),
  }));
}

/** Runs `run` with another pricing in the `config` database, then puts the demo pricing back. */
async function withPricing(change: (pricing: Pricing) => void, run: () => Promise<void>) {
  const pricing = defaultPricing();
  change(pricing);
  await setConfig('pricing', pricing);
  try {
    await run();
  } finally {
    await setConfig('pricing', defaultPricing());
  }
}

const addCoupon = (coupon: Partial<Coupon> & Pick<Coupon, 'code'>) => addStoredCoupon(server.store, coupon);

/** A signed-in account for a provider of the directory (made once, a new session each time). */
async function providerSession(provider: ProviderDoc): Promise<TestUser> {
  if (!(await getAccount(server.store, provider._id)))
    return mintUser(server.store, provider._id, provider.role);
  const { token } = await createSession(server.store, provider._id, { remember: false });
  return { uid: provider._id, db: '', cookie: `${SESSION_COOKIE}=${token}`, email: '' };
}

async function simIntentsOf(orderId: string): Promise<SimulatedIntentDoc[]> {
  const { rows } = await server.store
    .db<SimulatedIntentDoc>('orders')
    .list({ startkey: 'sim-intent:', endkey: 'sim-intent:\ufff0', include_docs: true });
  return rows.map((row) => row.doc!).filter((doc) => doc.intent.metadata.orderId === orderId);
}

function signed(event: object, secret = STRIPE_ENV.STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function postWebhook(app: PaymentApp, payload: string, signature: string) {
  const response = await fetch(`${app.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & ErrorBody };
}

// ---------------------------------------------------------------------------------------------

describe('the Stripe gateway, with the real SDK against a local Stripe', () => {
  const input = (orderId: string) => ({
    orderId,
    amount: 4900,
    currency: 'EUR' as const,
    description: 'SOS Expat: 20-minute lawyer call',
    customerEmail: 'anna@example.test',
    metadata: { clientUid: 'client-anna' },
    idempotencyKey: `${orderId}:create`,
  });

  it('creates a manual-capture intent once per idempotency key', async () => {
    const first = await stripeGateway.createIntent(input('ord_gateway_1'));
    const again = await stripeGateway.createIntent(input('ord_gateway_1'));
    expect(again.intent.id).toBe(first.intent.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(first.intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 4900,
      currency: 'EUR',
      amountReceived: 0,
      metadata: { orderId: 'ord_gateway_1', clientUid: 'client-anna' },
    });
    const creates = fake.requests.filter((r) => r.idempotencyKey === 'ord_gateway_1:create');
    expect(creates.map((r) => r.replayed)).toEqual([false, true]);
    expect(creates[0]!.params).toMatchObject({
      amount: '4900',
      currency: 'eur',
      capture_method: 'manual',
      automatic_payment_methods: { enabled: 'true' },
      receipt_email: 'anna@example.test',
      metadata: { orderId: 'ord_gateway_1' },
    });
  });

  it('survives a 500 from Stripe by retrying with the same key: still one intent', async () => {
    const before = fake.count('POST', /^\/v1\/payment_intents$/, { actedOnly: true });
    fake.failNext('POST', /^\/v1\/payment_intents$/, 1);
    const made = await stripeGateway.createIntent(input('ord_gateway_retry'));
    expect(made.intent.metadata.orderId).toBe('ord_gateway_retry');
    expect(fake.count('POST', /^\/v1\/payment_intents$/, { actedOnly: true })).toBe(before + 1);
  });

  it('captures, cancels and refunds once, and answers an intent already there as it is', async () => {
    const { intent } = await stripeGateway.createIntent(input('ord_gateway_2'));
    await stripeGateway.client.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect((await stripeGateway.retrieve(intent.id)).status).toBe('requires_capture');

    const captured = await stripeGateway.capture(intent.id, 'ord_gateway_2:capture');
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 4900 });
    expect(await stripeGateway.capture(intent.id, 'ord_gateway_2:capture')).toEqual(captured);
    // Another key (a capture repeated after a restart that lost the key): no error, no second capture.
    expect(await stripeGateway.capture(intent.id, 'other-key')).toMatchObject({ status: 'succeeded' });
    const capturePath = new RegExp(`^/v1/payment_intents/${intent.id}/capture$`);
    expect(fake.count('POST', capturePath, { actedOnly: true })).toBe(2);
    expect(
      fake.requests.filter((r) => capturePath.test(r.path) && r.status === 200 && !r.replayed),
    ).toHaveLength(1);

    // A captured intent cannot be released: that is the caller's mistake, and it is told.
    await expect(stripeGateway.cancel(intent.id, 'ord_gateway_2:release')).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });

    const refund = await stripeGateway.refund(intent.id, 'ord_gateway_2:refund');
    expect(refund.amount).toBe(4900);
    expect(await stripeGateway.refund(intent.id, 'ord_gateway_2:refund')).toEqual(refund);
    // Another key is another refund: nothing is left to give back, and Stripe says so.
    await expect(stripeGateway.refund(intent.id, 'another-refund-key')).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect(
      fake.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST' && r.status === 200),
    ).toHaveLength(2);
    expect(await stripeGateway.listRefunds(intent.id)).toEqual([refund]);
    expect(await stripeGateway.retrieve(intent.id)).toMatchObject({ amountRefunded: 4900 });
  });

  it('releases a hold once, and a second release with another key answers the cancelled intent', async () => {
    const { intent } = await stripeGateway.createIntent(input('ord_gateway_3'));
    await stripeGateway.client.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(await stripeGateway.cancel(intent.id, 'ord_gateway_3:release')).toMatchObject({
      status: 'canceled',
    });
    expect(await stripeGateway.cancel(intent.id, 'ord_gateway_3:release')).toMatchObject({
      status: 'canceled',
    });
    expect(await stripeGateway.cancel(intent.id, 'late-key')).toMatchObject({ status: 'canceled' });
    await expect(stripeGateway.capture(intent.id, 'ord_gateway_3:capture')).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('reports the decline code of a refused card', async () => {
    const { intent } = await stripeGateway.createIntent(input('ord_gateway_4'));
    await expect(
      stripeGateway.client.paymentIntents.confirm(intent.id, {
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError' });
    expect(await stripeGateway.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'insufficient_funds',
    });
  });
});

describe('the simulated gateway', () => {
  const input = (orderId: string) => ({
    orderId,
    amount: 2500,
    currency: 'EUR' as const,
    description: 'demo',
    metadata: {},
    idempotencyKey: `${orderId}:create`,
  });

  it('keeps one intent per creation key in the store, found again by a restarted gateway', async () => {
    const gateway = createSimulatedGateway(server.store);
    const made = await gateway.createIntent(input('ord_sim_1'));
    expect(await gateway.createIntent(input('ord_sim_1'))).toEqual(made);
    expect(made.clientSecret).toMatch(new RegExp(`^${made.intent.id}_secret_[0-9a-f]{32}$`));
    await expect(gateway.createIntent({ ...input('ord_sim_1'), amount: 9900 })).rejects.toMatchObject({
      code: 'idempotency_error',
    });

    const restarted = createSimulatedGateway(server.store);
    expect(await restarted.findByClientSecret(made.clientSecret)).toEqual(made.intent);
    expect(await restarted.findByClientSecret(made.clientSecret.slice(0, -1) + 'x')).toBeUndefined();
    expect(await restarted.findByClientSecret(`${made.intent.id}_secret_`)).toBeUndefined();
    expect(await restarted.findByClientSecret('nonsense')).toBeUndefined();
  });

  it('captures, releases and refunds as Stripe does, the same key giving the same answer', async () => {
    const gateway = createSimulatedGateway(server.store);
    const { intent, clientSecret } = await gateway.createIntent(input('ord_sim_2'));
    await expect(gateway.capture(intent.id, 'early')).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    const card = { number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' };
    expect((await gateway.confirmCard(clientSecret, card)).outcome).toBe('authorised');
    const captured = await gateway.capture(intent.id, 'ord_sim_2:capture');
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 2500 });
    expect(await gateway.capture(intent.id, 'ord_sim_2:capture')).toEqual(captured);
    expect(await gateway.capture(intent.id, 'another')).toMatchObject({ status: 'succeeded' });
    await expect(gateway.cancel(intent.id, 'ord_sim_2:release')).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    const refund = await gateway.refund(intent.id, 'ord_sim_2:refund');
    expect(refund.amount).toBe(2500);
    expect(await gateway.refund(intent.id, 'ord_sim_2:refund')).toEqual(refund);
    // Another key is another refund: nothing is left to give back.
    await expect(gateway.refund(intent.id, 'another-refund')).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect(await gateway.listRefunds(intent.id)).toEqual([refund]);
    // A key is for one request, as with Stripe.
    await expect(gateway.refund(intent.id, 'another')).rejects.toMatchObject({ code: 'idempotency_error' });
    expect(await gateway.retrieve(intent.id)).toMatchObject({ amountRefunded: 2500 });
    // A confirmation after the capture changes nothing.
    expect((await gateway.confirmCard(clientSecret, { ...card, number: '4000000000000002' })).outcome).toBe(
      'authorised',
    );

    const other = await gateway.createIntent(input('ord_sim_3'));
    expect(await gateway.cancel(other.intent.id, 'ord_sim_3:release')).toMatchObject({ status: 'canceled' });
    expect(await gateway.cancel(other.intent.id, 'again')).toMatchObject({ status: 'canceled' });
    expect((await gateway.confirmCard(other.clientSecret, card)).outcome).toBe('canceled');
  });

  it('reads cards as Stripe would: Luhn, expiry, security code, then the test numbers', () => {
    const at = new Date('2026-06-15T12:00:00Z');
    const card = (number: string, exp = '12/30', cvc = '123') =>
      simulatedCardOutcome({ number, exp, cvc }, at);
    expect(card('4242424242424242')).toBe('authorised');
    expect(card('4000 0566 5566 5556')).toBe('authorised'); // valid, not a listed test number
    expect(card('4242424242424241')).toBe('invalid_card');
    expect(card('4242')).toBe('invalid_card');
    expect(card('4242424242424242', '13/30')).toBe('invalid_card');
    expect(card('4242424242424242', 'soon')).toBe('invalid_card');
    expect(card('4242424242424242', '05/26')).toBe('expired_card');
    expect(card('4242424242424242', '06/26')).toBe('authorised');
    expect(card('4242424242424242', '06/2026')).toBe('authorised');
    expect(card('4242424242424242', '12/30', '12')).toBe('incorrect_cvc');
    expect(card('378282246310005', '12/30', '123')).toBe('incorrect_cvc');
    expect(card('378282246310005', '12/30', '1234')).toBe('authorised');
    expect(card('4000000000000002')).toBe('card_declined');
    expect(card('4000000000000119')).toBe('processing_error');
    expect(card('4000002500003155')).toBe('requires_action');
  });
});

describe('GET /api/checkout/options', () => {
  it('tells the demo mode and its test data', async () => {
    const { status, body } = await send(simApp, 'GET', '/checkout/options');
    expect(status).toBe(200);
    expect(body).toMatchObject({ payments: 'simulated', telephony: 'simulated' });
    expect(body.testCards).toContain('4242424242424242');
    expect(body.testNumbers).toMatchObject({ '+15005550002': 'no_answer' });
    expect(body.publishableKey).toBeUndefined();
  });

  it('gives the publishable key with Stripe, and no test cards', async () => {
    const { body } = await send(stripeApp, 'GET', '/checkout/options');
    expect(body).toMatchObject({ payments: 'stripe', publishableKey: 'pk_test_fake000' });
    expect(body.testCards).toBeUndefined();
  });
});

describe('POST /api/checkout', () => {
  it('refuses an anonymous caller and a request without the CSRF header', async () => {
    expect((await checkout(simApp, undefined, checkoutBody(expat))).body.error.code).toBe('unauthenticated');
    expect((await checkout(simApp, undefined, checkoutBody(expat))).status).toBe(401);
    const forged = await send(simApp, 'POST', '/checkout', {
      user: anna,
      body: checkoutBody(expat),
      csrf: false,
    });
    expect(forged.status).toBe(403);
  });

  it('creates the order, then its intent, for the amount of the config pricing', async () => {
    await withPricing(
      (pricing) => {
        pricing.lawyerCall.prices.EUR = 4321;
      },
      async () => {
        const body = checkoutBody(lawyer, { expectedTotal: 4321, demo: { providerLine: 'no_answer' } });
        const { status, body: answer } = await checkout(simApp, anna, body);
        expect(status).toBe(201);
        expect(answer.orderId).toBe(orderIdFor(anna.uid, body.idempotencyKey));
        expect(answer.quote).toMatchObject({
          service: 'lawyerCall',
          currency: 'EUR',
          standard: 4321,
          total: 4321,
        });
        expect(answer.payment.gateway).toBe('simulated');
        expect(answer.payment.publishableKey).toBeUndefined();

        const order = (await getOrder(answer.orderId))!;
        expect(order).toMatchObject({
          type: 'order',
          state: 'awaiting_payment',
          idempotencyKey: body.idempotencyKey,
          client: { uid: anna.uid, email: anna.email, language: 'fr', name: 'Amélie Durand' },
          provider: { id: lawyer._id, role: 'lawyer', name: lawyer.fullName, hasAccount: false },
          booking: { firstName: 'Amélie', phone: '+66812345678', acceptedTerms: true },
          commissionRate: 0.15,
          demoProviderLine: 'no_answer',
          payment: {
            gateway: 'simulated',
            state: 'requires_payment',
            clientSecret: answer.payment.clientSecret,
          },
        });
        const intents = await simIntentsOf(answer.orderId);
        expect(intents).toHaveLength(1);
        expect(intents[0]!.intent).toMatchObject({
          id: order.payment.intentId,
          amount: 4321,
          currency: 'EUR',
        });
      },
    );
  });

  it('creates the Stripe intent with the server amount, never the demo line', async () => {
    await withPricing(
      (pricing) => {
        pricing.expatCall.prices.USD = 2990;
      },
      async () => {
        const body = checkoutBody(expat, {
          currency: 'USD',
          expectedTotal: 2990,
          demo: { providerLine: 'fails' },
        });
        const { status, body: answer } = await checkout(stripeApp, anna, body);
        expect(status).toBe(201);
        expect(answer.payment).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_fake000' });
        const order = (await getOrder(answer.orderId))!;
        expect(order.demoProviderLine).toBe('fails'); // telephony is simulated in this app
        const intent = fake.intent(order.payment.intentId);
        expect(intent).toMatchObject({ amount: 2990, currency: 'usd', capture_method: 'manual' });
        expect(intent.metadata).toMatchObject({ orderId: answer.orderId, providerId: expat._id });
        expect(intent.client_secret).toBe(answer.payment.clientSecret);
      },
    );
  });

  it('refuses a total that is not the server quote, and writes nothing', async () => {
    const body = checkoutBody(expat, { expectedTotal: 100 });
    const { status, body: answer } = await checkout(simApp, anna, body);
    expect(status).toBe(409);
    expect(answer.error).toMatchObject({
      code: 'amount_mismatch',
      message: 'Invalid amount. Please try again.',
    });
    expect(await getOrder(orderIdFor(anna.uid, body.idempotencyKey))).toBeUndefined();
  });

  it('refuses amounts outside €5 to €500', async () => {
    await withPricing(
      (pricing) => {
        pricing.expatCall.prices.EUR = 300;
        pricing.lawyerCall.prices.EUR = 60_000;
      },
      async () => {
        const low = await checkout(simApp, anna, checkoutBody(expat, { expectedTotal: 300 }));
        expect([low.status, low.body.error.code]).toEqual([400, 'amount_too_low']);
        const high = await checkout(simApp, anna, checkoutBody(lawyer, { expectedTotal: 60_000 }));
        expect([high.status, high.body.error.code]).toEqual([400, 'amount_too_high']);
      },
    );
    // A coupon can push a valid price under the minimum too.
    await addCoupon({ code: 'ALMOSTFREE', kind: 'fixed', value: 1800, currency: 'EUR' });
    const discounted = await checkout(
      simApp,
      anna,
      checkoutBody(expat, { promoCode: 'almostfree', expectedTotal: 100 }),
    );
    expect(discounted.body.error.code).toBe('amount_too_low');
  });

  it('applies percent and fixed promo codes, and refuses expired, exhausted and unknown ones', async () => {
    await addCoupon({ code: 'PCT20', kind: 'percent', value: 20 });
    await addCoupon({ code: 'FIVEOFF', kind: 'fixed', value: 500, currency: 'EUR' });
    await addCoupon({ code: 'OLDCODE', validUntil: '2025-06-01T00:00:00.000Z' });
    await addCoupon({ code: 'USEDUP', maxUses: 2, uses: 2 });
    const standard = defaultPricing().lawyerCall.prices.EUR;
    const fifth = Math.round(standard / 5);

    const percent = await checkout(
      simApp,
      anna,
      checkoutBody(lawyer, { promoCode: ' pct20 ', expectedTotal: standard - fifth }),
    );
    expect(percent.status).toBe(201);
    expect(percent.body.quote).toMatchObject({
      standard,
      discount: fifth,
      total: standard - fifth,
      coupon: { code: 'PCT20', kind: 'percent', value: 20 },
    });
    const fixed = await checkout(
      simApp,
      anna,
      checkoutBody(lawyer, { promoCode: 'FIVEOFF', expectedTotal: standard - 500 }),
    );
    expect(fixed.status).toBe(201);
    expect(fixed.body.quote).toMatchObject({ discount: 500, total: standard - 500 });
    // A code in euros takes nothing off a price in dollars, and the total says so.
    const usd = defaultPricing().lawyerCall.prices.USD;
    const dollars = await checkout(
      simApp,
      anna,
      checkoutBody(lawyer, { currency: 'USD', promoCode: 'FIVEOFF', expectedTotal: usd }),
    );
    expect(dollars.status).toBe(201);
    expect(dollars.body.quote.discount).toBe(0);

    for (const code of ['OLDCODE', 'USEDUP', 'NOSUCHCODE']) {
      const refused = await checkout(simApp, anna, checkoutBody(lawyer, { promoCode: code }));
      expect([refused.status, refused.body.error.code]).toEqual([400, 'promo_invalid']);
      expect(refused.body.error.message).toBe('Invalid or expired promo code');
    }
    // A use is reserved by the checkout, for the order it prices; refused checkouts hold none.
    expect(await couponUses(server.store, 'PCT20')).toBe(1);
    expect(await couponUses(server.store, 'USEDUP')).toBe(2);
  });

  it('refuses booking oneself', async () => {
    const self = await providerSession(lawyer);
    const { status, body } = await checkout(simApp, self, checkoutBody(lawyer));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'self_booking', message: "You can't book yourself" });
  });

  it('refuses unknown, offline and unapproved providers', async () => {
    const unknown = await checkout(simApp, anna, checkoutBody({ ...expat, _id: 'nobody-by-that-id' }));
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'provider_not_found']);
    const away = await checkout(simApp, anna, checkoutBody(offline));
    expect([away.status, away.body.error.code]).toEqual([409, 'provider_unavailable']);
    const pending = await mintUser(server.store, 'pending-lawyer', 'lawyer');
    const unapproved = await checkout(simApp, anna, checkoutBody({ ...lawyer, _id: pending.uid }));
    expect([unapproved.status, unapproved.body.error.code]).toEqual([409, 'provider_unavailable']);
  });

  it("refuses a service the provider's role does not sell, or that is switched off", async () => {
    const wrong = await checkout(simApp, anna, { ...checkoutBody(expat), service: 'lawyerCall' });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'service_unavailable']);
    const settings: PlatformSettings = defaultPlatformSettings();
    settings.servicesEnabled.expatCalls = false;
    await setConfig('settings', settings);
    try {
      const off = await checkout(simApp, anna, checkoutBody(expat));
      expect([off.status, off.body.error.code]).toEqual([409, 'service_unavailable']);
    } finally {
      await setConfig('settings', defaultPlatformSettings());
    }
  });

  it('takes the commission rate in force from the settings', async () => {
    await setConfig('settings', { ...defaultPlatformSettings(), platformCommission: 0.2 });
    try {
      const { body } = await checkout(simApp, anna, checkoutBody(expat));
      expect((await getOrder(body.orderId))!.commissionRate).toBe(0.2);
    } finally {
      await setConfig('settings', defaultPlatformSettings());
    }
  });

  it('refuses an invalid booking with a code per field', async () => {
    const booking = {
      ...bookingFor(expat),
      title: 'Help',
      languages: ['xx'],
      acceptedTerms: false,
      phone: '12',
    };
    const { status, body } = await checkout(simApp, anna, checkoutBody(expat, { booking }));
    expect(status).toBe(400);
    expect(body.error.code).toBe('booking_invalid');
    expect(body.error.fields).toEqual({
      title: 'title_too_short',
      languages: 'language_invalid',
      phone: 'phone_invalid',
      acceptedTerms: 'terms_required',
    });
    const foreign = 'th'; // no demo provider speaks Thai
    const noShared = await checkout(
      simApp,
      anna,
      checkoutBody(expat, { booking: { ...bookingFor(expat), languages: [foreign] } }),
    );
    expect(noShared.body.error.fields).toEqual({ languages: 'no_shared_language' });
  });

  it('refuses a malformed request', async () => {
    const { status, body } = await checkout(simApp, anna, {
      ...checkoutBody(expat),
      idempotencyKey: undefined,
    });
    expect([status, body.error.code]).toEqual([400, 'invalid_request']);
    expect((await checkout(simApp, anna, { ...checkoutBody(expat), currency: 'GBP' })).body.error.code).toBe(
      'invalid_request',
    );
  });

  it('answers a repeated checkout with the same order and never a second intent', async () => {
    const body = checkoutBody(expat);
    const first = await checkout(simApp, anna, body);
    const second = await checkout(simApp, anna, body);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body).toEqual(first.body);
    expect(await simIntentsOf(first.body.orderId)).toHaveLength(1);

    // The same key from another client is another order.
    const other = await checkout(simApp, boris, body);
    expect(other.status).toBe(201);
    expect(other.body.orderId).not.toBe(first.body.orderId);

    // The same key for another provider is a mistake, not the same order.
    const reused = await checkout(simApp, anna, {
      ...checkoutBody(lawyer),
      idempotencyKey: body.idempotencyKey,
    });
    expect([reused.status, reused.body.error.code]).toEqual([409, 'idempotency_key_reused']);
  });

  it('creates one Stripe intent for a checkout sent twice at once', async () => {
    const body = checkoutBody(expat);
    const before = fake.count('POST', /^\/v1\/payment_intents$/, { actedOnly: true });
    const [a, b] = await Promise.all([checkout(stripeApp, anna, body), checkout(stripeApp, anna, body)]);
    expect([200, 201]).toContain(a.status);
    expect([200, 201]).toContain(b.status);
    expect(a.body.orderId).toBe(b.body.orderId);
    expect(a.body.payment.clientSecret).toBe(b.body.payment.clientSecret);
    expect(fake.count('POST', /^\/v1\/payment_intents$/, { actedOnly: true }) - before).toBe(1);
  });

  it('answers 502 when Stripe fails, keeps the order, and completes it on the retry', async () => {
    const body = checkoutBody(expat);
    fake.failNext('POST', /^\/v1\/payment_intents$/, 2);
    const failed = await checkout(stripeApp, anna, body);
    expect([failed.status, failed.body.error.code]).toEqual([502, 'payment_provider_error']);
    const orderId = orderIdFor(anna.uid, body.idempotencyKey);
    expect(await getOrder(orderId)).toMatchObject({
      state: 'awaiting_payment',
      payment: { intentId: '', clientSecret: '', state: 'requires_payment' },
    });

    const retried = await checkout(stripeApp, anna, body);
    expect(retried.status).toBe(201);
    expect(retried.body.orderId).toBe(orderId);
    const order = (await getOrder(orderId))!;
    expect(order.payment.clientSecret).toBe(retried.body.payment.clientSecret);
    const created = fake.requests.filter((r) => r.idempotencyKey === `${orderId}:create` && r.status === 200);
    expect(created).toHaveLength(1);
  });
});

describe('simulated card confirmation', () => {
  const future = '12/40';
  const confirm = (user: TestUser, clientSecret: string, number: string, exp = future, cvc = '123') =>
    send<{ orderId: string; outcome: string } & ErrorBody>(simApp, 'POST', '/payments/simulated/confirm', {
      user,
      body: { clientSecret, card: { number, exp, cvc } },
    });
  const authenticate = (user: TestUser, clientSecret: string, approve: boolean) =>
    send<{ orderId: string; outcome: string } & ErrorBody>(
      simApp,
      'POST',
      '/payments/simulated/authenticate',
      {
        user,
        body: { clientSecret, approve },
      },
    );

  it('authorises 4242 and tells the consultation service once', async () => {
    const order = await newOrder(simApp, anna);
    const { status, body } = await confirm(anna, order.payment.clientSecret, '4242 4242 4242 4242');
    expect(status).toBe(200);
    expect(body).toEqual({ orderId: order.orderId, outcome: 'authorised' });
    expect(simRecorder.count('paymentAuthorised', order.orderId)).toBe(1);
    expect(simRecorder.count('paymentFailed', order.orderId)).toBe(0);
    expect((await simIntentsOf(order.orderId))[0]!.intent.status).toBe('requires_capture');
  });

  it.each([
    ['4000000000000002', future, '123', 'card_declined'],
    ['4000000000009995', future, '123', 'insufficient_funds'],
    ['4000000000000069', future, '123', 'expired_card'],
    ['4242424242424242', '01/20', '123', 'expired_card'],
    ['4000000000000127', future, '123', 'incorrect_cvc'],
    ['4242424242424242', future, '9', 'incorrect_cvc'],
    ['4000000000000119', future, '123', 'processing_error'],
    ['4242424242424241', future, '123', 'invalid_card'],
  ])('refuses %s (exp %s, cvc %s) with 402 %s and reports it', async (number, exp, cvc, code) => {
    const order = await newOrder(simApp, anna);
    const { status, body } = await confirm(anna, order.payment.clientSecret, number, exp, cvc);
    expect(status).toBe(402);
    expect(body.error.code).toBe(code);
    expect(simRecorder.notices.filter((n) => n.orderId === order.orderId)).toEqual([
      { method: 'paymentFailed', orderId: order.orderId, detail: code },
    ]);
    // Read as a range of ids, which a CouchDB cluster may answer a moment behind the last write.
    const intents = await settled(
      () => simIntentsOf(order.orderId),
      (found) => found[0]?.intent.lastError === code,
    );
    expect(intents[0]!.intent).toMatchObject({
      status: 'requires_payment_method',
      lastError: code,
    });
  });

  it('lets the client try another card after a refusal', async () => {
    const order = await newOrder(simApp, anna);
    expect((await confirm(anna, order.payment.clientSecret, '4000000000000002')).status).toBe(402);
    const second = await confirm(anna, order.payment.clientSecret, '5555555555554444');
    expect(second.body.outcome).toBe('authorised');
    expect(simRecorder.count('paymentAuthorised', order.orderId)).toBe(1);
  });

  it.each(['4000002500003155', '4000002760003184'])(
    'asks for 3-D Secure with %s, then authorises when approved',
    async (number) => {
      const order = await newOrder(simApp, anna);
      const first = await confirm(anna, order.payment.clientSecret, number);
      expect(first).toEqual({ status: 200, body: { orderId: order.orderId, outcome: 'requires_action' } });
      expect(simRecorder.count('paymentAuthorised', order.orderId)).toBe(0);
      const approved = await authenticate(anna, order.payment.clientSecret, true);
      expect(approved).toEqual({ status: 200, body: { orderId: order.orderId, outcome: 'authorised' } });
      expect(simRecorder.count('paymentAuthorised', order.orderId)).toBe(1);
    },
  );

  it('refuses the payment when the 3-D Secure step is refused', async () => {
    const order = await newOrder(simApp, anna);
    await confirm(anna, order.payment.clientSecret, '4000002500003155');
    const refused = await authenticate(anna, order.payment.clientSecret, false);
    expect([refused.status, refused.body.error.code]).toEqual([402, 'authentication_failed']);
    expect(simRecorder.notices.filter((n) => n.orderId === order.orderId)).toEqual([
      { method: 'paymentFailed', orderId: order.orderId, detail: 'authentication_failed' },
    ]);
  });

  it("does not confirm someone else's order, an unknown secret, or with Stripe configured", async () => {
    const order = await newOrder(simApp, anna);
    const stolen = await confirm(boris, order.payment.clientSecret, '4242424242424242');
    expect([stolen.status, stolen.body.error.code]).toEqual([404, 'order_not_found']);
    // One character off (a secret ending in 0 would be unchanged by writing 0 over its end).
    const secret = order.payment.clientSecret;
    const nearby = secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0');
    const guessed = await confirm(anna, nearby, '4242424242424242');
    expect(guessed.status).toBe(404);
    const anonymous = await send(simApp, 'POST', '/payments/simulated/confirm', {
      body: {
        clientSecret: order.payment.clientSecret,
        card: { number: '4242424242424242', exp: future, cvc: '123' },
      },
    });
    expect(anonymous.status).toBe(401);
    expect(simRecorder.notices.filter((n) => n.orderId === order.orderId)).toEqual([]);
    const withStripe = await send<ErrorBody>(stripeApp, 'POST', '/payments/simulated/confirm', {
      user: anna,
      body: {
        clientSecret: order.payment.clientSecret,
        card: { number: '4242424242424242', exp: future, cvc: '123' },
      },
    });
    expect([withStripe.status, withStripe.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('orders', () => {
  it('shows an order to its client and its provider, and to nobody else', async () => {
    const providerUser = await providerSession(lawyer);
    const placed = await checkout(simApp, anna, checkoutBody(lawyer));
    expect(placed.status).toBe(201);
    const { orderId } = placed.body;
    expect((await getOrder(orderId))!.provider.hasAccount).toBe(true);

    const mine = await send<{ order: OrderView }>(simApp, 'GET', `/orders/${orderId}`, { user: anna });
    expect(mine.status).toBe(200);
    expect(mine.body.order).toMatchObject({
      orderId,
      state: 'awaiting_payment',
      service: 'lawyerCall',
      providerId: lawyer._id,
      providerName: lawyer.fullName,
      clientName: 'Amélie Durand',
      durationMinutes: defaultPricing().lawyerCall.durationMinutes,
      payment: {
        gateway: 'simulated',
        state: 'requires_payment',
        clientSecret: placed.body.payment.clientSecret,
      },
      call: { phase: 'scheduled', attempt: 0, maxAttempts: 3 },
    });

    const theirs = await send<{ order: OrderView }>(simApp, 'GET', `/orders/${orderId}`, {
      user: providerUser,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.order.payment.clientSecret).toBeUndefined();

    const other = await send<ErrorBody>(simApp, 'GET', `/orders/${orderId}`, { user: boris });
    expect([other.status, other.body.error.code]).toEqual([404, 'order_not_found']);
    expect((await send(simApp, 'GET', `/orders/${orderId}`)).status).toBe(401);
    expect((await send(simApp, 'GET', '/orders/_design%2Fserver-writes-only', { user: anna })).status).toBe(
      404,
    );
    expect((await send(simApp, 'GET', '/orders/sim-intent:x', { user: anna })).status).toBe(404);

    // Once the call exists, its state shows.
    const now = new Date().toISOString();
    const call: StoredCall = {
      _id: orderId,
      type: 'call',
      orderId,
      state: {
        phase: 'calling_provider',
        leg: 'provider',
        attempt: 1,
        calls: {},
        conference: { sequence: -1 },
      },
      timers: [],
      pending: [],
      expectedCallAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await server.store.db('calls').insert(call);
    const later = await send<{ order: OrderView }>(simApp, 'GET', `/orders/${orderId}`, { user: anna });
    expect(later.body.order.call).toEqual({
      phase: 'calling_provider',
      attempt: 1,
      maxAttempts: 3,
      expectedCallAt: now,
    });
  });

  it('confirms a Stripe.js confirmation on the server: authorised once, or refused with its code', async () => {
    const authorised = await newOrder(stripeApp, anna);
    const early = await send<ErrorBody>(stripeApp, 'POST', `/orders/${authorised.orderId}/confirm`, {
      user: anna,
    });
    expect([early.status, early.body.error.code]).toEqual([409, 'payment_incomplete']);

    const intentId = authorised.payment.clientSecret.split('_secret_')[0]!;
    await stripeGateway.client.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const ok = await send<{ order: OrderView }>(stripeApp, 'POST', `/orders/${authorised.orderId}/confirm`, {
      user: anna,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.order.orderId).toBe(authorised.orderId);
    expect(stripeRecorder.count('paymentAuthorised', authorised.orderId)).toBe(1);
    const stranger = await send(stripeApp, 'POST', `/orders/${authorised.orderId}/confirm`, { user: boris });
    expect(stranger.status).toBe(404);

    const declined = await newOrder(stripeApp, anna);
    const declinedIntent = declined.payment.clientSecret.split('_secret_')[0]!;
    await expect(
      stripeGateway.client.paymentIntents.confirm(declinedIntent, {
        payment_method: 'pm_card_chargeDeclined',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError' });
    const refused = await send<ErrorBody>(stripeApp, 'POST', `/orders/${declined.orderId}/confirm`, {
      user: anna,
    });
    expect([refused.status, refused.body.error.code]).toEqual([402, 'card_declined']);
    expect(stripeRecorder.notices.filter((n) => n.orderId === declined.orderId)).toEqual([
      { method: 'paymentFailed', orderId: declined.orderId, detail: 'card_declined' },
    ]);
  });
});

describe('POST /api/webhooks/stripe', () => {
  async function authorisedOrder() {
    const order = await newOrder(stripeApp, anna);
    const intentId = order.payment.clientSecret.split('_secret_')[0]!;
    await stripeGateway.client.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    return { orderId: order.orderId, intentId };
  }
  const noticesOf = (orderId: string) =>
    stripeRecorder.notices.filter((n) => n.orderId === orderId).map((n) => [n.method, n.detail]);

  it('dispatches a signed event once, and answers a replay without effect', async () => {
    const { orderId, intentId } = await authorisedOrder();
    const event = fake.event('payment_intent.amount_capturable_updated', fake.intent(intentId));
    const { payload, signature } = signed(event);
    const first = await postWebhook(stripeApp, payload, signature);
    expect(first).toEqual({ status: 200, body: { received: true } });
    expect(noticesOf(orderId)).toEqual([['paymentAuthorised', undefined]]);

    const replay = await postWebhook(stripeApp, payload, signed(event).signature);
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(noticesOf(orderId)).toEqual([['paymentAuthorised', undefined]]);
    expect(
      await getOrUndefined(server.store.db('orders'), `stripe-event:${event.id as string}`),
    ).toMatchObject({
      type: 'stripe_event',
      eventType: 'payment_intent.amount_capturable_updated',
      orderId,
    });
  });

  it('refuses a tampered payload, a wrong secret and a missing signature', async () => {
    const { orderId, intentId } = await authorisedOrder();
    const event = fake.event('payment_intent.amount_capturable_updated', fake.intent(intentId));
    const { payload, signature } = signed(event);
    const tampered = payload.replace(`"amount":${fake.intent(intentId).amount}`, '"amount":1');
    expect(tampered).not.toBe(payload);
    const answer = await postWebhook(stripeApp, tampered, signature);
    expect([answer.status, answer.body.error.code]).toEqual([400, 'invalid_signature']);
    expect((await postWebhook(stripeApp, payload, signed(event, 'whsec_other').signature)).status).toBe(400);
    expect((await postWebhook(stripeApp, payload, '')).status).toBe(400);
    expect(noticesOf(orderId)).toEqual([]);
    // Without a Stripe account there is no Stripe webhook.
    expect((await postWebhook(simApp, payload, signature)).status).toBe(404);
  });

  it('takes events out of order: the capture before the authorisation', async () => {
    const { orderId, intentId } = await authorisedOrder();
    const authorisedSnapshot = fake.intent(intentId);
    const captured = await stripeGateway.capture(intentId, `${orderId}:capture`);
    expect(captured.status).toBe('succeeded');
    const succeeded = fake.event('payment_intent.succeeded', fake.intent(intentId));
    const capturable = fake.event('payment_intent.amount_capturable_updated', authorisedSnapshot);
    for (const event of [succeeded, capturable]) {
      const { payload, signature } = signed(event);
      expect((await postWebhook(stripeApp, payload, signature)).status).toBe(200);
    }
    expect(noticesOf(orderId)).toEqual([
      ['paymentSettled', 'captured'],
      ['paymentAuthorised', undefined],
    ]);
  });

  it('reports failures, releases and refunds, finding a charge’s order through its intent', async () => {
    const declined = await newOrder(stripeApp, anna);
    const declinedIntent = declined.payment.clientSecret.split('_secret_')[0]!;
    await stripeGateway.client.paymentIntents
      .confirm(declinedIntent, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })
      .catch(() => undefined);
    const failed = signed(fake.event('payment_intent.payment_failed', fake.intent(declinedIntent)));
    expect((await postWebhook(stripeApp, failed.payload, failed.signature)).status).toBe(200);
    expect(noticesOf(declined.orderId)).toEqual([['paymentFailed', 'insufficient_funds']]);

    const released = await authorisedOrder();
    await stripeGateway.cancel(released.intentId, `${released.orderId}:release`);
    const canceled = signed(fake.event('payment_intent.canceled', fake.intent(released.intentId)));
    expect((await postWebhook(stripeApp, canceled.payload, canceled.signature)).status).toBe(200);
    expect(noticesOf(released.orderId)).toEqual([['paymentSettled', 'released']]);

    const refunded = await authorisedOrder();
    await stripeGateway.capture(refunded.intentId, `${refunded.orderId}:capture`);
    await stripeGateway.refund(refunded.intentId, `${refunded.orderId}:refund`);
    const charge = fake.charge(fake.intent(refunded.intentId).latest_charge!);
    expect(charge.metadata).toEqual({});
    const refundEvent = signed(fake.event('charge.refunded', charge));
    expect((await postWebhook(stripeApp, refundEvent.payload, refundEvent.signature)).status).toBe(200);
    expect(noticesOf(refunded.orderId)).toEqual([['paymentSettled', 'refunded']]);
  });

  it('acknowledges events of other payments and of other types without dispatching', async () => {
    const before = stripeRecorder.notices.length;
    const { intent } = await stripeGateway.createIntent({
      orderId: 'ord_not_ours',
      amount: 1000,
      currency: 'EUR',
      description: 'elsewhere',
      metadata: {},
      idempotencyKey: 'ord_not_ours:create',
    });
    const foreign = signed(fake.event('payment_intent.succeeded', fake.intent(intent.id)));
    expect((await postWebhook(stripeApp, foreign.payload, foreign.signature)).status).toBe(200);
    const other = signed(fake.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect((await postWebhook(stripeApp, other.payload, other.signature)).status).toBe(200);
    expect(stripeRecorder.notices.length).toBe(before);
  });
});
