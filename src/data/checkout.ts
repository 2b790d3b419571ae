/**
 * The checkout's calls to the service: the payment options (real or demo), promo codes, creating
 * the order, and confirming the card with the simulated gateway or after Stripe.js. Payment needs
 * the server's judgement, so none of this is queued offline: offline, the calls fail at once with
 * `offline` (see `api`).
 *
 * An order is created with an idempotency key chosen by the browser. The key is kept for the tab
 * (sessionStorage) with a fingerprint of what is being bought, so that a retry after a lost answer,
 * or after a reload, gives back the same order instead of a second one; buying something else (another
 * currency, another code, another request) takes a new key.
 */
import type { B2bBillingOption } from '../domain/b2b';
import type { TestLine } from '../domain/demo-mode';
import type {
  AppliedCoupon,
  CardOutcome,
  CheckoutRequest,
  CheckoutResponse,
  OrderView,
  PaymentGatewayKind,
} from '../domain/order';
import { normalizePromoCode } from '../domain/promo';
import type { ServiceKey } from '../domain/promo';
import { ApiError, api } from './api';

/** `GET /api/checkout/options`: which gateway and telephony serve payments, and the demo hints. */
export type CheckoutOptions = {
  payments: PaymentGatewayKind;
  telephony: 'twilio' | 'simulated';
  publishableKey?: string;
  testCards?: string[];
  testNumbers?: Record<string, TestLine>;
};

export function loadCheckoutOptions(): Promise<CheckoutOptions> {
  return api<CheckoutOptions>('/api/checkout/options');
}

// ---------------------------------------------------------------------------------------------
// Promo codes

export type PromoCheck =
  | { kind: 'valid'; coupon: AppliedCoupon }
  | { kind: 'error'; code: 'promo_required' | 'promo_invalid' | 'offline' | 'promo_error' };

/** Whether a promo code can be used now for a service, and what it takes off. */
export async function validatePromoCode(code: string, service: ServiceKey): Promise<PromoCheck> {
  const normalized = normalizePromoCode(code);
  if (!normalized) return { kind: 'error', code: 'promo_required' };
  try {
    const answer = await api<AppliedCoupon>('/api/promo/validate', {
      body: { code: normalized, service },
    });
    return {
      kind: 'valid',
      coupon: {
        code: answer.code ?? normalized,
        kind: answer.kind,
        value: answer.value,
        ...(answer.currency ? { currency: answer.currency } : {}),
      },
    };
  } catch (error) {
    const failure = error instanceof ApiError ? error.code : 'promo_error';
    if (failure === 'promo_invalid' || failure === 'promo_required') return { kind: 'error', code: failure };
    return { kind: 'error', code: failure === 'offline' ? 'offline' : 'promo_error' };
  }
}

// ---------------------------------------------------------------------------------------------
// The order and its idempotency key

type StoredAttempt = { key: string; fingerprint: string };

const attemptKey = (providerId: string) => `sos-expat:checkout:${providerId}`;

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers: 128 random bits in the UUID's shape.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What an order buys, as a string: the same purchase gives the same fingerprint. */
export function purchaseFingerprint(request: Omit<CheckoutRequest, 'idempotencyKey'>): string {
  return JSON.stringify([
    request.providerId,
    request.service,
    request.currency,
    request.promoCode ?? '',
    request.expectedTotal,
    request.booking,
    request.demo?.providerLine ?? '',
    request.billing?.accountId ?? '',
  ]);
}

/**
 * The idempotency key of this purchase: the one kept for the tab when it is the same purchase
 * (a retry), a fresh one otherwise.
 */
export function idempotencyKeyFor(providerId: string, fingerprint: string): string {
  try {
    const stored = JSON.parse(
      sessionStorage.getItem(attemptKey(providerId)) ?? 'null',
    ) as StoredAttempt | null;
    if (stored && typeof stored.key === 'string' && stored.fingerprint === fingerprint) return stored.key;
  } catch {
    // Unreadable: a new attempt.
  }
  const key = newKey();
  try {
    sessionStorage.setItem(
      attemptKey(providerId),
      JSON.stringify({ key, fingerprint } satisfies StoredAttempt),
    );
  } catch {
    // Storage disabled: the key still serves this page's retries.
  }
  return key;
}

/** The purchase is over (paid): the next one takes a new key. */
export function forgetCheckoutAttempt(providerId: string): void {
  try {
    sessionStorage.removeItem(attemptKey(providerId));
  } catch {
    // Nothing kept.
  }
}

/** The company accounts the signed-in client may bill a consultation to (B2B members; often none). */
export async function loadBillingAccounts(): Promise<B2bBillingOption[]> {
  return (await api<{ accounts: B2bBillingOption[] }>('/api/checkout/billing-accounts')).accounts;
}

/** Creates the order (or gives back the one this key already created) and its payment. */
export function createCheckout(request: CheckoutRequest): Promise<CheckoutResponse> {
  return api<CheckoutResponse>('/api/checkout', { body: request });
}

// ---------------------------------------------------------------------------------------------
// Paying

export type CardEntry = { number: string; exp: string; cvc: string };
export type CardAnswer = { orderId: string; outcome: Extract<CardOutcome, 'authorised' | 'requires_action'> };

/** Demo mode: the simulated gateway reads the card (Stripe's test numbers). Refusals throw `ApiError`. */
export function confirmSimulatedCard(clientSecret: string, card: CardEntry): Promise<CardAnswer> {
  return api<CardAnswer>('/api/payments/simulated/confirm', { body: { clientSecret, card } });
}

/** Demo mode: the answer to the simulated 3-D Secure question. */
export function authenticateSimulated(clientSecret: string, approve: boolean): Promise<CardAnswer> {
  return api<CardAnswer>('/api/payments/simulated/authenticate', { body: { clientSecret, approve } });
}

/** After Stripe.js confirmed the card: the server checks the PaymentIntent and starts the call. */
export function confirmOrder(orderId: string): Promise<{ order: OrderView }> {
  return api<{ order: OrderView }>(`/api/orders/${encodeURIComponent(orderId)}/confirm`, { method: 'POST' });
}
