/** The columns of the payments list: who paid whom, when, how much, in what state, through what. */
import { useTranslation } from 'react-i18next';
import type { PaymentRow } from '../../../domain/admin-payments';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';
import { PaymentStateBadge, useGatewayLabel } from './payment-labels';

export function usePaymentColumns(): AdminColumn<PaymentRow>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const gatewayLabel = useGatewayLabel();
  return [
    {
      key: 'payment',
      label: t('admin.payments.columns.payment'),
      render: (item) => (
        <span className={styles.name}>
          <span>{item.orderId}</span>
          <span className={styles.secondary}>
            {item.client.name} → {item.provider.name}
            {item.provider.isTestProfile ? ` (${t('admin.common.testData')})` : ''}
          </span>
        </span>
      ),
    },
    {
      key: 'createdAt',
      label: t('admin.payments.columns.created'),
      sortable: true,
      firstDir: 'desc',
      render: (item) => format.dateTime(item.createdAt),
    },
    {
      key: 'amount',
      label: t('admin.payments.columns.amount'),
      sortable: true,
      firstDir: 'desc',
      align: 'end',
      render: (item) => format.money(item.amount, item.currency),
    },
    {
      key: 'state',
      label: t('admin.payments.columns.state'),
      render: (item) => <PaymentStateBadge state={item.state} />,
    },
    {
      key: 'gateway',
      label: t('admin.payments.columns.gateway'),
      render: (item) => (
        <span className={styles.name}>
          <span>{gatewayLabel(item.gateway)}</span>
          <span className={styles.secondary}>{item.intentId}</span>
        </span>
      ),
    },
    {
      key: 'capturedAt',
      label: t('admin.payments.columns.captured'),
      render: (item) => format.dateTime(item.capturedAt),
    },
  ];
}
