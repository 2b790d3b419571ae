/**
 * `/admin/affiliates/commissions`: every movement of the affiliates' commissions, newest first, a
 * page at a time: each commission earned on a consultation paid by a referred client, and each part
 * taken back after a refund or a lost dispute. Narrowed to one affiliate and to dates, in the URL.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AffiliateCommissionRow } from '../../../domain/affiliates';
import { DateRange } from '../calls/date-range';
import { AdminList } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { AffiliatePicker, useChosenAffiliate } from './affiliate-picker';
import styles from './affiliates.module.css';
import { useCommissionColumns } from './commission-columns';

export function AffiliateCommissionsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [affiliate, choose] = useChosenAffiliate();
  const columns = useCommissionColumns();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return (
    <AdminPage
      title={t('admin.affiliates.commissions.title')}
      subtitle={t('admin.affiliates.commissions.subtitle')}
    >
      <div className={styles.filters}>
        <AffiliatePicker value={affiliate} onChange={choose} />
        <DateRange
          labels={{ from: t('admin.affiliates.commissions.from'), to: t('admin.affiliates.commissions.to') }}
        />
      </div>
      <AdminList<AffiliateCommissionRow>
        endpoint="affiliates/commissions"
        label={t('admin.affiliates.commissions.title')}
        columns={columns}
        rowKey={(row) => row.id}
        query={{ affiliate, from, to }}
        emptyText={
          affiliate || from || to ? t('admin.common.emptyFiltered') : t('admin.affiliates.commissions.empty')
        }
      />
    </AdminPage>
  );
}
