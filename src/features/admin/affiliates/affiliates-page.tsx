/**
 * `/admin/affiliates`: the affiliates by name, a page at a time, searched by name or code, filtered
 * by state; each opens its page (form, link, balance, referred clients, history).
 */
import { useTranslation } from 'react-i18next';
import type { AffiliateView } from '../../../domain/affiliates';
import { ButtonLink } from '../../../ui/button';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { affiliatePaths } from './affiliate-paths';
import styles from './affiliates.module.css';

function useAffiliateColumns(): AdminColumn<AffiliateView>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    {
      key: 'name',
      label: t('admin.affiliates.columns.name'),
      render: (affiliate) => (
        <span className={detail.name}>
          <span>{affiliate.name}</span>
          <span className={detail.secondary}>{affiliate.email}</span>
        </span>
      ),
    },
    {
      key: 'code',
      label: t('admin.affiliates.columns.code'),
      render: (affiliate) => <span className={styles.code}>{affiliate.code}</span>,
    },
    {
      key: 'rate',
      label: t('admin.affiliates.columns.rate'),
      align: 'end',
      render: (affiliate) => format.percent(affiliate.rate),
    },
    {
      key: 'referrals',
      label: t('admin.affiliates.columns.referrals'),
      align: 'end',
      render: (affiliate) => format.number(affiliate.referrals),
    },
    {
      key: 'active',
      label: t('admin.affiliates.columns.state'),
      render: (affiliate) => (
        <span className={detail.badge} data-tone={affiliate.active ? 'good' : 'bad'}>
          {t(affiliate.active ? 'admin.affiliates.active' : 'admin.affiliates.inactive')}
        </span>
      ),
    },
  ];
}

export function AffiliatesPage() {
  const { t } = useTranslation();
  const columns = useAffiliateColumns();
  return (
    <AdminPage
      title={t('admin.affiliates.title')}
      subtitle={t('admin.affiliates.subtitle')}
      actions={<ButtonLink to={affiliatePaths.create()}>{t('admin.affiliates.create')}</ButtonLink>}
    >
      <AdminList<AffiliateView>
        endpoint="affiliates"
        label={t('admin.affiliates.title')}
        columns={columns}
        rowKey={(affiliate) => affiliate.id}
        rowLink={(affiliate) => affiliatePaths.affiliate(affiliate.id)}
        searchLabel={t('admin.affiliates.search')}
        filters={[
          {
            name: 'active',
            label: t('admin.affiliates.columns.state'),
            options: [
              { value: 'true', label: t('admin.affiliates.active') },
              { value: 'false', label: t('admin.affiliates.inactive') },
            ],
          },
        ]}
        emptyText={t('admin.affiliates.empty')}
      />
    </AdminPage>
  );
}
