/**
 * The shape of a checkout request (`POST /api/checkout`), not its rules: wrong types are the
 * browser's bug, answered 400 invalid_request. The rules are the checkout service's (checkout.ts).
 */
import { CURRENCIES } from '../../src/domain/config';
import type { Currency } from '../../src/domain/config';
import { DEMO_PROVIDER_LINES } from '../../src/domain/order';
import type { CheckoutRequest, DemoProviderLine } from '../../src/domain/order';
import { SERVICES } from '../../src/domain/promo';
import type { ServiceKey } from '../../src/domain/promo';
import { ApiError } from '../http/errors';

const IDEMPOTENCY_KEY_MAX = 200;
const PROVIDER_ID_MAX = 64;

const invalid = (message: string) => new ApiError(400, 'invalid_request', message);

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
