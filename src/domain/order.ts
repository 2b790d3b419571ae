/**
 * A consultation order: what the client pays, how the amount is computed, and what the browser and
 * the API say about it. The server computes every amount from the `config` pricing and the coupon
 * (spec section 5, "Payment"); the browser computes the same figures with the same functions to show
 * them, and sends the total it showed, which the server compares with its own.
 */
import type { BookingRequest } from './booking';
import type { Currency, Money, Pricing } from './config';
import { PAYMENT_MAX_EUR, PAYMENT_MIN_EUR } from './constants';
import { couponDiscount } from './promo';
import type { Coupon, ServiceKey } from './promo';

const CENTS = 100;
/** Bounds of a payment in minor units (spec section 9: €5 to €500; the same figures in dollars). */
export const PAYMENT_MIN_MINOR = PAYMENT_MIN_EUR * CENTS;
export const PAYMENT_MAX_MINOR = PAYMENT_MAX_EUR * CENTS;

/** The service a provider's role sells. */
export function serviceOfRole(role: 'lawyer' | 'expat'): ServiceKey {
  return role === 'lawyer' ? 'lawyerCall' : 'expatCall';
}

export type AppliedCoupon = Pick<Coupon, 'code' | 'kind' | 'value'> & { currency?: Currency };

/** What a consultation costs, all amounts in minor units of `currency`. */
export type Quote = {
  service: ServiceKey;
  currency: Currency;
  durationMinutes: number;
  /** The standard price of the service. */
  standard: number;
  discount: number;
  /** What the client pays. */
  total: number;
  coupon?: AppliedCoupon;
};

export type QuoteProblem = 'service_unavailable' | 'amount_too_low' | 'amount_too_high';

/** The price of a service with an optional coupon already checked as usable; or why it cannot be sold. */
export function quote(
  pricing: Pricing,
  service: ServiceKey,
  currency: Currency,
  coupon?: AppliedCoupon,
): { ok: true; quote: Quote } | { ok: false; problem: QuoteProblem } {
  const entry = pricing[service];
  const standard = entry?.prices[currency];
  if (!entry || !entry.isActive || !Number.isInteger(standard))
    return { ok: false, problem: 'service_unavailable' };
  const discount = coupon ? couponDiscount(coupon, { amount: standard, currency }) : 0;
  const total = standard - discount;
  if (total < PAYMENT_MIN_MINOR) return { ok: false, problem: 'amount_too_low' };
  if (total > PAYMENT_MAX_MINOR) return { ok: false, problem: 'amount_too_high' };
  return {
    ok: true,
    quote: {
      service,
      currency,
      durationMinutes: entry.durationMinutes,
      standard,
      discount,
      total,
      ...(coupon && discount > 0 ? { coupon } : {}),
    },
  };
}

/**
 * The platform's share and the provider's share of a captured amount. The commission is rounded to
 * the minor unit; the provider gets the rest, so the two always add up to the amount.
 */
export function splitCommission(
  amount: number,
  commissionRate: number,
): { commission: number; providerShare: number } {
  const rate =
    Number.isFinite(commissionRate) && commissionRate >= 0 && commissionRate <= 1 ? commissionRate : 0;
  const commission = Math.round(amount * rate);
  return { commission, providerShare: amount - commission };
}

// ---------------------------------------------------------------------------------------------
// Order states

/**
 * The payment of an order, as the gateway reports it: waiting for the card, held (authorised, to be
 * captured when the call connects), captured, released (the hold cancelled, nothing charged),
 * refunded (captured then given back), failed (the card was refused and the order abandoned).
 */
