/**
 * The payouts (GET /api/admin/payouts), newest day first, paged by the service: filtered by state
 * (the list's select), by UTC day and by provider (`?day=`, `?provider=`, set here or from a
 * balance's link), all in the URL.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PAYOUT_STATES } from '../../../domain/payouts';
import type { PayoutView, ProviderBalanceView } from '../../../domain/payouts';
import { Button } from '../../../ui/button';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { PayoutStateCell, useDayFormat } from './payout-labels';
import styles from './payouts.module.css';

function usePayoutColumns(): AdminColumn<PayoutView>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const day = useDayFormat();
  return [
    { key: 'day', label: t('admin.payouts.list.day'), render: (item) => day(item.day) },
    {
      key: 'provider',
      label: t('admin.payouts.list.provider'),
      render: (item) => item.providerName ?? item.providerId,
    },
    {
      key: 'amount',
      label: t('admin.payouts.list.amount'),
      align: 'end',
      render: (item) => format.money(item.amount, item.currency),
    },
    {
      key: 'state',
      label: t('admin.payouts.list.state'),
      render: (item) => <PayoutStateCell payout={item} />,
    },
    {
      key: 'way',
      label: t('admin.payouts.list.way'),
      render: (item) => (
        <span className={detail.name}>
          <span>
            {item.method === 'manual'
              ? t('admin.payouts.method.manual')
              : t(`admin.payouts.method.${item.gateway}`)}
          </span>
          {(item.transferId ?? item.destination) && (
            <span className={detail.secondary}>{item.transferId ?? item.destination}</span>
          )}
        </span>
      ),
    },
    {
      key: 'updatedAt',
      label: t('admin.payouts.list.updated'),
      render: (item) => format.dateTime(item.updatedAt),
    },
  ];
}

export function PayoutList({ changes }: { changes: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const columns = usePayoutColumns();
  const day = params.get('day') ?? '';
  const provider = params.get('provider') ?? '';
  // The filtered provider's name, for the filter's chip (the URL holds only their id).
  const named = useAdminQuery<{ items: ProviderBalanceView[] }>(provider ? 'payouts/balances' : undefined, {
    provider,
    limit: 1,
  });
  const providerName = named.data?.items[0]?.providerName ?? provider;
  const change = (name: 'day' | 'provider', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('token');
    setParams(next);
  };
  return (
    <AdminList<PayoutView>
      endpoint="payouts"
      label={t('admin.payouts.list.title')}
      columns={columns}
      rowKey={(item) => item.id}
      query={{ day, provider }}
      reloadKey={changes}
      filters={[
        {
          name: 'state',
          label: t('admin.payouts.list.filterState'),
          options: PAYOUT_STATES.map((state) => ({ value: state, label: t(`admin.payouts.state.${state}`) })),
        },
      ]}
      emptyText={t('admin.payouts.list.empty')}
      toolbar={
        <span className={styles.filters}>
          <label className={styles.dayField}>
            {t('admin.payouts.list.filterDay')}
            <input type="date" value={day} onChange={(event) => change('day', event.target.value)} />
          </label>
          {provider && (
            <span className={styles.chip} data-provider-filter>
              {t('admin.payouts.list.filterProvider', { provider: providerName })}
              <Button variant="ghost" size="small" onClick={() => change('provider', '')}>
                {t('admin.payouts.list.allProviders')}
              </Button>
            </span>
          )}
        </span>
      }
    />
  );
}
