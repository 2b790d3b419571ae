/** The columns of the refunds list: when, which payment, whose, how much, why, by whom, its credit note. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RefundRow } from '../../../domain/admin-refunds';
import { adminPath } from '../screens';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';
import { RefundBy, RefundStateBadge } from './refund-labels';

export function useRefundColumns(): AdminColumn<RefundRow>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    {
      key: 'requestedAt',
      label: t('admin.refunds.columns.date'),
      sortable: true,
      firstDir: 'desc',
      render: (item) => format.dateTime(item.refundedAt ?? item.requestedAt),
    },
    {
      key: 'order',
      label: t('admin.refunds.columns.order'),
      render: (item) => (
        <Link to={adminPath('finance/payments/:orderId', { orderId: item.orderId })}>{item.orderId}</Link>
      ),
    },
    {
      key: 'client',
      label: t('admin.refunds.columns.client'),
      render: (item) => (
        <span className={styles.name}>
          <span>{item.clientName}</span>
          <span className={styles.secondary}>{item.clientEmail}</span>
        </span>
      ),
    },
    {
      key: 'provider',
      label: t('admin.refunds.columns.provider'),
      render: (item) => item.providerName,
    },
    {
      key: 'amount',
      label: t('admin.refunds.columns.amount'),
      align: 'end',
      render: (item) => (
        <span className={styles.name}>
          <span>−{format.money(item.amount, item.currency)}</span>
          <span className={styles.secondary}>/ {format.money(item.paymentTotal, item.currency)}</span>
        </span>
      ),
    },
    {
      key: 'reason',
      label: t('admin.refunds.columns.reason'),
      render: (item) => item.reason,
    },
    {
      key: 'by',
      label: t('admin.refunds.columns.by'),
      render: (item) => <RefundBy by={item.by} name={item.byName} />,
    },
    {
      key: 'state',
      label: t('admin.refunds.columns.state'),
      render: (item) => <RefundStateBadge state={item.state} />,
    },
    {
      key: 'creditNote',
      label: t('admin.refunds.columns.creditNote'),
      render: (item) => (
        <span data-credit-note={item.creditNote?.number}>{item.creditNote?.number ?? '—'}</span>
      ),
    },
  ];
}
