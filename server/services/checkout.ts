/**
 * Placing an order (`POST /api/checkout`): every figure and rule is the server's own, whatever the
 * browser sent — the provider is read from the `providers` directory (present there = approved), the
 * booking checked with the shared rules, the price computed from the `config` pricing and the `admin`
 * coupon, and compared with the total the client saw.
 *
 * The order's id is derived from the client and the browser's idempotency key, so the same checkout
 * sent twice (a lost answer, the offline outbox) finds the same order. The order is written before
 * the payment intent is created, and the intent's own idempotency key is derived from the order: a
 * crash or a gateway failure between the two leaves an order that the next try with the same key
 * completes, never a second intent.
 *
 * What a checkout costs the store (it runs under load): the pricing, the settings and the promo
 * code's definition come from copies kept current by the change feed (store/followed-docs.ts); the
 * provider, the provider's account and the client's referral are read at once; without a promo code
 * the order is not looked for first: its creation finds an earlier one, and so does a refusal (a send
 * placed earlier gets its order whatever would be refused now); the order is completed with its
 * intent over the revision its creation wrote.
 */
import { createHash } from 'node:crypto';
import { bookingProblems, normalizeBooking, OTHER_COUNTRY } from '../../src/domain/booking';
import type { BookingField } from '../../src/domain/booking';
import type { PlatformSettings, Pricing } from '../../src/domain/config';
import {
  DEFAULT_CALL_TIMEOUT,
  DEFAULT_MAX_CALL_DURATION,
  DEFAULT_PLATFORM_COMMISSION,
} from '../../src/domain/constants';
import { quote, serviceOfRole } from '../../src/domain/order';
import type { AppliedCoupon, CheckoutRequest, Quote } from '../../src/domain/order';
import { couponUsable } from '../../src/domain/promo';
import type { Coupon, ServiceKey } from '../../src/domain/promo';
import type { Provider } from '../../src/domain/provider';
import { isProviderRole } from '../../src/domain/mine';
import { countryBookable } from '../../src/domain/service-countries';
import type { PaymentGateway } from '../adapters/payments/types';
import type { Config } from '../config/env';
import { ApiError } from '../http/errors';
import { CreationContested, createDocOnce, getOrUndefined, StoreError, updateFrom } from '../store/store';
import type { Store } from '../store/store';
import { getAccount } from './accounts';
import { accountQuote } from './b2b/checkout-billing';
import type { StoredAccount } from './accounts';
import type { StoredOrder } from './consultation/types';
import { affiliateOfClient } from './affiliates/referrals';
import { couponDefinition } from './coupons/records';
import { releaseCouponUse, reserveCouponUse } from './coupons/uses';
import { demoStandInsEnabled, ensureStandIn } from './demo-stand-ins';
import { currentPricing, currentSettings } from './platform-config';
import { logError } from '../log';

type Settings = Readonly<Partial<PlatformSettings>> | undefined;
type ProviderDoc = Omit<Provider, 'id'> & { _id: string };

const promoInvalid = () => new ApiError(400, 'promo_invalid', 'Invalid or expired promo code');
const promoClientLimit = () =>
  new ApiError(409, 'promo_client_limit', 'You have already used this promo code as often as it allows.');

/** The id of the order a client's checkout creates: the same for the same idempotency key. */
export function orderIdFor(clientUid: string, idempotencyKey: string): string {
  return 'ord_' + createHash('sha256').update(`${clientUid}\n${idempotencyKey}`).digest('hex').slice(0, 24);
}

export function isOrderId(value: string): boolean {
  return /^ord_[0-9a-f]{24}$/.test(value);
}

/** The provider being booked (as the directory has them, with their account), when they can take a consultation now. */
function availableProvider(
  provider: ProviderDoc | undefined,
  account: StoredAccount | undefined,
): ProviderDoc {
  if (!provider) {
    // Not in the directory: a provider account not approved (or suspended) is unavailable; else unknown.
    if (account && isProviderRole(account.role)) {
      throw new ApiError(409, 'provider_unavailable', 'This expert cannot be booked at the moment.');
    }
    throw new ApiError(404, 'provider_not_found', 'No such expert.');
  }
  if (provider.isActive !== true || provider.isVisible !== true || provider.isOnline !== true) {
    throw new ApiError(409, 'provider_unavailable', 'This expert cannot be booked at the moment.');
  }
  return provider;
}

