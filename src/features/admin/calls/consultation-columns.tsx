/** The columns of the consultation lists (all of them, and the live sessions). */
import { useTranslation } from 'react-i18next';
import type { ConsultationRow } from '../../../domain/admin-ops';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';
import { PhaseBadge, useCallLabels } from './call-labels';

export function useConsultationColumns(): AdminColumn<ConsultationRow>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const labels = useCallLabels();
  return [
    {
      key: 'consultation',
      label: t('admin.calls.columns.consultation'),
      render: (item) => (
        <span className={styles.name}>
          <span>
            {item.client.name} → {item.provider.name}
            {item.provider.isTestProfile ? ` (${t('admin.common.testData')})` : ''}
          </span>
          <span className={styles.secondary}>{item.orderId}</span>
        </span>
      ),
    },
    {
      key: 'createdAt',
      label: t('admin.calls.columns.created'),
      sortable: true,
      firstDir: 'desc',
      render: (item) => format.dateTime(item.createdAt),
    },
    {
      key: 'phase',
      label: t('admin.calls.columns.phase'),
      render: (item) => <PhaseBadge phase={item.phase} failure={item.failure} />,
    },
    {
      key: 'amount',
      label: t('admin.calls.columns.amount'),
      align: 'end',
      render: (item) => (
        <span className={styles.name}>
          <span>{format.money(item.total, item.currency)}</span>
          <span className={styles.secondary}>{labels.money(item.money)}</span>
        </span>
      ),
    },
    { key: 'state', label: t('admin.calls.columns.state'), render: (item) => labels.state(item.state) },
  ];
}
