import type { Currency } from './config';

/** The two services a price or a promo code applies to. */
export const SERVICES = ['lawyerCall', 'expatCall'] as const;
export type ServiceKey = (typeof SERVICES)[number];

/**
 * A promo code, kept by the admin console in the `admin` database (`coupon:<CODE>`). Percent codes
 * take `value` percent off; fixed codes take `value` minor units off, in `currency` only.
 */
export type Coupon = {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  currency?: Currency;
  services: ServiceKey[];
  validFrom: string;
  validUntil: string;
  maxUses: number | null;
  /**
   * Uses recorded on the code itself (before per-use records existed, or imported), which the server
   * never writes: the uses to date are these plus the uses reserved by orders, counted by the server
   * (server/services/coupons/uses.ts `couponUses`).
   */
  uses: number;
  /**
   * How many times one client may use the code (null or absent: no limit of its own). Reserved at
   * checkout like `maxUses`, one record per use (server/services/coupons/client-uses.ts).
   */
  perClientLimit?: number | null;
  isActive: boolean;
  /** When an admin created and last changed it (absent on codes seeded or imported). */
  createdAt?: string;
  updatedAt?: string;
};

export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether the code may be used now for this service (given its uses to date as `uses`). */
export function couponUsable(coupon: Coupon, service: ServiceKey, now: Date): boolean {
  const time = now.getTime();
  return (
    coupon.isActive &&
    coupon.services.includes(service) &&
    Date.parse(coupon.validFrom) <= time &&
    time <= Date.parse(coupon.validUntil) &&
    (coupon.maxUses === null || coupon.uses < coupon.maxUses)
  );
}

/** The discount, in minor units, that a code gives on a price (never more than the price). */
export function couponDiscount(
  coupon: Pick<Coupon, 'kind' | 'value' | 'currency'>,
  price: { amount: number; currency: Currency },
): number {
  if (coupon.kind === 'percent')
    return Math.min(price.amount, Math.round((price.amount * coupon.value) / 100));
  if (coupon.currency !== price.currency) return 0;
  return Math.min(price.amount, coupon.value);
}
