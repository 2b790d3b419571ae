/**
 * An affiliate's money, from the ledger (GET /api/admin/payouts/balances?provider=affiliate:<id>),
 * one line per currency: commissions earned, taken back after refunds and lost disputes, paid out,
 * and the balance the next payout run pays; with links to its commission movements and payouts.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { affiliatePayeeId } from '../../../domain/affiliates';
import type { ProviderBalanceView } from '../../../domain/payouts';
import { useAdminErrorText } from '../ui/admin-error';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { affiliatePaths } from './affiliate-paths';
import styles from './affiliates.module.css';

export function AffiliateBalance({ affiliateId }: { affiliateId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('affiliates');
  const result = useAdminQuery<{ items: ProviderBalanceView[] }>('payouts/balances', {
    provider: affiliatePayeeId(affiliateId),
  });
  const balances = result.data?.items ?? [];
  const figures = ['earned', 'recovered', 'paidOut', 'balance'] as const;
  return (
    <section className={detail.card} aria-labelledby={`${id}-title`} data-affiliate-balance>
      <h2 id={`${id}-title`}>{t('admin.affiliates.balance.title')}</h2>
      {result.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {result.status === 'error' && (
        <p role="alert" className={detail.notice} data-tone="bad">
          {errorText(result.error)}
        </p>
      )}
      {result.status === 'ready' && balances.length === 0 && (
        <p className={detail.secondary}>{t('admin.affiliates.balance.none')}</p>
      )}
      {balances.map((balance) => (
        <dl key={balance.currency} className={styles.balanceFacts} data-currency={balance.currency}>
          {figures.map((figure) => (
            <div key={figure}>
              <dt>{t(`admin.affiliates.balance.${figure}`)}</dt>
              <dd data-figure={figure}>{format.money(balance[figure], balance.currency)}</dd>
            </div>
          ))}
        </dl>
      ))}
      <div className={detail.actions}>
        <Link to={affiliatePaths.commissions(affiliateId)}>{t('admin.affiliates.balance.commissions')}</Link>
        <Link to={affiliatePaths.payouts(affiliateId)}>{t('admin.affiliates.balance.payouts')}</Link>
      </div>
    </section>
  );
}
