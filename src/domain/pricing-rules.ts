/**
 * The prices and durations an admin sets (admin screen "pricing", `config/pricing`), checked by the
 * server before saving and by the console before sending. A price is within the spec's payment
 * bounds (€5 to €500, the same figures in dollars: order.ts), in minor units; a duration is whole
 * minutes, at least `CALL_MINUTES_MIN` and at most the platform's maximum call duration (settings),
 * so that every consultation sold can take place.
 */
import { CURRENCIES } from './config';
import type { Pricing, ServicePrice } from './config';
import { PAYMENT_MAX_MINOR, PAYMENT_MIN_MINOR } from './order';
import { SERVICES } from './promo';

/** The shortest consultation that can be sold, in minutes. */
export const CALL_MINUTES_MIN = 5;

/** Why a field was refused (`lawyerCall.prices.EUR`…); the console shows `admin.pricing.errors.<code>`. */
export type PricingFieldProblem =
  | 'required'
  | 'value_invalid'
  | 'price_out_of_range'
  | 'duration_out_of_range'
  | 'above_max_call_duration'
  | 'unknown_field';

export type PricingCheck =
  { ok: true; value: Pricing } | { ok: false; fields: Partial<Record<string, PricingFieldProblem>> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function unknownKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  at: string,
  fields: Partial<Record<string, PricingFieldProblem>>,
) {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) fields[`${at}${key}`] = 'unknown_field';
}

/** The whole pricing checked; `maxCallDuration` is the platform's current maximum, in minutes. */
export function checkPricing(input: unknown, maxCallDuration: number): PricingCheck {
  const fields: Partial<Record<string, PricingFieldProblem>> = {};
  if (!isRecord(input)) return { ok: false, fields: { pricing: 'value_invalid' } };
  unknownKeys(input, SERVICES, '', fields);
  const pricing: Partial<Pricing> = {};
  for (const service of SERVICES) {
    const entry = input[service];
    if (!isRecord(entry)) {
      fields[service] = entry === undefined ? 'required' : 'value_invalid';
      continue;
    }
    unknownKeys(entry, ['prices', 'durationMinutes', 'isActive'], `${service}.`, fields);
    const prices = isRecord(entry.prices) ? entry.prices : undefined;
    if (!prices) fields[`${service}.prices`] = 'required';
    else {
      unknownKeys(prices, CURRENCIES, `${service}.prices.`, fields);
      for (const currency of CURRENCIES) {
        const price = prices[currency];
        const at = `${service}.prices.${currency}`;
        if (price === undefined || price === null) fields[at] = 'required';
        else if (typeof price !== 'number' || !Number.isSafeInteger(price)) fields[at] = 'value_invalid';
        else if (price < PAYMENT_MIN_MINOR || price > PAYMENT_MAX_MINOR) fields[at] = 'price_out_of_range';
      }
    }
    const minutes = entry.durationMinutes;
    const at = `${service}.durationMinutes`;
    if (minutes === undefined || minutes === null) fields[at] = 'required';
    else if (typeof minutes !== 'number' || !Number.isSafeInteger(minutes)) fields[at] = 'value_invalid';
    else if (minutes < CALL_MINUTES_MIN) fields[at] = 'duration_out_of_range';
    else if (minutes > maxCallDuration) fields[at] = 'above_max_call_duration';
    const isActive = entry.isActive ?? true;
    if (typeof isActive !== 'boolean') fields[`${service}.isActive`] = 'value_invalid';
    if (prices) {
      pricing[service] = {
        prices: { EUR: prices.EUR as number, USD: prices.USD as number },
        durationMinutes: minutes as number,
        isActive: isActive as boolean,
      } satisfies ServicePrice;
    }
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: pricing as Pricing };
}
