/**
 * Promo codes with a limited number of uses, under load (security review, issue 11 item 3): a use is
 * reserved when the order is placed, so that no more orders than the limit are ever priced with a
 * code; it comes back when the order is abandoned. The checkout and Stripe webhook routes run with
 * the real consultation service (its telephony places calls and then stays silent) and a clock the
 * tests move, on the embedded store with the demo data.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest, CheckoutResponse, OrderView } from '../../src/domain/order';
import { quote, serviceOfRole } from '../../src/domain/order';
import { defaultPricing } from '../../src/domain/platform-defaults';
import type { Coupon } from '../../src/domain/promo';
import { createStripeGateway } from '../../server/adapters/payments/stripe';
import type { Telephony } from '../../server/adapters/telephony/types';
import { readConfig } from '../../server/config/env';
import { orderIdFor } from '../../server/services/checkout';
import { createConsultations } from '../../server/services/consultation/consultations';
import type { Consultations } from '../../server/services/consultation/consultations';
import type { StoredOrder } from '../../server/services/consultation/types';
import { couponUses, reserveCouponUse } from '../../server/services/coupons/uses';
import { getOrUndefined } from '../../server/store/store';
import { addCoupon as addStoredCoupon } from '../support/coupons';
import { startFakeStripe } from '../support/fake-stripe';
import type { FakeStripe } from '../support/fake-stripe';
import { eventually } from '../support/orders';
import { startPaymentApp } from '../support/payment-app';
import type { PaymentApp } from '../support/payment-app';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { BROWSER_HEADERS, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_coupons',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_coupons',
  STRIPE_WEBHOOK_SECRET: 'whsec_coupons',
};
const MINUTE = 60_000;

let server: TestServer;
let fake: FakeStripe;
let app: PaymentApp;
let consultations: Consultations;
let gateway: ReturnType<typeof createStripeGateway>;
let expat: ProviderDoc;
/** The service's clock: the tests move it forward instead of waiting. */
let clock = Date.now();
const now = () => new Date(clock);

/** Orders whose calls cannot be placed: their consultation fails after its attempts. */
const unreachable = new Set<string>();

/** Places calls and never reports on them: the consultation waits, its payment held. */
const silentTelephony: Telephony = {
  kind: 'simulated',
  placeCall: async (call) => {
    if (unreachable.has(call.orderId)) throw new Error('the line is down');
    return { callSid: `CA-${call.orderId}-${call.leg}-${call.attempt}` };
  },
  endConference: async () => {},
  hangUp: async () => {},
  fetchCall: async () => ({ status: 'ringing' }),
};

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  fake = await startFakeStripe();
  expat = (await onlineProviders(server.store)).find((p) => p.role === 'expat')!;
  const config = readConfig({
    DATA_DIR: server.dataDir,
    ...STRIPE_ENV,
    CALL_RETRY_DELAY_SECONDS: '0',
  }).config;
  gateway = createStripeGateway(config.stripe!, { ...fake.connection, maxNetworkRetries: 1 });
  consultations = createConsultations({
    store: server.store,
    config,
    gateway,
    telephony: () => silentTelephony,
    now,
    log: () => {},
  });
  app = await startPaymentApp({ store: server.store, config, gateway, consultations, now });
});

