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
 */
import { createHash } from 'node:crypto';
import { bookingProblems, normalizeBooking, OTHER_COUNTRY } from '../../src/domain/booking';
import type { BookingField } from '../../src/domain/booking';
import { CONFIG_IDS, CURRENCIES } from '../../src/domain/config';
import type { Currency, PlatformSettings, Pricing } from '../../src/domain/config';
import {
  DEFAULT_CALL_TIMEOUT,
  DEFAULT_MAX_CALL_DURATION,
  DEFAULT_PLATFORM_COMMISSION,
} from '../../src/domain/constants';
import { DEMO_PROVIDER_LINES, quote, serviceOfRole } from '../../src/domain/order';
import type { AppliedCoupon, CheckoutRequest, DemoProviderLine, Quote } from '../../src/domain/order';
import { couponUsable, normalizePromoCode, SERVICES } from '../../src/domain/promo';
import type { Coupon, ServiceKey } from '../../src/domain/promo';
import type { Provider } from '../../src/domain/provider';
import { isProviderRole } from '../../src/domain/mine';
import { defaultPricing } from '../../src/domain/platform-defaults';
import { countryBookable } from '../../src/domain/service-countries';
import type { PaymentGateway } from '../adapters/payments/types';
import type { Config } from '../config/env';
import { ApiError } from '../http/errors';
import { createOnce, getOrUndefined, StoreError, upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import { getAccount } from './accounts';
import { accountQuote } from './b2b/checkout-billing';
import type { StoredAccount } from './accounts';
import type { StoredOrder } from './consultation/types';
import { affiliateOfClient } from './affiliates/referrals';
import { releaseCouponUse, reserveCouponUse } from './coupons/uses';
import { demoStandInsEnabled, ensureStandIn } from './demo-stand-ins';
import { logError } from '../log';

const IDEMPOTENCY_KEY_MAX = 200;
const PROVIDER_ID_MAX = 64;

type ConfigValue<T> = { _id: string; value: T };
type ProviderDoc = Omit<Provider, 'id'> & { _id: string };

const invalid = (message: string) => new ApiError(400, 'invalid_request', message);
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

/** The request's shape (not its rules): wrong types are the browser's bug, answered 400 invalid_request. */
export function parseCheckoutRequest(body: unknown): CheckoutRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalid('The request body must be an object.');
  const input = body as Record<string, unknown>;
  const { providerId, service, currency, promoCode, booking, expectedTotal, idempotencyKey, demo, billing } =
    input;
  if (typeof providerId !== 'string' || !providerId || providerId.length > PROVIDER_ID_MAX) {
    throw invalid('providerId is missing.');
  }
  if (!SERVICES.includes(service as ServiceKey)) throw invalid('service is not a known service.');
  if (!CURRENCIES.includes(currency as Currency)) throw invalid('currency is not a known currency.');
  if (promoCode !== undefined && promoCode !== null && typeof promoCode !== 'string') {
    throw invalid('promoCode must be a string.');
  }
  if (!booking || typeof booking !== 'object' || Array.isArray(booking)) throw invalid('booking is missing.');
  if (!Number.isSafeInteger(expectedTotal)) throw invalid('expectedTotal must be an amount in minor units.');
  if (
    typeof idempotencyKey !== 'string' ||
    !idempotencyKey.trim() ||
    idempotencyKey.length > IDEMPOTENCY_KEY_MAX
  ) {
    throw invalid('idempotencyKey is missing.');
  }
  const providerLine = (demo as { providerLine?: unknown } | undefined)?.providerLine;
  const accountId = (billing as { accountId?: unknown } | undefined)?.accountId;
  if (billing !== undefined && (typeof accountId !== 'string' || !/^[\w-]{1,40}$/.test(accountId))) {
    throw invalid('billing.accountId is not a company account id.');
  }
  return {
    providerId,
    service: service as ServiceKey,
    currency: currency as Currency,
    ...(typeof promoCode === 'string' && promoCode.trim() ? { promoCode } : {}),
    booking: booking as CheckoutRequest['booking'],
    expectedTotal: expectedTotal as number,
    idempotencyKey,
    ...(DEMO_PROVIDER_LINES.includes(providerLine as DemoProviderLine)
      ? { demo: { providerLine: providerLine as DemoProviderLine } }
      : {}),
    ...(typeof accountId === 'string' ? { billing: { accountId } } : {}),
  };
}

