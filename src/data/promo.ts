import { CSRF_HEADER, CSRF_VALUE } from '../domain/account';
import type { Currency } from '../domain/config';
import type { ServiceKey } from '../domain/promo';

export type PromoResult =
  | {
      kind: 'valid';
      discounts: Partial<
        Record<ServiceKey, { kind: 'percent' | 'fixed'; value: number; currency?: Currency }>
      >;
    }
  | { kind: 'error'; code: 'promo_required' | 'promo_invalid' | 'offline' | 'promo_error' };

/**
 * Checks a promo code with the server for each service. It needs a connection: offline, the answer
 * says so rather than guessing.
 */
export async function checkPromoCode(code: string, services: readonly ServiceKey[]): Promise<PromoResult> {
  if (!code.trim()) return { kind: 'error', code: 'promo_required' };
  if (!navigator.onLine) return { kind: 'error', code: 'offline' };
  try {
    const answers = await Promise.all(
      services.map(async (service) => {
        const response = await fetch('/api/promo/validate', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
          body: JSON.stringify({ code, service }),
        });
        return { service, response, body: (await response.json()) as Record<string, unknown> };
      }),
    );
    const discounts: Extract<PromoResult, { kind: 'valid' }>['discounts'] = {};
    for (const { service, response, body } of answers) {
      if (response.ok) {
        discounts[service] = body as { kind: 'percent' | 'fixed'; value: number; currency?: Currency };
      } else if (response.status >= 500) return { kind: 'error', code: 'promo_error' };
    }
    return Object.keys(discounts).length > 0
      ? { kind: 'valid', discounts }
      : { kind: 'error', code: 'promo_invalid' };
  } catch {
    return { kind: 'error', code: navigator.onLine ? 'promo_error' : 'offline' };
  }
}