export const PAYMENT_STATES = [
  'requires_payment',
  'authorised',
  'captured',
  'released',
  'refunded',
  'failed',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * The order as a whole: awaiting payment, paid (the call is being set up or under way), completed
 * (the call took place, invoiced), failed (no consultation: the client is not charged or refunded),
 * cancelled (never paid).
 */
export const ORDER_STATES = ['awaiting_payment', 'paid', 'completed', 'failed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Why a consultation did not take place. */
export const CALL_FAILURES = ['provider_no_answer', 'client_no_answer', 'call_failed'] as const;
export type CallFailure = (typeof CALL_FAILURES)[number];

/**
 * What the client and the provider see of the call (the `call_session` document's `phase`):
 * waiting for the first call, the provider's phone ringing, the client's phone ringing, the client
 * answered and is being put through, in progress, completed, failed.
 */
export const CALL_PHASES = [
  'scheduled',
  'calling_provider',
  'calling_client',
  'connecting',
  'in_progress',
  'completed',
  'failed',
] as const;
export type CallPhase = (typeof CALL_PHASES)[number];

export function isFinalPhase(phase: CallPhase): boolean {
  return phase === 'completed' || phase === 'failed';
}

// ---------------------------------------------------------------------------------------------
// The HTTP API (DESIGN.md, "stable paths")

/** The gateways that take a card. */
export type CardGatewayKind = 'stripe' | 'simulated';
/** `account`: a B2B member's consultation, billed to their company's monthly invoice (no card). */
export type PaymentGatewayKind = CardGatewayKind | 'account';

/** The expert's simulated line in demo mode (ignored when real telephony is configured). */
export const DEMO_PROVIDER_LINES = ['answers', 'no_answer', 'fails'] as const;
export type DemoProviderLine = (typeof DEMO_PROVIDER_LINES)[number];

/** `POST /api/checkout` body. */
export type CheckoutRequest = {
  providerId: string;
  service: ServiceKey;
  currency: Currency;
  promoCode?: string;
  booking: BookingRequest;
  /** The total the client saw, in minor units: refused with `amount_mismatch` when it is not the server's. */
  expectedTotal: number;
  /** One per checkout attempt, chosen by the browser: the same key twice gives the same order. */
  idempotencyKey: string;
  demo?: { providerLine?: DemoProviderLine };
  /** Billed to this company account of which the client is a member (src/domain/b2b.ts), not a card. */
  billing?: { accountId: string };
};

/** `POST /api/checkout` answer (201, or 200 when the idempotency key was seen before). */
export type CheckoutResponse = {
  orderId: string;
  quote: Quote;
  payment: { gateway: PaymentGatewayKind; clientSecret: string; publishableKey?: string };
};

/** Codes of the checkout errors (spec section 8, "Checkout"); the browser maps them to messages. */
export type CheckoutErrorCode =
  | 'unauthenticated'
  | 'self_booking'
  | 'provider_not_found'
  | 'provider_unavailable'
  | 'service_unavailable'
  | 'booking_invalid'
  | 'promo_invalid'
  /** The client has used the code as often as its per-client limit allows. */
  | 'promo_client_limit'
  /** The service is not offered in the booking's country (admin screen "countries"). */
  | 'country_unavailable'
  | 'amount_too_low'
  | 'amount_too_high'
  | 'amount_mismatch'
  | 'payment_provider_error'
  /** Company accounts (src/domain/b2b.ts): not (or no longer) a member, account off, e-mail unconfirmed. */
  | 'b2b_not_member'
  | 'b2b_account_inactive'
  | 'b2b_email_unverified'
  /** The page's own mistakes on a company account (a code, another currency). */
  | 'b2b_no_promo'
  | 'b2b_currency';

/** Outcome of confirming a card (simulated gateway) or of Stripe.js; the card statuses of spec section 4. */
export type CardOutcome =
  | 'authorised'
  | 'requires_action'
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'invalid_card'
  | 'processing_error'
  | 'authentication_failed'
  | 'canceled';

/** `GET /api/orders/:id`: the caller's own order, as the client (or the booked provider) may see it. */
export type OrderView = {
  orderId: string;
  state: OrderState;
  service: ServiceKey;
  providerId: string;
  providerName: string;
  clientName: string;
  durationMinutes: number;
  quote: Quote;
  createdAt: string;
  payment: { gateway: PaymentGatewayKind; state: PaymentState; clientSecret?: string };
  call: {
    phase: CallPhase;
    attempt: number;
    maxAttempts: number;
    failure?: CallFailure;
    expectedCallAt?: string;
    /** Between two attempts: when the next one is placed. */
    retryAt?: string;
    connectedAt?: string;
    endsAt?: string;
    endedAt?: string;
  };
  invoiceId?: string;
  /** Billed to a company account (its name): no card was charged, the company's monthly invoice bills it. */
  billedTo?: string;
};

/** The order's booking, as kept with it. */
export type OrderBooking = BookingRequest;

export type { Money };
