/**
 * Every way a checkout can stop, as a code, and the message each one shows
 * (`checkout.errors.<message>`; spec section 8, "Checkout"). The server's codes
 * (CheckoutErrorCode), the card outcomes (CardOutcome), Stripe.js's errors and PaymentIntent
 * statuses, and the browser's own (offline, no answer…) all end here, so no refusal is ever shown
 * as a raw code.
 */
import { ApiError } from '../../data/api';
import type { CardOutcome, CheckoutErrorCode } from '../../domain/order';

/** Problems the browser itself finds, beside the server's codes and the card outcomes. */
export type LocalProblem =
  | 'payment_config_invalid'
  | 'missing_client_secret'
  | 'card_field_not_found'
  | 'payment_failed'
  | 'invalid_payment_method'
  | 'unexpected_status'
  | 'payment_error'
  | 'phone_invalid'
  | 'missing_data'
  | 'login_required'
  | 'offline'
  | 'network'
  | 'timeout'
  | 'rate_limited'
  /** The server priced the order differently: the price changed since the page showed it. */
  | 'price_changed';

export type PaymentProblem = CheckoutErrorCode | CardOutcome | LocalProblem;

/** The texts under `checkout.errors`. */
export const PAYMENT_MESSAGES = [
  'payment_config_invalid',
  'login_required',
  'self_booking',
  'provider_not_found',
  'provider_unavailable',
  'service_unavailable',
  'missing_data',
  'phone_invalid',
  'promo_invalid',
  'promo_client_limit',
  'country_unavailable',
  'amount_too_low',
  'amount_too_high',
  'amount_mismatch',
  'missing_client_secret',
  'card_field_not_found',
  'payment_provider_error',
  'payment_failed',
  'authorised',
  'requires_action',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'invalid_card',
  'processing_error',
  'authentication_failed',
  'invalid_payment_method',
  'canceled',
  'unexpected_status',
  'payment_error',
  'offline',
  'network',
  'timeout',
  'rate_limited',
  'price_changed',
  'b2b_not_member',
  'b2b_account_inactive',
  'b2b_email_unverified',
] as const;
export type PaymentMessage = (typeof PAYMENT_MESSAGES)[number];

/** Which message each problem shows: a Record, so that a new code without a message does not compile. */
const MESSAGE_OF: Record<PaymentProblem, PaymentMessage> = {
  unauthenticated: 'login_required',
  self_booking: 'self_booking',
  provider_not_found: 'provider_not_found',
  provider_unavailable: 'provider_unavailable',
  service_unavailable: 'service_unavailable',
  booking_invalid: 'missing_data',
  promo_invalid: 'promo_invalid',
  promo_client_limit: 'promo_client_limit',
  country_unavailable: 'country_unavailable',
  amount_too_low: 'amount_too_low',
  amount_too_high: 'amount_too_high',
  amount_mismatch: 'amount_mismatch',
  payment_provider_error: 'payment_provider_error',
  authorised: 'authorised',
  requires_action: 'requires_action',
  card_declined: 'card_declined',
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_card: 'invalid_card',
  processing_error: 'processing_error',
  authentication_failed: 'authentication_failed',
  canceled: 'canceled',
  payment_config_invalid: 'payment_config_invalid',
  missing_client_secret: 'missing_client_secret',
  card_field_not_found: 'card_field_not_found',
  payment_failed: 'payment_failed',
  invalid_payment_method: 'invalid_payment_method',
  unexpected_status: 'unexpected_status',
  payment_error: 'payment_error',
  phone_invalid: 'phone_invalid',
  missing_data: 'missing_data',
  login_required: 'login_required',
  offline: 'offline',
  network: 'network',
  timeout: 'timeout',
  rate_limited: 'rate_limited',
  price_changed: 'price_changed',
  b2b_not_member: 'b2b_not_member',
  b2b_account_inactive: 'b2b_account_inactive',
  b2b_email_unverified: 'b2b_email_unverified',
  b2b_no_promo: 'payment_error',
  b2b_currency: 'payment_error',
};