/** The code (its definition as read), when it may be used now; whether a use is left is settled by its reservation. */
function usableCoupon(coupon: Coupon | undefined, service: ServiceKey, now: Date): Coupon {
  if (!coupon || !couponUsable(coupon, service, now)) throw promoInvalid();
  return coupon;
}

function applied(coupon: Coupon): AppliedCoupon {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    ...(coupon.kind === 'fixed' && coupon.currency ? { currency: coupon.currency } : {}),
  };
}

/** What the checkout reads before it decides, all at once. */
type Reads = {
  provider: ProviderDoc | undefined;
  providerAccount: StoredAccount | undefined;
  settings: Settings;
  pricing: Pricing;
  affiliate: StoredOrder['affiliate'];
  /** The promo code's definition, when one was given (and the checkout is not billed to a company). */
  coupon: Coupon | undefined;
  /** The order an earlier send placed: looked for first only with a promo code (see placeOrder). */
  earlier: StoredOrder | undefined;
};

async function readAll(
  store: Store,
  client: StoredAccount,
  input: CheckoutRequest,
  at: Date,
): Promise<Reads> {
  // A company account takes no promo code (services/b2b/): its code is refused, never read.
  const code = input.billing ? undefined : input.promoCode;
  const [provider, providerAccount, settings, pricing, affiliate, coupon, earlier] = await Promise.all([
    getOrUndefined(store.db<ProviderDoc>('providers'), input.providerId),
    getAccount(store, input.providerId),
    currentSettings(store),
    currentPricing(store),
    // A company account pays for its members: no affiliate earns on those.
    input.billing ? undefined : affiliateOfClient(store, client.uid, at),
    code !== undefined ? couponDefinition(store, code) : undefined,
    code !== undefined
      ? getOrUndefined(store.db<StoredOrder>('orders'), orderIdFor(client.uid, input.idempotencyKey))
      : undefined,
  ]);
  return { provider, providerAccount, settings, pricing, affiliate, coupon, earlier };
}

async function priceOf(
  store: Store,
  client: StoredAccount,
  input: CheckoutRequest,
  { settings, pricing, coupon: definition }: Reads,
  now: Date,
): Promise<{ quote: Quote; coupon?: Coupon; billing?: NonNullable<StoredOrder['billing']> }> {
  const enabled = settings?.servicesEnabled;
  const switchedOff =
    (input.service === 'lawyerCall' && enabled?.lawyerCalls === false) ||
    (input.service === 'expatCall' && enabled?.expatCalls === false);
  if (switchedOff) throw new ApiError(409, 'service_unavailable', 'This service is not available.');
  // Billed to a company account: its negotiated price, no card, no promo code (services/b2b/).
  if (input.billing) return accountQuote(store, client, { ...input, billing: input.billing }, pricing);
  const coupon = input.promoCode ? usableCoupon(definition, input.service, now) : undefined;
  const priced = quote(pricing, input.service, input.currency, coupon && applied(coupon));
  if (!priced.ok) {
    if (priced.problem === 'amount_too_low') throw new ApiError(400, 'amount_too_low', 'Minimum amount €5');
    if (priced.problem === 'amount_too_high')
      throw new ApiError(400, 'amount_too_high', 'Maximum amount €500');
    throw new ApiError(409, 'service_unavailable', 'This service is not available.');
  }
  if (priced.quote.total !== input.expectedTotal) {
    throw new ApiError(409, 'amount_mismatch', 'Invalid amount. Please try again.');
  }
  // A code that takes nothing off (a fixed amount in another currency) is not used, so holds no use.
  return { quote: priced.quote, ...(coupon && priced.quote.coupon ? { coupon } : {}) };
}

function commissionRate(settings: Settings): number {
  const rate = settings?.platformCommission;
  return typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 1
    ? rate
    : DEFAULT_PLATFORM_COMMISSION;
}

const positiveInteger = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : fallback;

/** The call settings the order keeps for its whole consultation (a later change reaches later orders). */
function callTerms(settings: Settings): NonNullable<StoredOrder['callTerms']> {
  return {
    callTimeout: positiveInteger(settings?.callTimeout, DEFAULT_CALL_TIMEOUT),
    maxCallDuration: positiveInteger(settings?.maxCallDuration, DEFAULT_MAX_CALL_DURATION),
  };
}

