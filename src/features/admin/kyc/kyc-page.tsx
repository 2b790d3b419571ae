/**
 * kyc/providers: providers' identity records by status (to check, verified, rejected), oldest
 * first, filterable by profession; a row opens the record with its document.
 */
import { useTranslation } from 'react-i18next';
import { KYC_STATUSES } from '../../../domain/kyc';
import type { KycStatus, KycView } from '../../../domain/kyc';
import { PROVIDER_ROLES } from '../../../domain/professions';
import { StateTabs, useStateParam } from '../approvals/status-tabs';
import { adminPath } from '../screens';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';
import { KycBadge } from './kyc-badge';

export function KycPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [status, setStatus] = useStateParam<KycStatus>('status', KYC_STATUSES, 'pending');
  const columns: AdminColumn<KycView>[] = [
    {
      key: 'name',
      label: t('admin.kyc.columns.name'),
      render: (item) => (
        <span className={styles.name}>
          <span>{item.account?.displayName ?? item.uid}</span>
          {item.account && <span className={styles.secondary}>{item.account.email}</span>}
        </span>
      ),
    },
    { key: 'role', label: t('admin.kyc.columns.role'), render: (item) => t(`professions.${item.role}`) },
    {
      key: 'createdAt',
      label: t('admin.kyc.columns.createdAt'),
      sortable: true,
      render: (item) => format.dateTime(item.createdAt),
    },
    {
      key: 'document',
      label: t('admin.kyc.columns.document'),
      render: (item) =>
        item.document
          ? item.document.contentType === 'application/pdf'
            ? t('admin.kyc.document.pdf')
            : t('admin.kyc.document.image')
          : '—',
    },
    { key: 'bank', label: t('admin.kyc.columns.bank'), render: (item) => <code>{item.bankAccount}</code> },
    {
      key: 'status',
      label: t('admin.kyc.columns.status'),
      render: (item) => <KycBadge status={item.status} />,
    },
  ];
  return (
    <AdminPage title={t('admin.kyc.title')} subtitle={t('admin.kyc.subtitle')}>
      <StateTabs
        label={t('admin.kyc.statusLabel')}
        value={status}
        onChange={setStatus}
        options={KYC_STATUSES.map((value) => ({ value, label: t(`admin.kyc.status.${value}`) }))}
      />
      <AdminList<KycView>
        endpoint="kyc"
        label={t('admin.kyc.listLabel')}
        query={{ status }}
        columns={columns}
        rowKey={(item) => item.uid}
        rowLink={(item) => adminPath('kyc/providers/:uid', { uid: item.uid })}
        filters={[
          {
            name: 'role',
            label: t('admin.kyc.roleLabel'),
            options: PROVIDER_ROLES.map((role) => ({ value: role, label: t(`professions.${role}`) })),
          },
        ]}
        defaultSort={{ key: 'createdAt', dir: 'asc' }}
        emptyText={t(`admin.kyc.empty.${status}`)}
      />
    </AdminPage>
  );
}
