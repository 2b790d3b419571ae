import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../ui/use-admin-format';
import type { CouponView } from './coupon-view';

/** How a code's discount, services, limits and uses read in the interface language. */
export function useCouponText() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return {
    discount: (coupon: Pick<CouponView, 'kind' | 'value' | 'currency'>) =>
      coupon.kind === 'percent'
        ? t('admin.coupons.percentOff', { value: format.number(coupon.value) })
        : t('admin.coupons.amountOff', { amount: format.money(coupon.value, coupon.currency ?? 'EUR') }),
    services: (coupon: Pick<CouponView, 'services'>) =>
      coupon.services.map((service) => t(`admin.coupons.service.${service}`)).join(', '),
    limit: (value: number | null | undefined) =>
      value === null || value === undefined ? t('admin.coupons.unlimited') : format.number(value),
    uses: (coupon: Pick<CouponView, 'usage' | 'maxUses'>) =>
      coupon.maxUses === null
        ? format.number(coupon.usage.paid)
        : t('admin.coupons.usesOf', {
            used: format.number(coupon.usage.paid),
            max: format.number(coupon.maxUses),
          }),
  };
}
