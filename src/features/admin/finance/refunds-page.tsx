/**
 * finance/refunds: every refund, newest first, paged by the service (GET /api/admin/refunds): one
 * row per refund (an order refunded in two parts is two rows), filtered by state and by the dates
 * they were asked for. Each row leads to its payment, where refunds are made (payment-refunds.tsx).
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { REFUND_STATES } from '../../../domain/admin-refunds';
import type { RefundRow } from '../../../domain/admin-refunds';
import { DateRange } from '../calls/date-range';
import { AdminList } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useRefundColumns } from './refund-columns';

export function RefundsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const columns = useRefundColumns();
  return (
    <AdminPage title={t('admin.refunds.title')} subtitle={t('admin.refunds.subtitle')}>
      <DateRange labels={{ from: t('admin.refunds.from'), to: t('admin.refunds.to') }} />
      <AdminList<RefundRow>
        endpoint="refunds"
        label={t('admin.refunds.listLabel')}
        columns={columns}
        rowKey={(item) => `${item.orderId}:${item.key}`}
        query={{ from: params.get('from'), to: params.get('to') }}
        filters={[
          {
            name: 'state',
            label: t('admin.refunds.filters.state'),
            options: REFUND_STATES.map((state) => ({
              value: state,
              label: t(`admin.refunds.state.${state}`),
            })),
          },
        ]}
        defaultSort={{ key: 'requestedAt', dir: 'desc' }}
        emptyText={t('admin.refunds.empty')}
      />
    </AdminPage>
  );
}
