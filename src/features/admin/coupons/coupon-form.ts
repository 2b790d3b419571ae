/**
 * The promo code form's values as typed (text, so that a refused save keeps them exactly), from a
 * code and back to what the service takes. Dates are typed in the admin's own time zone
 * (`datetime-local`) and sent as instants: checkout compares instants, so the code starts and ends
 * exactly when the admin said, wherever the server runs.
 */
import type { Currency } from '../../../domain/config';
import type { CouponInput } from '../../../domain/coupon-rules';
import type { ServiceKey } from '../../../domain/promo';
import { amountText, parseAmount, parseWhole } from '../pricing/amount-input';
import type { CouponView } from './coupon-view';

export type CouponForm = {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  currency: Currency;
  services: ServiceKey[];
  validFrom: string;
  validUntil: string;
  maxUses: string;
  perClientLimit: string;
  isActive: boolean;
};

/** The fields in screen order (a refused save focuses the first one to fix). */
export const COUPON_FIELDS = [
  'code',
  'kind',
  'value',
  'currency',
  'services',
  'validFrom',
  'validUntil',
  'maxUses',
  'perClientLimit',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the device's time zone. */
export function localInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (device time) as an instant; as typed when it is not a date. */
export function instantOf(local: string): string {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : local;
}

export function newCouponForm(now: Date): CouponForm {
  const start = new Date(now);
  start.setSeconds(0, 0);
  const end = new Date(start);
  end.setMonth(end.getMonth() + 1);
  end.setHours(23, 59, 0, 0);
  return {
    code: '',
    kind: 'percent',
    value: '',
    currency: 'EUR',
    services: ['lawyerCall', 'expatCall'],
    validFrom: localInput(start.toISOString()),
    validUntil: localInput(end.toISOString()),
    maxUses: '',
    perClientLimit: '1',
    isActive: true,
  };
}

export function couponForm(coupon: CouponView, locale: string): CouponForm {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === 'fixed' ? amountText(coupon.value, locale) : String(coupon.value),
    currency: coupon.currency ?? 'EUR',
    services: [...coupon.services],
    validFrom: localInput(coupon.validFrom),
    validUntil: localInput(coupon.validUntil),
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    perClientLimit: coupon.perClientLimit === null ? '' : String(coupon.perClientLimit),
    isActive: coupon.isActive,
  };
}

/** What the service takes; a number that cannot be read is sent as such, for its own field error. */
export function couponBody(form: CouponForm): CouponInput {
  const limit = (text: string) => (text.trim() === '' ? null : (parseWhole(text) ?? Number.NaN));
  const value = form.kind === 'fixed' ? parseAmount(form.value) : parseWhole(form.value);
  return {
    code: form.code,
    kind: form.kind,
    value: value ?? (form.value.trim() === '' ? (undefined as unknown as number) : Number.NaN),
    ...(form.kind === 'fixed' ? { currency: form.currency } : {}),
    services: form.services,
    validFrom: instantOf(form.validFrom),
    validUntil: instantOf(form.validUntil),
    maxUses: limit(form.maxUses),
    perClientLimit: limit(form.perClientLimit),
    isActive: form.isActive,
  };
}
