/**
 * The queue of one role's approval requests (approvals/lawyers, approvals/expats): waiting or
 * rejected ones, oldest first, each with its age (past the 24-hour target for lawyers, in red),
 * its country and the state of its identity check; a row opens the request with everything the
 * provider submitted.
 */
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestView, ApprovalStatus } from '../../../domain/approval';
import { APPROVAL_STATUSES } from '../../../domain/approval';
import { LAWYER_VALIDATION_HOURS } from '../../../domain/constants';
import type { ProviderRole } from '../../../domain/professions';
import { countryName } from '../../../ui/intl';
import { KycBadge } from '../kyc/kyc-badge';
import { adminPath } from '../screens';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { ApprovalAge } from './approval-age';
import { StateTabs, useStateParam } from './status-tabs';
import styles from './trust.module.css';

/** The detail route of a request, per role. */
export const APPROVAL_DETAIL_PATHS: Record<ProviderRole, string> = {
  lawyer: 'approvals/lawyers/:uid',
  expat: 'approvals/expats/:uid',
};

export function ApprovalQueue({ role }: { role: ProviderRole }) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const [status, setStatus] = useStateParam<ApprovalStatus>('status', APPROVAL_STATUSES, 'pending');

  const columns: AdminColumn<ApprovalRequestView>[] = [
    {
      key: 'name',
      label: t('admin.approvals.columns.name'),
      render: (item) => (
        <span className={detail.name}>
          <span>{item.displayName}</span>
          <span className={detail.secondary}>{item.email}</span>
        </span>
      ),
    },
    {
      key: 'age',
      label: t('admin.approvals.columns.age'),
      render: (item) => <ApprovalAge hours={item.ageHours} overdue={item.overdue} />,
    },
    {
      key: 'createdAt',
      label: t('admin.approvals.columns.createdAt'),
      sortable: true,
      render: (item) => format.dateTime(item.createdAt),
    },
    {
      key: 'country',
      label: t('admin.approvals.columns.country'),
      render: (item) => {
        const code = item.profile?.residenceCountry;
        return code ? countryName(code, i18n.language) : '—';
      },
    },
    {
      key: 'identity',
      label: t('admin.approvals.columns.identity'),
      render: (item) => (item.kyc ? <KycBadge status={item.kyc.status} /> : '—'),
    },
    status === 'rejected'
      ? {
          key: 'rejection',
          label: t('admin.approvals.columns.rejection'),
          render: (item) => <span className={styles.clip}>{item.rejection?.reason}</span>,
        }
      : {
          key: 'email',
          label: t('admin.approvals.columns.email'),
          render: (item) =>
            item.isVerifiedEmail ? (
              <span className={detail.badge} data-tone="good">
                {t('admin.approvals.emailVerified')}
              </span>
            ) : (
              <span className={detail.badge}>{t('admin.approvals.emailNotVerified')}</span>
            ),
        },
  ];

  return (
    <AdminPage
      title={role === 'lawyer' ? t('admin.approvals.titleLawyers') : t('admin.approvals.titleExpats')}
      subtitle={
        role === 'lawyer'
          ? t('admin.approvals.targetLawyers', { hours: LAWYER_VALIDATION_HOURS })
          : t('admin.approvals.subtitleExpats')
      }
    >
      <StateTabs
        label={t('admin.approvals.statusLabel')}
        value={status}
        onChange={setStatus}
        options={APPROVAL_STATUSES.map((value) => ({
          value,
          label: t(`admin.approvals.status.${value}`),
        }))}
      />
      <AdminList<ApprovalRequestView>
        endpoint="approvals"
        label={t('admin.approvals.listLabel')}
        query={{ role, status }}
        columns={columns}
        rowKey={(item) => item.uid}
        rowLink={(item) => adminPath(APPROVAL_DETAIL_PATHS[role], { uid: item.uid })}
        defaultSort={{ key: 'createdAt', dir: 'asc' }}
        emptyText={
          status === 'pending' ? t('admin.approvals.emptyPending') : t('admin.approvals.emptyRejected')
        }
      />
    </AdminPage>
  );
}
