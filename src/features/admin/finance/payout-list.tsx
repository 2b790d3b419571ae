/**
 * The payouts (GET /api/admin/payouts), newest day first, paged by the service: filtered by state
 * (the list's select), by UTC day and by payee (`?day=`, `?provider=`, set here or from a balance's
 * link), all in the URL; `payee` narrows it to affiliates (the affiliates' payouts screen). An
 * affiliate's payout names it as one, with a link to its page.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { affiliateOfPayee } from '../../../domain/affiliates';
import { PAYOUT_STATES } from '../../../domain/payouts';
import type { PayoutView, ProviderBalanceView } from '../../../domain/payouts';
import { Button } from '../../../ui/button';
import { affiliatePaths } from '../affiliates/affiliate-paths';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { PayoutStateCell, useDayFormat } from './payout-labels';
import styles from './payouts.module.css';

/** The link that narrows this page's payouts list to one payee, keeping the rest of the page's state. */
export function usePayoutsOf(): (providerId: string) => string {
  const location = useLocation();
  return (providerId) => {
    const next = new URLSearchParams(location.search);
    next.set('provider', providerId);
    next.delete('token');
    return `${location.pathname}?${next.toString()}#payouts-list`;
  };
}

/** A payee's name; an affiliate's links to its page and says it is one. */
function PayeeName({ payout }: { payout: PayoutView }) {
  const { t } = useTranslation();
  const name = payout.providerName ?? payout.providerId;
  const affiliateId = affiliateOfPayee(payout.providerId);
  if (!affiliateId) return name;
  return (
    <span className={detail.name}>
      <Link to={affiliatePaths.affiliate(affiliateId)}>{name}</Link>
      <span className={detail.secondary}>{t('admin.affiliates.payee')}</span>
    </span>
  );
}

function usePayoutColumns(payee?: 'affiliate'): AdminColumn<PayoutView>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const day = useDayFormat();
  return [
    { key: 'day', label: t('admin.payouts.list.day'), render: (item) => day(item.day) },
    {
      key: 'provider',
      label: payee ? t('admin.affiliates.payouts.affiliate') : t('admin.payouts.list.provider'),
      render: (item) => <PayeeName payout={item} />,
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

export function PayoutList({ changes, payee }: { changes: number; payee?: 'affiliate' }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const columns = usePayoutColumns(payee);
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
      query={{ day, provider, payee }}
      reloadKey={changes}
      filters={[
        {
          name: 'state',
          label: t('admin.payouts.list.filterState'),
          options: PAYOUT_STATES.map((state) => ({ value: state, label: t(`admin.payouts.state.${state}`) })),
        },
      ]}
      emptyText={payee ? t('admin.affiliates.payouts.listEmpty') : t('admin.payouts.list.empty')}
      toolbar={
        <span className={styles.filters}>
          <label className={styles.dayField}>
            {t('admin.payouts.list.filterDay')}
            <input type="date" value={day} onChange={(event) => change('day', event.target.value)} />
          </label>
          {provider && (
            <span className={styles.chip} data-provider-filter>
              {payee
                ? t('admin.affiliates.payouts.filterAffiliate', { affiliate: providerName })
                : t('admin.payouts.list.filterProvider', { provider: providerName })}
              <Button variant="ghost" size="small" onClick={() => change('provider', '')}>
                {payee ? t('admin.affiliates.payouts.allAffiliates') : t('admin.payouts.list.allProviders')}
              </Button>
            </span>
          )}
        </span>
      }
    />
  );
}
