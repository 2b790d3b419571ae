import type { Coupon } from '../../src/domain/promo';
import type { Store } from '../../server/store/store';

/** A promo code in `admin` as the admin console leaves one: 10 % off both services, valid for years. */
export async function addCoupon(
  store: Store,
  coupon: Partial<Coupon> & Pick<Coupon, 'code'>,
): Promise<Coupon> {
  const full: Coupon = {
    kind: 'percent',
    value: 10,
    services: ['lawyerCall', 'expatCall'],
    validFrom: '2025-01-01T00:00:00.000Z',
    validUntil: '2099-12-31T23:59:59.000Z',
    maxUses: null,
    uses: 0,
    isActive: true,
    ...coupon,
  };
  await store.db('admin').insert({ _id: `coupon:${full.code}`, type: 'coupon', ...full });
  return full;
}