afterAll(async () => {
  consultations?.stop();
  await consultations?.idle();
  await app?.close();
  await fake?.close();
  await server?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

type ErrorBody = { error: { code: string; message: string } };
type Answer<T> = { status: number; body: T & ErrorBody };

async function send<T>(
  url: string,
  path: string,
  user: TestUser | undefined,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: {
      ...BROWSER_HEADERS,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(user ? { cookie: user.cookie } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T & ErrorBody };
}

const addCoupon = (coupon: Partial<Coupon> & Pick<Coupon, 'code'>) => addStoredCoupon(server.store, coupon);

/** A checkout of the expat call with `code`, at the price the client was shown with the code. */
function withCode(code: string, percent = 10, idempotencyKey: string = randomUUID()): CheckoutRequest {
  const service = serviceOfRole(expat.role);
  const priced = quote(defaultPricing(), service, 'EUR', { code, kind: 'percent', value: percent });
  if (!priced.ok) throw new Error('default pricing cannot be sold');
  return {
    providerId: expat._id,
    service,
    currency: 'EUR',
    promoCode: code.toLowerCase(),
    booking: {
      firstName: 'Amélie',
      lastName: 'Durand',
      nationality: 'FR',
      interventionCountry: 'ES',
      title: 'Passeport volé à Barcelone',
      description: "On m'a volé mon passeport hier soir, que dois-je faire auprès de l'ambassade ?",
      languages: [expat.languages[0]!],
      phone: '+66 81 234 5678',
      acceptedTerms: true,
    },
    expectedTotal: priced.quote.total,
    idempotencyKey,
  };
}

const checkout = (user: TestUser, body: CheckoutRequest) =>
  send<CheckoutResponse>(app.url, '/checkout', user, body);

const clients = (prefix: string, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => mintUser(server.store, `${prefix}-${i}`)));

const storedOrder = (orderId: string) => getOrUndefined(server.store.db<StoredOrder>('orders'), orderId);

/** Orders of these checkouts that the store holds priced with `code`. */
async function pricedWith(code: string, placed: { user: TestUser; body: CheckoutRequest }[]) {
  const orders = await Promise.all(
    placed.map((p) => storedOrder(orderIdFor(p.user.uid, p.body.idempotencyKey))),
  );
  return orders.filter((order) => order?.quote.coupon?.code === code);
}

const intentOf = (answer: CheckoutResponse) => answer.payment.clientSecret.split('_secret_')[0]!;

/** The card is confirmed as Stripe.js would, then the browser tells the service. */
async function pay(user: TestUser, answer: CheckoutResponse) {
  await gateway.client.paymentIntents.confirm(intentOf(answer), { payment_method: 'pm_card_visa' });
  return send<{ order: OrderView }>(app.url, `/orders/${answer.orderId}/confirm`, user);
}

/** The client gives up: the intent is cancelled and Stripe says so. */
async function cancelPayment(answer: CheckoutResponse) {
  const intentId = intentOf(answer);
  await gateway.cancel(intentId, `${answer.orderId}:abandon`);
  const payload = JSON.stringify(fake.event('payment_intent.canceled', fake.intent(intentId)));
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
  });
  const response = await fetch(`${app.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  expect(response.status).toBe(200);
}

function expectPromoRefused(answer: Answer<unknown>) {
  expect([answer.status, answer.body.error?.code, answer.body.error?.message]).toEqual([
    400,
    'promo_invalid',
    'Invalid or expired promo code',
  ]);
}

// ---------------------------------------------------------------------------------------------

describe('a promo code with a limited number of uses', () => {
  it('is given to exactly as many of 12 clients checking out at once as it has uses left', async () => {
    await addCoupon({ code: 'RUSH', maxUses: 3, uses: 1 });
    const users = await clients('rush', 12);
    const placed = users.map((user) => ({ user, body: withCode('RUSH') }));
    const answers = await Promise.all(placed.map(({ user, body }) => checkout(user, body)));

    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(2);
    for (const answer of accepted) expect(answer.body.quote.coupon?.code).toBe('RUSH');
    for (const answer of answers.filter((a) => a.status !== 201)) expectPromoRefused(answer);
    expect(await pricedWith('RUSH', placed)).toHaveLength(2);
    // The admin's count and the public code check both see it used up.
    expect(await couponUses(server.store, 'RUSH')).toBe(3);
    const check = await send(server.url, '/promo/validate', undefined, {
      code: 'rush',
      service: 'expatCall',
    });
    expect([check.status, check.body.error?.code]).toEqual([404, 'promo_invalid']);
  });

  it('takes one use for a checkout sent many times at once with the same key', async () => {
    await addCoupon({ code: 'REPLAY', maxUses: 2 });
    const [anna, boris, carla] = await clients('replay', 3);
    const body = withCode('REPLAY');
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(anna!, body)));
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);

    // The second use is still there for another client, and then none is.
    expect((await checkout(boris!, withCode('REPLAY'))).status).toBe(201);
    expectPromoRefused(await checkout(carla!, withCode('REPLAY')));
    expect(await couponUses(server.store, 'REPLAY')).toBe(2);
  });

  it('comes back when a checkout is abandoned, its payment cancelled', async () => {
    await addCoupon({ code: 'COMEBACK', maxUses: 1 });
    const [anna, boris] = await clients('comeback', 2);
    const first = await checkout(anna!, withCode('COMEBACK'));
    expect(first.status).toBe(201);
    expectPromoRefused(await checkout(boris!, withCode('COMEBACK')));

    await cancelPayment(first.body);
    expect(await storedOrder(first.body.orderId)).toMatchObject({
      state: 'cancelled',
      payment: { state: 'released' },
    });
    const again = await checkout(boris!, withCode('COMEBACK'));
    expect(again.status).toBe(201);
    expect(again.body.quote.coupon?.code).toBe('COMEBACK');
    expect(await couponUses(server.store, 'COMEBACK')).toBe(1);
  });

  it('comes back when the consultation does not take place', async () => {
    await addCoupon({ code: 'NOCALL', maxUses: 1 });
    const [anna, boris] = await clients('nocall', 2);
    const first = await checkout(anna!, withCode('NOCALL'));
    expect(first.status).toBe(201);
    unreachable.add(first.body.orderId);
    expect((await pay(anna!, first.body)).status).toBe(200);
    expectPromoRefused(await checkout(boris!, withCode('NOCALL')));
    // Every attempt to call fails: the hold is released.
    const failed = await eventually(async () => {
      const order = await storedOrder(first.body.orderId);
      return order?.state === 'failed' ? order : undefined;
    }, 15_000);
    expect(failed.payment.state).toBe('released');
    // The use is given back just after the order is marked failed.
    await eventually(
      async () => ((await couponUses(server.store, 'NOCALL')) === 0 ? true : undefined),
      15_000,
    );
    const again = await checkout(boris!, withCode('NOCALL'));
    expect([again.status, again.body.quote.coupon?.code]).toEqual([201, 'NOCALL']);
  });

  it('comes back once a checkout is left unpaid past the hold time; its late payment is then cancelled', async () => {
    await addCoupon({ code: 'LATE', maxUses: 1 });
    const [anna, boris] = await clients('late', 2);
    const first = await checkout(anna!, withCode('LATE'));
    expect(first.status).toBe(201);
    clock += 10 * MINUTE;
    expectPromoRefused(await checkout(boris!, withCode('LATE')));

    clock += 25 * MINUTE;
    const second = await checkout(boris!, withCode('LATE'));
    expect(second.status).toBe(201);
    expect(second.body.quote.coupon?.code).toBe('LATE');

    // Anna pays at last: her order lost its use, so its payment is not kept.
    const late = await pay(anna!, first.body);
    expect(late.status).toBe(200);
    expect(late.body.order).toMatchObject({ state: 'cancelled', payment: { state: 'released' } });
    expect(fake.intent(intentOf(first.body)).status).toBe('canceled');
    expect(await couponUses(server.store, 'LATE')).toBe(1);
  });

  it('stays with a paid order, however long ago it was placed', async () => {
    await addCoupon({ code: 'KEPT', maxUses: 1 });
    const [anna, boris] = await clients('kept', 2);
    const first = await checkout(anna!, withCode('KEPT'));
    expect(first.status).toBe(201);
    const paid = await pay(anna!, first.body);
    expect(paid.body.order).toMatchObject({ state: 'paid', payment: { state: 'authorised' } });
    clock += 3 * 60 * MINUTE;
    expectPromoRefused(await checkout(boris!, withCode('KEPT')));
    expect(await couponUses(server.store, 'KEPT')).toBe(1);
  });

  it('is not held for ever by a checkout stopped between taking the use and writing the order', async () => {
    const coupon = await addCoupon({ code: 'CUTSHORT', maxUses: 1 });
    const [anna, boris] = await clients('cutshort', 2);
    // What a service killed right after the reservation leaves behind: a use held, no order.
    const body = withCode('CUTSHORT');
    expect(
      await reserveCouponUse(server.store, coupon, orderIdFor(anna!.uid, body.idempotencyKey), now()),
    ).toBe(true);
    expectPromoRefused(await checkout(boris!, withCode('CUTSHORT')));
    // The same checkout sent again finds its own use.
    const retried = await checkout(anna!, body);
    expect([retried.status, retried.body.quote.coupon?.code]).toEqual([201, 'CUTSHORT']);
    await cancelPayment(retried.body);

    // A checkout never sent again: its use comes back once the hold time is over.
    const orphan = withCode('CUTSHORT');
    expect(
      await reserveCouponUse(server.store, coupon, orderIdFor(anna!.uid, orphan.idempotencyKey), now()),
    ).toBe(true);
    expectPromoRefused(await checkout(boris!, withCode('CUTSHORT')));
    clock += 31 * MINUTE;
    expect((await checkout(boris!, withCode('CUTSHORT'))).status).toBe(201);
    expect(await storedOrder(orderIdFor(anna!.uid, orphan.idempotencyKey))).toBeUndefined();
  });
});

describe('a promo code without a limit', () => {
  it('counts one use per order, however often a checkout is sent', async () => {
    await addCoupon({ code: 'OPEN', maxUses: null });
    const [anna, boris] = await clients('open', 2);
    const body = withCode('OPEN');
    const answers = await Promise.all([1, 2, 3].map(() => checkout(anna!, body)));
    expect(answers.every((a) => a.status < 300 && a.body.quote.coupon?.code === 'OPEN')).toBe(true);
    expect((await checkout(boris!, withCode('OPEN'))).status).toBe(201);
    // A code without limit counts its orders' markers from a range listing, which on a cluster is
    // answered by one copy of each shard and may miss a marker written a moment ago: it catches up,
    // and never counts an order twice (one marker per order, by id).
    await eventually(async () => (await couponUses(server.store, 'OPEN')) === 2 || undefined);
    expect(await couponUses(server.store, 'OPEN')).toBe(2);
  });
});

describe('a per-client limit', () => {
  function expectClientLimit(answer: Answer<unknown>) {
    expect([answer.status, answer.body.error?.code]).toEqual([409, 'promo_client_limit']);
  }

  it('lets each client use the code only as often as it says, however many checkouts they send at once', async () => {
    await addCoupon({ code: 'ONCEEACH', perClientLimit: 2 });
    const [anna, boris] = await clients('onceeach', 2);
    const sent = Array.from({ length: 5 }, () => ({ user: anna!, body: withCode('ONCEEACH') }));
    const answers = await Promise.all(sent.map((p) => checkout(p.user, p.body)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    for (const answer of answers.filter((a) => a.status !== 201)) expectClientLimit(answer);
    expect(await pricedWith('ONCEEACH', sent)).toHaveLength(2);
    // Another client has uses of their own.
    expect((await checkout(boris!, withCode('ONCEEACH'))).status).toBe(201);
  });

  it('gives the client’s use back when the order is abandoned, and not when it was paid', async () => {
    await addCoupon({ code: 'MINEAGAIN', perClientLimit: 1 });
    const [anna] = await clients('mineagain', 1);
    const first = await checkout(anna!, withCode('MINEAGAIN'));
    expect(first.status).toBe(201);
    expectClientLimit(await checkout(anna!, withCode('MINEAGAIN')));
    await cancelPayment(first.body);
    await eventually(async () =>
      (await storedOrder(first.body.orderId))?.state === 'cancelled' ? true : undefined,
    );
    const second = await checkout(anna!, withCode('MINEAGAIN'));
    expect(second.status).toBe(201);
    const paid = await pay(anna!, second.body);
    expect(paid.body.order).toMatchObject({ state: 'paid' });
    clock += 3 * 60 * MINUTE;
    expectClientLimit(await checkout(anna!, withCode('MINEAGAIN')));
  });

  it('gives the client’s use back once an order is left unpaid past the hold time', async () => {
    await addCoupon({ code: 'LEFTOPEN', perClientLimit: 1, maxUses: 10 });
    const [anna] = await clients('leftopen', 1);
    expect((await checkout(anna!, withCode('LEFTOPEN'))).status).toBe(201);
    expectClientLimit(await checkout(anna!, withCode('LEFTOPEN')));
    clock += 31 * MINUTE;
    expect((await checkout(anna!, withCode('LEFTOPEN'))).status).toBe(201);
    expect(await couponUses(server.store, 'LEFTOPEN')).toBe(1);
  });
});
