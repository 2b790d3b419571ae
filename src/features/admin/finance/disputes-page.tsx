/**
 * finance/disputes: the payments cardholders dispute, newest first, paged by the service
 * (GET /api/admin/disputes), filtered by state (open, won, lost): the amount disputed and the share
 * held from the provider, the reason, the evidence deadline with the days left, and the payment.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DISPUTE_STATES } from '../../../domain/disputes';
import type { DisputeRow } from '../../../domain/disputes';
import { adminPath } from '../screens';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';
import { DisputeDeadline, DisputeReason, DisputeStateBadge } from './dispute-labels';

function useDisputeColumns(): AdminColumn<DisputeRow>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    {
      key: 'openedAt',
      label: t('admin.disputes.columns.opened'),
      render: (item) => format.dateTime(item.openedAt),
    },
    {
      key: 'order',
      label: t('admin.disputes.columns.order'),
      render: (item) => (
        <span className={styles.name}>
          <Link to={adminPath('finance/payments/:orderId', { orderId: item.orderId })}>{item.orderId}</Link>
          {item.clientName && (
            <span className={styles.secondary}>
              {item.clientName}
              {item.providerName ? ` → ${item.providerName}` : ''}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'amount',
      label: t('admin.disputes.columns.amount'),
      align: 'end',
      render: (item) => format.money(item.amount, item.currency),
    },
    {
      key: 'held',
      label: t('admin.disputes.columns.held'),
      align: 'end',
      render: (item) => format.money(item.held, item.currency),
    },
    {
      key: 'reason',
      label: t('admin.disputes.columns.reason'),
      render: (item) => <DisputeReason reason={item.reason} />,
    },
    {
      key: 'deadline',
      label: t('admin.disputes.columns.deadline'),
      render: (item) => <DisputeDeadline dispute={item} />,
    },
    {
      key: 'state',
      label: t('admin.disputes.columns.state'),
      render: (item) => <DisputeStateBadge state={item.state} />,
    },
  ];
}

export function DisputesPage() {
  const { t } = useTranslation();
  const columns = useDisputeColumns();
  return (
    <AdminPage title={t('admin.disputes.title')} subtitle={t('admin.disputes.subtitle')}>
      <AdminList<DisputeRow>
        endpoint="disputes"
        label={t('admin.disputes.listLabel')}
        columns={columns}
        rowKey={(item) => item.disputeId}
        filters={[
          {
            name: 'status',
            label: t('admin.disputes.filters.status'),
            options: DISPUTE_STATES.map((state) => ({
              value: state,
              label: t(`admin.disputes.state.${state}`),
            })),
          },
        ]}
        emptyText={t('admin.disputes.empty')}
      />
    </AdminPage>
  );
}
