/**
 * The clients an affiliate brought (GET /api/admin/affiliates/:id/referrals), newest first, a page at
 * a time (its page token under the `r` prefix in the URL); each opens the client's admin page.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferralView } from '../../../domain/affiliates';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { userDetailPath } from '../users/user-paths';

export function ReferralsPanel({ affiliateId, count }: { affiliateId: string; count: number }) {
  const { t } = useTranslation();
  const id = useId();
  const format = useAdminFormat();
  const columns: AdminColumn<ReferralView>[] = [
    {
      key: 'client',
      label: t('admin.affiliates.referrals.client'),
      render: (referral) => referral.clientName ?? referral.clientUid,
    },
    {
      key: 'at',
      label: t('admin.affiliates.referrals.at'),
      render: (referral) => format.dateTime(referral.at),
    },
  ];
  return (
    <section className={detail.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.affiliates.referrals.title', { total: format.number(count) })}</h2>
      <AdminList<ReferralView>
        endpoint={`affiliates/${encodeURIComponent(affiliateId)}/referrals`}
        label={t('admin.affiliates.referrals.label')}
        columns={columns}
        rowKey={(referral) => referral.clientUid}
        rowLink={(referral) => userDetailPath('client', referral.clientUid)}
        paramPrefix="r"
        emptyText={t('admin.affiliates.referrals.empty')}
      />
    </section>
  );
}
