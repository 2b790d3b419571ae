/**
 * A promo code as the console reads it (`GET /api/admin/coupons…`, server/services/admin/coupons.ts
 * `CouponView`), how its discount, limits and uses read in the interface language, and the paths of
 * its screens under either of their two names (`coupons`, `promos/codes`).
 */
import { useLocation } from 'react-router-dom';
import type { CouponState } from '../../../domain/coupon-rules';
import type { Coupon } from '../../../domain/promo';
import { adminPath } from '../screens';

export type CouponView = Coupon & {
  perClientLimit: number | null;
  state: CouponState;
  usage: { paid: number; reserved: number };
};

/** `coupons` or `promos/codes`: the name the admin came in by, kept for the pages that follow. */
export function useCouponsBase(): string {
  const { pathname } = useLocation();
  return pathname.startsWith('/admin/promos/codes') ? 'promos/codes' : 'coupons';
}

export const couponPath = (base: string, code?: string) =>
  code ? adminPath(`${base}/:code`, { code }) : adminPath(`${base}/new`);
export const couponsPath = (base: string) => adminPath(base);

/** The tone of a state's badge. */
export const STATE_TONE: Record<CouponState, 'good' | 'warn' | 'bad' | undefined> = {
  active: 'good',
  scheduled: 'warn',
  expired: undefined,
  disabled: 'bad',
};
