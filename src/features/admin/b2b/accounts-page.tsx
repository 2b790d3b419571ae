/**
 * `/admin/b2b/accounts`: the company accounts, a page at a time, searched by name (any word's
 * start), filtered by state; each opens the account (details, members, prices, history).
 */
import { useTranslation } from 'react-i18next';
import type { B2bAccount } from '../../../domain/b2b';
import { ButtonLink } from '../../../ui/button';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { b2bPaths } from './b2b-view';
import { usePriceText } from './price-text';

export function B2bAccountsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const priceText = usePriceText();
  const columns: AdminColumn<B2bAccount>[] = [
    {
      key: 'name',
      label: t('admin.b2b.columns.name'),
      render: (account) => (
        <span className={detail.name}>
          <span>{account.name}</span>
          <span className={detail.secondary}>{account.billingEmail}</span>
        </span>
      ),
    },
    { key: 'currency', label: t('admin.b2b.columns.currency'), render: (account) => account.currency },
    {
      key: 'lawyerCall',
      label: t('admin.b2b.services.lawyerCall'),
      align: 'end',
      render: (a) => priceText(a, 'lawyerCall'),
    },
    {
      key: 'expatCall',
      label: t('admin.b2b.services.expatCall'),
      align: 'end',
      render: (a) => priceText(a, 'expatCall'),
    },
    {
      key: 'active',
      label: t('admin.b2b.columns.state'),
      render: (account) => (
        <span className={detail.badge} data-tone={account.active ? 'good' : 'bad'}>
          {t(account.active ? 'admin.b2b.active' : 'admin.b2b.inactive')}
        </span>
      ),
    },
    { key: 'createdAt', label: t('admin.b2b.columns.createdAt'), render: (a) => format.date(a.createdAt) },
  ];
  return (
    <AdminPage
      title={t('admin.b2b.accountsTitle')}
      subtitle={t('admin.b2b.accountsSubtitle')}
      actions={<ButtonLink to={b2bPaths.newAccount()}>{t('admin.b2b.create')}</ButtonLink>}
    >
      <AdminList<B2bAccount>
        endpoint="b2b/accounts"
        label={t('admin.b2b.accountsTitle')}
        columns={columns}
        rowKey={(account) => account.id}
        rowLink={(account) => b2bPaths.account(account.id)}
        searchLabel={t('admin.b2b.search')}
        filters={[
          {
            name: 'active',
            label: t('admin.b2b.columns.state'),
            options: [
              { value: 'true', label: t('admin.b2b.active') },
              { value: 'false', label: t('admin.b2b.inactive') },
            ],
          },
        ]}
        emptyText={t('admin.b2b.empty')}
      />
    </AdminPage>
  );
}