export function isPaymentProblem(code: string): code is PaymentProblem {
  return Object.hasOwn(MESSAGE_OF, code);
}

/** The message of any code; an unknown one reads as the generic payment error. */
export function paymentMessageOf(code: string): PaymentMessage {
  return isPaymentProblem(code) ? MESSAGE_OF[code] : 'payment_error';
}

/**
 * The problem a failed call stands for. A refused booking names its fields: a bad phone number
 * has its own message, anything else means the request must be filled again.
 */
export function problemOf(error: unknown): PaymentProblem {
  if (!(error instanceof ApiError)) return 'payment_error';
  if (error.code === 'booking_invalid') {
    const fields = Object.entries(error.fields);
    const onlyPhones =
      fields.length > 0 && fields.every(([field]) => field === 'phone' || field === 'whatsapp');
    return onlyPhones ? 'phone_invalid' : 'missing_data';
  }
  if (error.status === 401) return 'unauthenticated';
  if (isPaymentProblem(error.code)) return error.code;
  return 'payment_error';
}

/** What the person can do about a problem: fill the request again, pick another expert, sign in, or retry. */
export type Remedy = 'booking' | 'providers' | 'login' | 'retry';

export function remedyOf(problem: PaymentProblem): Remedy {
  switch (problem) {
    case 'booking_invalid':
    case 'missing_data':
    case 'phone_invalid':
    case 'country_unavailable':
      return 'booking';
    case 'self_booking':
    case 'provider_not_found':
    case 'provider_unavailable':
    case 'service_unavailable':
      return 'providers';
    case 'unauthenticated':
    case 'login_required':
      return 'login';
    default:
      return 'retry';
  }
}

// ---------------------------------------------------------------------------------------------
// Stripe.js

/** The parts of a StripeError the checkout reads. */
export type StripeErrorLike = { type?: string; code?: string; decline_code?: string };

const INVALID_CARD_CODES = new Set([
  'incorrect_number',
  'invalid_number',
  'incomplete_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_expiry_year_past',
  'incomplete_expiry',
  'incomplete_cvc',
  'invalid_cvc',
]);

/** A refusal from `stripe.confirmPayment`, as one of the card statuses of the spec. */
export function stripeErrorProblem(error: StripeErrorLike): PaymentProblem {
  const code = error.code ?? '';
  if (code === 'card_declined') {
    const decline = error.decline_code ?? '';
    if (decline === 'insufficient_funds') return 'insufficient_funds';
    if (decline === 'expired_card') return 'expired_card';
    if (decline === 'incorrect_cvc') return 'incorrect_cvc';
    if (decline === 'processing_error') return 'processing_error';
    return 'card_declined';
  }
  if (code === 'expired_card') return 'expired_card';
  if (code === 'incorrect_cvc') return 'incorrect_cvc';
  if (code === 'processing_error') return 'processing_error';
  if (INVALID_CARD_CODES.has(code)) return 'invalid_card';
  if (code === 'payment_intent_authentication_failure') return 'authentication_failed';
  if (code === 'payment_intent_unexpected_state') return 'unexpected_status';
  if (code.startsWith('payment_method_')) return 'invalid_payment_method';
  if (error.type === 'card_error') return 'payment_failed';
  if (error.type === 'validation_error') return 'invalid_card';
  if (error.type === 'api_connection_error') return 'network';
  if (error.type === 'rate_limit_error') return 'rate_limited';
  return 'payment_error';
}

/**
 * A PaymentIntent's status after `confirmPayment`: held (manual capture) or paid means go on;
 * anything else is one of the spec's card statuses (action required, invalid method, canceled,
 * unexpected).
 */
export function intentStatusProblem(status: string | undefined): PaymentProblem | undefined {
  switch (status) {
    case 'requires_capture':
    case 'succeeded':
      return undefined;
    case 'requires_action':
      return 'requires_action';
    case 'requires_payment_method':
      return 'invalid_payment_method';
    case 'canceled':
      return 'canceled';
    default:
      return 'unexpected_status';
  }
}