/** A booking for a country where its service is not offered (admin screen "countries") is refused. */
function checkCountry(input: CheckoutRequest, settings: Settings) {
  const country = String(input.booking.interventionCountry ?? '').trim();
  // A place the list does not name, typed by the client (spec: the free 'other' country).
  if (country === OTHER_COUNTRY) return;
  if (!countryBookable(settings, input.service, country)) {
    throw new ApiError(400, 'country_unavailable', 'This service is not available in this country.', {
      fields: { interventionCountry: 'country_unavailable' },
    });
  }
}

export type CheckoutDeps = {
  store: Store;
  config: Config;
  gateway: PaymentGateway;
  /** The clock (tests move it past a promo use's hold time). */
  now?: () => Date;
};

/**
 * The order of a checkout, checked and written (without its intent yet), or the one an earlier send
 * of the same checkout wrote. A promo code's use is reserved for the order before the order is
 * written (services/coupons/uses.ts): no order is ever priced with a use it does not hold, and a
 * checkout stopped in between leaves a reservation that its retry finds, or that is given back.
 *
 * With a promo code, an earlier send's order is looked for before anything else (its use is not
 * reserved again). Without one, nothing a checkout does before writing its order has an effect that
 * a second send would repeat, so the order is looked for only when its creation finds one there, or
 * when the checkout is refused: a send placed earlier gets its order whatever would be refused now.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  client: StoredAccount,
  input: CheckoutRequest,
): Promise<StoredOrder> {
  try {
    return await checkAndWrite(deps, client, input);
  } catch (error) {
    const refused =
      error instanceof ApiError && error.status < 500 && error.code !== 'idempotency_key_reused';
    if (!refused) throw error;
    const earlier = await getOrUndefined(
      deps.store.db<StoredOrder>('orders'),
      orderIdFor(client.uid, input.idempotencyKey),
    );
    if (earlier) return sameCheckout(earlier, input);
    throw error;
  }
}

async function checkAndWrite(
  { store, config, gateway, now: clock = () => new Date() }: CheckoutDeps,
  client: StoredAccount,
  input: CheckoutRequest,
): Promise<StoredOrder> {
  const orderId = orderIdFor(client.uid, input.idempotencyKey);
  if (input.providerId === client.uid) throw new ApiError(400, 'self_booking', "You can't book yourself");
  const at = clock();
  const reads = await readAll(store, client, input, at);
  if (reads.earlier) return sameCheckout(reads.earlier, input);
  const { providerAccount, settings, affiliate } = reads;
  const provider = availableProvider(reads.provider, providerAccount);
  if (input.service !== serviceOfRole(provider.role)) {
    throw new ApiError(400, 'service_unavailable', 'This expert does not offer this service.');
  }
  const problems = bookingProblems(
    input.booking as Partial<Record<BookingField, unknown>>,
    provider.languages,
  );
  if (Object.keys(problems).length > 0) {
    throw new ApiError(400, 'booking_invalid', 'Some fields of the booking are not valid.', {
      fields: problems as Record<string, string>,
    });
  }
  checkCountry(input, settings);
  const { quote: priced, coupon, billing } = await priceOf(store, client, input, reads, at);
  if (coupon) {
    const reserved = await reserveCouponUse(store, coupon, orderId, at, client.uid);
    if (reserved === 'client_limit') throw promoClientLimit();
    if (!reserved) throw promoInvalid();
  }
  const booking = normalizeBooking(input.booking as Partial<Record<BookingField, unknown>>);
  const now = at.toISOString();
  // Demo mode: a demo expert (no account) is played for this client by a stand-in, so that what
  // the client writes to them reaches a database that someone reads.
  const standInUid =
    !providerAccount && demoStandInsEnabled(config)
      ? await ensureStandIn(store, {
          client: { uid: client.uid, language: client.preferredLanguage },
          provider: { id: input.providerId, role: provider.role, name: provider.fullName },
        })
      : undefined;
  const order: StoredOrder = {
    _id: orderId,
    type: 'order',
    orderId,
    state: 'awaiting_payment',
    idempotencyKey: input.idempotencyKey,
    client: {
      uid: client.uid,
      email: client.email,
      language: client.preferredLanguage,
      name: `${booking.firstName} ${booking.lastName}`,
    },
    provider: {
      id: input.providerId,
      role: provider.role,
      name: provider.fullName,
      profession: provider.profession,
      hasAccount: providerAccount !== undefined,
      ...(standInUid ? { standInUid } : {}),
      // A test profile's consultations stay out of the platform's figures (admin dashboard).
      ...(provider.isTestProfile ? { isTestProfile: true as const } : {}),
    },
    booking,
    quote: priced,
    commissionRate: commissionRate(settings),
    ...(affiliate && !billing ? { affiliate } : {}),
    callTerms: callTerms(settings),
    ...(!config.twilio && input.demo?.providerLine ? { demoProviderLine: input.demo.providerLine } : {}),
    // The intent is created next; its id and secret are filled in then.
    payment: {
      gateway: billing ? 'account' : gateway.kind,
      intentId: '',
      clientSecret: '',
      state: 'requires_payment',
    },
    ...(billing ? { billing } : {}),
    createdAt: now,
    updatedAt: now,
  };
  const orders = store.db<StoredOrder>('orders');
  for (let attempt = 0; attempt < ORDER_WRITE_ATTEMPTS; attempt++) {
    let created: { rev: string } | undefined;
    try {
      created = await createDocOnce(store, 'orders', order);
    } catch (error) {
      // Sends of one checkout still racing for its creation (a cluster): the order may stand by now.
      if (!(error instanceof CreationContested)) throw error;
    }
    if (created) return { ...order, _rev: created.rev };
    // The same checkout, sent twice (at once, or again after a lost answer): the other send wrote it first.
    const first = await getOrUndefined(orders, orderId);
    // Seen, then gone: on a CouchDB cluster, a rival creation that lost its race was taken back.
    if (!first) continue;
    if (coupon && first.quote.coupon?.code !== priced.coupon?.code) {
      // Written without this code (the key reused for another checkout): the use held is nobody's.
      await releaseCouponUse(store, coupon.code, orderId, at);
    }
    return sameCheckout(first, input);
  }
  throw new StoreError(`The order ${orderId} could not be written: too many concurrent sends`, 503);
}

/** Creations of one order attempted before the store is said busy (each contested on a cluster). */
const ORDER_WRITE_ATTEMPTS = 5;