async function configValue<T>(store: Store, id: string): Promise<T | undefined> {
  return (await getOrUndefined(store.db<ConfigValue<T>>('config'), id))?.value;
}

/** The provider being booked, when they can take a consultation now. */
async function availableProvider(store: Store, providerId: string): Promise<ProviderDoc> {
  const provider = await getOrUndefined(store.db<ProviderDoc>('providers'), providerId);
  if (!provider) {
    // Not in the directory: a provider account not approved (or suspended) is unavailable; else unknown.
    const account = await getAccount(store, providerId);
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

/** The code, when it may be used now; whether a use is left is settled by its reservation. */
async function usableCoupon(
  store: Store,
  promoCode: string,
  service: ServiceKey,
  now: Date,
): Promise<Coupon> {
  const code = normalizePromoCode(promoCode);
  const coupon = await getOrUndefined(store.db<Coupon>('admin'), `coupon:${code}`);
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

async function priceOf(
  store: Store,
  client: StoredAccount,
  input: CheckoutRequest,
  settings: PlatformSettings | undefined,
  now: Date,
): Promise<{ quote: Quote; coupon?: Coupon; billing?: NonNullable<StoredOrder['billing']> }> {
  const enabled = settings?.servicesEnabled;
  const switchedOff =
    (input.service === 'lawyerCall' && enabled?.lawyerCalls === false) ||
    (input.service === 'expatCall' && enabled?.expatCalls === false);
  if (switchedOff) throw new ApiError(409, 'service_unavailable', 'This service is not available.');
  const pricing = (await configValue<Pricing>(store, CONFIG_IDS.pricing)) ?? defaultPricing();
  // Billed to a company account: its negotiated price, no card, no promo code (services/b2b/).
  if (input.billing) return accountQuote(store, client, { ...input, billing: input.billing }, pricing);
  const coupon = input.promoCode ? await usableCoupon(store, input.promoCode, input.service, now) : undefined;
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

function commissionRate(settings: PlatformSettings | undefined): number {
  const rate = settings?.platformCommission;
  return typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 1
    ? rate
    : DEFAULT_PLATFORM_COMMISSION;
}

const positiveInteger = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : fallback;

/** The call settings the order keeps for its whole consultation (a later change reaches later orders). */
function callTerms(settings: PlatformSettings | undefined): NonNullable<StoredOrder['callTerms']> {
  return {
    callTimeout: positiveInteger(settings?.callTimeout, DEFAULT_CALL_TIMEOUT),
    maxCallDuration: positiveInteger(settings?.maxCallDuration, DEFAULT_MAX_CALL_DURATION),
  };
}

/** A booking for a country where its service is not offered (admin screen "countries") is refused. */
function checkCountry(input: CheckoutRequest, settings: PlatformSettings | undefined) {
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
 */
export async function placeOrder(
  { store, config, gateway, now: clock = () => new Date() }: CheckoutDeps,
  client: StoredAccount,
  input: CheckoutRequest,
): Promise<StoredOrder> {
  const orderId = orderIdFor(client.uid, input.idempotencyKey);
  const orders = store.db<StoredOrder>('orders');
  const earlier = await getOrUndefined(orders, orderId);
  if (earlier) return sameCheckout(earlier, input);

  if (input.providerId === client.uid) throw new ApiError(400, 'self_booking', "You can't book yourself");
  // Independent reads, at once: each is a round trip to the store.
  const [provider, settings, providerAccount, affiliate] = await Promise.all([
    availableProvider(store, input.providerId),
    configValue<PlatformSettings>(store, CONFIG_IDS.settings),
    getAccount(store, input.providerId),
    // A company account pays for its members: no affiliate earns on those.
    input.billing ? undefined : affiliateOfClient(store, client.uid, clock()),
  ]);
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
  const at = clock();
  const { quote: priced, coupon, billing } = await priceOf(store, client, input, settings, at);
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
  for (let attempt = 0; attempt < ORDER_WRITE_ATTEMPTS; attempt++) {
    if (await createOnce(store, 'orders', order)) return order;
    // The same checkout, sent twice at once: the other send wrote it first.
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
  const updated = await upsertDoc<StoredOrder>(store, 'orders', order._id, (current) =>
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
