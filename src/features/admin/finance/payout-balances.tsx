/**
 * Payees' balances (GET /api/admin/payouts/balances), one row per payee and currency, paged by the
 * service (its state under the `b` prefix in the URL, beside the payouts list's): earned, taken back
 * after refunds and disputes, paid out, the balance; where their Stripe payouts go (a provider's set
 * or cleared in a dialog; an affiliate's on its own page); a link to their payouts below. A provider
 * with an account links to their admin page, an affiliate (`affiliate:<id>`) to its page. `payee`
 * narrows the list to affiliates (the affiliates' payouts screen).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { affiliateOfPayee } from '../../../domain/affiliates';
import type { ProviderBalanceView } from '../../../domain/payouts';
import { Button } from '../../../ui/button';
import { affiliatePageOfPayee } from '../affiliates/affiliate-paths';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { userDetailPath } from '../users/user-paths';
import { ConnectedAccountDialog } from './connected-account-dialog';
import type { AccountTarget } from './connected-account-dialog';
import styles from './payouts.module.css';

type Props = {
  changes: number;
  onChanged: () => void;
  /** The payouts list's link for one provider (`?provider=`). */
  payoutsOf: (providerId: string) => string;
  /** Only the affiliates' balances (without it, everyone's). */
  payee?: 'affiliate';
};

export function PayoutBalances({ changes, onChanged, payoutsOf, payee }: Props) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [editing, setEditing] = useState<AccountTarget>();
  const money = (amount: number, item: ProviderBalanceView) => format.money(amount, item.currency);
  const columns: AdminColumn<ProviderBalanceView>[] = [
    {
      key: 'provider',
      label: payee ? t('admin.affiliates.payouts.affiliate') : t('admin.payouts.balances.provider'),
      render: (item) => (
        <span className={detail.name} data-provider-id={item.providerId} data-currency={item.currency}>
          <span data-provider-name>{item.providerName ?? item.providerId}</span>
          <span className={detail.secondary}>
            {item.providerRole
              ? t(`admin.calls.role.${item.providerRole}`)
              : affiliateOfPayee(item.providerId)
                ? t('admin.affiliates.payee')
                : t('admin.payments.noAccount')}
          </span>
        </span>
      ),
    },
    {
      key: 'earned',
      label: t('admin.payouts.balances.earned'),
      align: 'end',
      render: (item) => money(item.earned, item),
    },
    {
      key: 'recovered',
      label: t('admin.payouts.balances.recovered'),
      align: 'end',
      render: (item) => money(item.recovered, item),
    },
    {
      key: 'paidOut',
      label: t('admin.payouts.balances.paidOut'),
      align: 'end',
      render: (item) => money(item.paidOut, item),
    },
    {
      key: 'balance',
      label: t('admin.payouts.balances.balance'),
      align: 'end',
      render: (item) => (
        <strong data-balance data-tone={item.balance < 0 ? 'bad' : undefined} className={styles.balance}>
          {money(item.balance, item)}
        </strong>
      ),
    },
    {
      key: 'account',
      label: t('admin.payouts.balances.account'),
      render: (item) => (
        <span className={styles.account}>
          {item.stripeAccountId ? (
            <code data-stripe-account>{item.stripeAccountId}</code>
          ) : (
            <span className={detail.secondary}>{t('admin.payouts.balances.noConnectedAccount')}</span>
          )}
          {/* Only a provider with an account has somewhere to keep it. */}
          {item.providerRole && (
            <Button
              variant="ghost"
              size="small"
              aria-label={t('admin.payouts.account.editOf', { name: item.providerName ?? item.providerId })}
              onClick={() =>
                setEditing({
                  providerId: item.providerId,
                  providerName: item.providerName ?? item.providerId,
                  ...(item.stripeAccountId ? { stripeAccountId: item.stripeAccountId } : {}),
                })
              }
            >
              {t('admin.payouts.account.edit')}
            </Button>
          )}
        </span>
      ),
    },
    {
      key: 'payouts',
      label: t('admin.payouts.balances.payouts'),
      render: (item) => <Link to={payoutsOf(item.providerId)}>{t('admin.payouts.balances.seePayouts')}</Link>,
    },
  ];
  return (
    <>
      <AdminList<ProviderBalanceView>
        endpoint="payouts/balances"
        label={t('admin.payouts.balances.title')}
        columns={columns}
        rowKey={(item) => `${item.providerId}:${item.currency}`}
        rowLink={(item) =>
          item.providerRole
            ? userDetailPath(item.providerRole, item.providerId)
            : (affiliatePageOfPayee(item.providerId) ?? '')
        }
        query={{ payee }}
        paramPrefix="b"
        reloadKey={changes}
        emptyText={payee ? t('admin.affiliates.payouts.balancesEmpty') : t('admin.payouts.balances.empty')}
      />
      <ConnectedAccountDialog target={editing} onDone={onChanged} onClose={() => setEditing(undefined)} />
    </>
  );
}
