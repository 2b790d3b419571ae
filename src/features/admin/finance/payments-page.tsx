/**
 * finance/payments: every payment (an order seen from its money), newest first, paged by the
 * service (GET /api/admin/payments): searched by order id, gateway id, the client's or the
 * provider's name or e-mail; filtered by the payment's state, the gateway, the currency and the
 * creation dates; sorted by date or amount. Each row opens the payment.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PaymentRow } from '../../../domain/admin-payments';
import { CURRENCIES } from '../../../domain/config';
import { PAYMENT_STATES } from '../../../domain/order';
import type { PaymentGatewayKind } from '../../../domain/order';
import { DateRange } from '../calls/date-range';
import { adminPath } from '../screens';
import { AdminList } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { usePaymentColumns } from './payment-columns';
import { useGatewayLabel } from './payment-labels';

const GATEWAYS: readonly PaymentGatewayKind[] = ['stripe', 'simulated'];

export function PaymentsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const columns = usePaymentColumns();
  const gatewayLabel = useGatewayLabel();
  return (
    <AdminPage title={t('admin.payments.title')} subtitle={t('admin.payments.subtitle')}>
      <DateRange labels={{ from: t('admin.payments.from'), to: t('admin.payments.to') }} />
      <AdminList<PaymentRow>
        endpoint="payments"
        label={t('admin.payments.listLabel')}
        columns={columns}
        rowKey={(item) => item.orderId}
        rowLink={(item) => adminPath('finance/payments/:orderId', { orderId: item.orderId })}
        query={{ from: params.get('from'), to: params.get('to') }}
        filters={[
          {
            name: 'state',
            label: t('admin.payments.filters.state'),
            options: PAYMENT_STATES.map((state) => ({
              value: state,
              label: t(`admin.payments.state.${state}`),
            })),
          },
          {
            name: 'gateway',
            label: t('admin.payments.filters.gateway'),
            options: GATEWAYS.map((gateway) => ({ value: gateway, label: gatewayLabel(gateway) })),
          },
          {
            name: 'currency',
            label: t('admin.payments.filters.currency'),
            options: CURRENCIES.map((currency) => ({ value: currency, label: currency })),
          },
        ]}
        searchLabel={t('admin.payments.search')}
        searchPlaceholder={t('admin.payments.searchPlaceholder')}
        defaultSort={{ key: 'createdAt', dir: 'desc' }}
        emptyText={t('admin.payments.empty')}
      />
    </AdminPage>
  );
}