/** An order found under the checkout's key: the same checkout again, unless the key was reused for another. */
function sameCheckout(order: StoredOrder, input: CheckoutRequest): StoredOrder {
  const same =
    order.provider.id === input.providerId &&
    order.quote.service === input.service &&
    order.quote.currency === input.currency &&
    order.billing?.accountId === input.billing?.accountId;
  if (!same) {
    throw new ApiError(
      409,
      'idempotency_key_reused',
      'This checkout key was already used for another order.',
    );
  }
  return order;
}

/**
 * The order with its payment intent: created now when the order has none yet (with a key derived
 * from the order, so that a retry after a failure gets the same intent). `created` tells whether
 * this call created it. A gateway failure is answered 502; the order stays, for a retry.
 */
export async function ensureIntent(
  { store, gateway }: Pick<CheckoutDeps, 'store' | 'gateway'>,
  order: StoredOrder,
): Promise<{ order: StoredOrder; created: boolean }> {
  if (order.payment.clientSecret) return { order, created: false };
  let made: Awaited<ReturnType<PaymentGateway['createIntent']>>;
  try {
    made = await gateway.createIntent({
      orderId: order.orderId,
      amount: order.quote.total,
      currency: order.quote.currency,
      description: `SOS Expat: ${order.quote.durationMinutes}-minute ${order.provider.role} call with ${order.provider.name}`,
      customerEmail: order.client.email,
      metadata: {
        clientUid: order.client.uid,
        providerId: order.provider.id,
        service: order.quote.service,
        // Routes the intent to the account gateway (adapters/payments/account-billing.ts).
        ...(order.billing ? { billing: 'account', accountId: order.billing.accountId } : {}),
      },
      idempotencyKey: `${order.orderId}:create`,
    });
  } catch (error) {
    logError(`[checkout] payment intent of ${order.orderId} not created:`, error);
    throw new ApiError(
      502,
      'payment_provider_error',
      'The payment service did not answer. Please try again.',
    );
  }
  // Over the revision the order was read or created at (read again only if it changed meanwhile).
  const updated = await updateFrom<StoredOrder>(store, 'orders', order, (current) =>
    !current || current.payment.clientSecret
      ? undefined
      : {
          ...current,
          payment: { ...current.payment, intentId: made.intent.id, clientSecret: made.clientSecret },
          updatedAt: new Date().toISOString(),
        },
  );
  const final = updated ?? (await store.db<StoredOrder>('orders').get(order._id));
  return { order: final as StoredOrder, created: true };
}
