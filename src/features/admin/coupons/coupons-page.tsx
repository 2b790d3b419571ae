/**
 * `/admin/coupons` (also `/admin/promos/codes`): the promo codes, a page at a time from the service,
 * searched by the start of their code, filtered by state, sorted by code, end of validity or
 * creation; each row opens the code to edit it. Uses are those of paid orders (and those held by
 * orders awaiting payment), counted by the service.
 */
import { useTranslation } from 'react-i18next';
import { COUPON_STATES } from '../../../domain/coupon-rules';
import { ButtonLink } from '../../../ui/button';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { useCouponText } from './coupon-text';
import { couponPath, STATE_TONE, useCouponsBase } from './coupon-view';
import type { CouponView } from './coupon-view';
import styles from './coupons.module.css';

export function CouponsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const text = useCouponText();
  const base = useCouponsBase();

  const columns: AdminColumn<CouponView>[] = [
    {
      key: 'code',
      label: t('admin.coupons.columns.code'),
      sortable: true,
      render: (coupon) => <span className={styles.code}>{coupon.code}</span>,
    },
    { key: 'discount', label: t('admin.coupons.columns.discount'), render: text.discount },
    { key: 'services', label: t('admin.coupons.columns.services'), render: text.services },
    {
      key: 'validUntil',
      label: t('admin.coupons.columns.validUntil'),
      sortable: true,
      firstDir: 'desc',
      render: (coupon) => format.date(coupon.validUntil),
    },
    {
      key: 'uses',
      label: t('admin.coupons.columns.uses'),
      align: 'end',
      render: (coupon) => (
        <span className={styles.uses}>
          <span>{text.uses(coupon)}</span>
          {coupon.usage.reserved > 0 && (
            <span className={detail.secondary}>
              {t('admin.coupons.reserved', { count: coupon.usage.reserved })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'perClientLimit',
      label: t('admin.coupons.columns.perClient'),
      align: 'end',
      render: (coupon) => text.limit(coupon.perClientLimit),
    },
    {
      key: 'state',
      label: t('admin.coupons.columns.state'),
      render: (coupon) => (
        <span className={detail.badge} data-tone={STATE_TONE[coupon.state]}>
          {t(`admin.coupons.state.${coupon.state}`)}
        </span>
      ),
    },
    {
      key: 'createdAt',
      label: t('admin.coupons.columns.createdAt'),
      sortable: true,
      firstDir: 'desc',
      render: (coupon) => format.date(coupon.createdAt),
    },
  ];

  return (
    <AdminPage
      title={t('admin.coupons.title')}
      subtitle={t('admin.coupons.subtitle')}
      actions={<ButtonLink to={couponPath(base)}>{t('admin.coupons.create')}</ButtonLink>}
    >
      <AdminList<CouponView>
        endpoint="coupons"
        label={t('admin.coupons.listLabel')}
        columns={columns}
        rowKey={(coupon) => coupon.code}
        rowLink={(coupon) => couponPath(base, coupon.code)}
        searchLabel={t('admin.coupons.search')}
        searchPlaceholder={t('admin.coupons.searchPlaceholder')}
        filters={[
          {
            name: 'state',
            label: t('admin.coupons.columns.state'),
            options: COUPON_STATES.map((state) => ({
              value: state,
              label: t(`admin.coupons.state.${state}`),
            })),
          },
        ]}
        defaultSort={{ key: 'code', dir: 'asc' }}
        emptyText={t('admin.coupons.empty')}
      />
    </AdminPage>
  );
}
