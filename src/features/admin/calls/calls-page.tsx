/**
 * calls: every consultation, newest first, paged by the service (GET /api/admin/calls), searched by
 * the client's or the provider's name or the order id, filtered by the call's phase, the order's
 * state and the creation dates; each row opens the consultation.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ConsultationRow } from '../../../domain/admin-ops';
import { CALL_PHASES, ORDER_STATES } from '../../../domain/order';
import { AdminList } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useConsultationColumns } from './consultation-columns';
import { DateRange } from './date-range';

export function CallsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const columns = useConsultationColumns();
  return (
    <AdminPage title={t('admin.calls.title')} subtitle={t('admin.calls.subtitle')}>
      <DateRange />
      <AdminList<ConsultationRow>
        endpoint="calls"
        label={t('admin.calls.listLabel')}
        columns={columns}
        rowKey={(item) => item.orderId}
        rowLink={(item) => `/admin/calls/${item.orderId}`}
        query={{ from: params.get('from'), to: params.get('to') }}
        filters={[
          {
            name: 'phase',
            label: t('admin.calls.filters.phase'),
            options: CALL_PHASES.map((phase) => ({ value: phase, label: t(`admin.calls.phase.${phase}`) })),
          },
          {
            name: 'state',
            label: t('admin.calls.filters.state'),
            options: ORDER_STATES.map((state) => ({ value: state, label: t(`admin.calls.state.${state}`) })),
          },
        ]}
        searchLabel={t('admin.calls.search')}
        searchPlaceholder={t('admin.calls.searchPlaceholder')}
        defaultSort={{ key: 'createdAt', dir: 'desc' }}
        emptyText={t('admin.calls.empty')}
      />
    </AdminPage>
  );
}
