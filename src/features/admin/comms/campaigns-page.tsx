/**
 * `/admin/comms/campaigns`: the mail campaigns, newest first, a page at a time from the service,
 * each with its segment, its state (and when it is due, if scheduled) and its counts; a row opens its
 * page (progress and recipients), "New campaign" opens the composer.
 */
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../domain/comms-campaigns';
import { ButtonLink } from '../../../ui/button';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { CampaignStateBadge, useCampaignCountsText } from './campaign-view';
import { campaignPath, newCampaignPath } from './comms-paths';
import styles from './comms.module.css';

export function CampaignsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const countsText = useCampaignCountsText();

  const columns: AdminColumn<CampaignView>[] = [
    {
      key: 'subject',
      label: t('commsCampaigns.list.columns.subject'),
      render: (campaign) => (
        <span className={detail.name}>
          <span className={styles.segmentName}>{campaign.texts.fr.subject}</span>
          <span className={detail.secondary}>{format.dateTime(campaign.createdAt)}</span>
        </span>
      ),
    },
    {
      key: 'segment',
      label: t('commsCampaigns.list.columns.segment'),
      render: (campaign) => <span className={styles.rules}>{campaign.target.name}</span>,
    },
    {
      key: 'state',
      label: t('commsCampaigns.list.columns.state'),
      render: (campaign) => (
        <span className={detail.name}>
          <CampaignStateBadge state={campaign.state} />
          {campaign.state === 'scheduled' && (
            <span className={detail.secondary}>
              {t('commsCampaigns.list.due', { at: format.dateTime(campaign.scheduledAt) })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'counts',
      label: t('commsCampaigns.list.columns.counts'),
      render: (campaign) => <span className={styles.rules}>{countsText(campaign)}</span>,
    },
  ];

  return (
    <AdminPage
      title={t('commsCampaigns.list.title')}
      subtitle={t('commsCampaigns.list.subtitle')}
      actions={<ButtonLink to={newCampaignPath()}>{t('commsCampaigns.list.create')}</ButtonLink>}
    >
      <AdminList<CampaignView>
        endpoint="comms/campaigns"
        label={t('commsCampaigns.list.listLabel')}
        columns={columns}
        rowKey={(campaign) => campaign.id}
        rowLink={(campaign) => campaignPath(campaign.id)}
        emptyText={t('commsCampaigns.list.empty')}
      />
    </AdminPage>
  );
}
