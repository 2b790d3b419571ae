/**
 * The columns of the commission movements: when, whose, on which order, what (earned, or taken back
 * after a refund or a lost dispute) and how much, signed: + earned, − taken back.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AffiliateCommissionRow } from '../../../domain/affiliates';
import { adminPath } from '../screens';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import { affiliatePaths } from './affiliate-paths';
import styles from './affiliates.module.css';

/** What a movement is: a commission earned, or taken back after a refund or a lost dispute. */
export function movementOf(row: AffiliateCommissionRow): 'earned' | 'refund' | 'dispute' {
  if (row.kind === 'affiliate_commission') return 'earned';
  return row.disputeId ? 'dispute' : 'refund';
}

export function useCommissionColumns(): AdminColumn<AffiliateCommissionRow>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    { key: 'at', label: t('admin.affiliates.commissions.at'), render: (row) => format.dateTime(row.at) },
    {
      key: 'affiliate',
      label: t('admin.affiliates.commissions.affiliate'),
      render: (row) => (
        <Link to={affiliatePaths.affiliate(row.affiliateId)}>{row.affiliateName ?? row.affiliateId}</Link>
      ),
    },
    {
      key: 'order',
      label: t('admin.affiliates.commissions.order'),
      render: (row) => (
        <Link to={adminPath('finance/payments/:orderId', { orderId: row.orderId })}>{row.orderId}</Link>
      ),
    },
    {
      key: 'kind',
      label: t('admin.affiliates.commissions.kind'),
      render: (row) => t(`admin.affiliates.commissions.kinds.${movementOf(row)}`),
    },
    {
      key: 'amount',
      label: t('admin.affiliates.commissions.amount'),
      align: 'end',
      render: (row) => {
        const sign = row.kind === 'affiliate_commission' ? '+' : '−';
        return (
          <span className={styles.amount} data-sign={sign === '+' ? '+' : '-'} data-commission-amount>
            {sign}
            {format.money(Math.abs(row.amount), row.currency)}
          </span>
        );
      },
    },
  ];
}
