/**
 * A promo code as an admin enters it (admin screen "coupons" = "promos/codes"), checked by the server
 * before saving and by the console before sending, with the same rules that checkout then applies
 * (promo.ts `couponUsable`, `couponDiscount`; server/services/checkout.ts): what is accepted here is
 * exactly what a client can use, and a code that could never be used at checkout (a discount leaving
 * less than the €5 minimum to pay) is refused here rather than discovered by a client.
 */
import { CURRENCIES } from './config';
import type { Currency, Pricing } from './config';
import { PAYMENT_MAX_MINOR, PAYMENT_MIN_MINOR } from './order';
import { couponDiscount, normalizePromoCode, SERVICES } from './promo';
import type { Coupon, ServiceKey } from './promo';

export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;
export const COUPON_CODE_MAX = 30;
export const COUPON_PERCENT_MAX = 100;
export const COUPON_MAX_USES_MAX = 1_000_000;
export const COUPON_PER_CLIENT_MAX = 1_000;

/** What the admin sends: every field of a code but its uses, which only checkout records. */
export type CouponInput = Pick<
  Coupon,
  'kind' | 'value' | 'services' | 'validFrom' | 'validUntil' | 'maxUses' | 'isActive'
> & { code: string; currency?: Currency; perClientLimit: number | null };

/** Why a field was refused; the console shows `admin.coupons.errors.<code>`. */
export type CouponFieldProblem =
  | 'required'
  | 'value_invalid'
  | 'format_invalid'
  | 'out_of_range'
  | 'before_start'
  | 'above_max_uses'
  | 'total_below_minimum'
  | 'unknown_field'
  | 'taken';

export type CouponCheck =
  { ok: true; value: CouponInput } | { ok: false; fields: Partial<Record<string, CouponFieldProblem>> };

const FIELDS = [
  'code',
  'kind',
  'value',
  'currency',
  'services',
  'validFrom',
  'validUntil',
  'maxUses',
  'perClientLimit',
  'isActive',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function instant(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const time = Date.parse(value);
  // A date alone would be read as UTC midnight: the console always sends the admin's instant.
  return Number.isFinite(time) && /T\d{2}:\d{2}/.test(value) ? new Date(time).toISOString() : undefined;
}

function optionalLimit(value: unknown, max: number): number | null | 'required' | 'value_invalid' {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return 'value_invalid';
  return value >= 1 && value <= max ? value : 'value_invalid';
}

/**
 * The code checked and tidied (code upper-cased, dates as ISO instants); `pricing` is the current
 * one, against which the discount must leave at least the minimum payment (the service always
 * gives it; the console, which does not read the pricing, leaves that check to the service).
 */
export function checkCouponInput(input: unknown, pricing?: Pricing): CouponCheck {
  const fields: Partial<Record<string, CouponFieldProblem>> = {};
  if (!isRecord(input)) return { ok: false, fields: { coupon: 'value_invalid' } };
  for (const key of Object.keys(input)) {
    if (!(FIELDS as readonly string[]).includes(key)) fields[key] = 'unknown_field';
  }

  const code = typeof input.code === 'string' ? normalizePromoCode(input.code) : '';
  if (!code) fields.code = 'required';
  else if (!COUPON_CODE_PATTERN.test(code)) fields.code = 'format_invalid';

  const kind = input.kind;
  if (kind !== 'percent' && kind !== 'fixed') fields.kind = kind === undefined ? 'required' : 'value_invalid';

  const value = input.value;
  const currency = input.currency === '' || input.currency === null ? undefined : input.currency;
  if (value === undefined || value === null || value === '') fields.value = 'required';
  else if (typeof value !== 'number' || !Number.isSafeInteger(value)) fields.value = 'value_invalid';
  else if (kind === 'percent' && (value < 1 || value > COUPON_PERCENT_MAX)) fields.value = 'out_of_range';
  else if (kind === 'fixed' && (value < 1 || value > PAYMENT_MAX_MINOR)) fields.value = 'out_of_range';
  if (kind === 'fixed' && currency === undefined) fields.currency = 'required';
  else if (currency !== undefined && !CURRENCIES.includes(currency as Currency))
    fields.currency = 'value_invalid';

  const services = Array.isArray(input.services) ? [...new Set(input.services as unknown[])] : undefined;
  if (!services || services.length === 0) fields.services = 'required';
  else if (!services.every((service) => SERVICES.includes(service as ServiceKey)))
    fields.services = 'value_invalid';

  const validFrom = instant(input.validFrom);
  const validUntil = instant(input.validUntil);
  if (!validFrom) fields.validFrom = input.validFrom ? 'value_invalid' : 'required';
  if (!validUntil) fields.validUntil = input.validUntil ? 'value_invalid' : 'required';
  else if (validFrom && Date.parse(validUntil) <= Date.parse(validFrom)) fields.validUntil = 'before_start';

  const maxUses = optionalLimit(input.maxUses, COUPON_MAX_USES_MAX);
  if (typeof maxUses === 'string') fields.maxUses = maxUses;
  const perClientLimit = optionalLimit(input.perClientLimit, COUPON_PER_CLIENT_MAX);
  if (typeof perClientLimit === 'string') fields.perClientLimit = perClientLimit;
  else if (typeof maxUses === 'number' && typeof perClientLimit === 'number' && perClientLimit > maxUses)
    fields.perClientLimit = 'above_max_uses';

  const isActive = input.isActive ?? true;
  if (typeof isActive !== 'boolean') fields.isActive = 'value_invalid';

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const coupon: CouponInput = {
    code,
    kind: kind as CouponInput['kind'],
    value: value as number,
    ...(kind === 'fixed' ? { currency: currency as Currency } : {}),
    services: SERVICES.filter((service) => (services as unknown[]).includes(service)),
    validFrom: validFrom!,
    validUntil: validUntil!,
    maxUses: maxUses as number | null,
    perClientLimit: perClientLimit as number | null,
    isActive: isActive as boolean,
  };
  if (pricing && leavesTooLittle(coupon, pricing))
    return { ok: false, fields: { value: 'total_below_minimum' } };
  return { ok: true, value: coupon };
}

/** Whether the code would bring a price it applies to under the minimum payment (checkout refuses it). */
export function leavesTooLittle(
  coupon: Pick<CouponInput, 'kind' | 'value' | 'currency' | 'services'>,
  pricing: Pricing,
): boolean {
  return coupon.services.some((service) =>
    CURRENCIES.some((currency) => {
      const amount = pricing[service]?.prices[currency];
      if (!Number.isInteger(amount)) return false;
      const discount = couponDiscount(coupon, { amount, currency });
      return discount > 0 && amount - discount < PAYMENT_MIN_MINOR;
    }),
  );
}

/** Where a code stands now, for the console's list and filter. */
export const COUPON_STATES = ['active', 'scheduled', 'expired', 'disabled'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export function couponState(
  coupon: Pick<Coupon, 'isActive' | 'validFrom' | 'validUntil'>,
  now: Date,
): CouponState {
  if (!coupon.isActive) return 'disabled';
  const time = now.getTime();
  if (time > Date.parse(coupon.validUntil)) return 'expired';
  if (time < Date.parse(coupon.validFrom)) return 'scheduled';
  return 'active';
}
