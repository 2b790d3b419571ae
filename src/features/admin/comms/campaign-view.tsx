/** How a campaign reads in the console: its state as a badge, a delivery's state, its counts. */
import { useTranslation } from 'react-i18next';
import type { CampaignState, CampaignView, MailDeliveryState } from '../../../domain/comms-campaigns';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';

const CAMPAIGN_TONE: Record<CampaignState, 'live' | 'good' | 'warn' | undefined> = {
  scheduled: 'warn',
  resolving: 'live',
  sending: 'live',
  complete: 'good',
  cancelled: undefined,
};

export const MAIL_DELIVERY_TONE: Record<MailDeliveryState, 'warn' | 'good' | 'bad' | 'live' | undefined> = {
  queued: 'warn',
  sending: 'live',
  sent: 'good',
  failed: 'bad',
  bounced: 'bad',
  suppressed: undefined,
};

export function CampaignStateBadge({ state }: { state: CampaignState }) {
  const { t } = useTranslation();
  return (
    <span className={detail.badge} data-tone={CAMPAIGN_TONE[state]} data-campaign-state={state}>
      {t(`commsCampaigns.state.${state}`)}
    </span>
  );
}

/** "12 sent · 1 failed · 2 suppressed · 3 queued, of 18". */
export function useCampaignCountsText(): (campaign: Pick<CampaignView, 'counts' | 'total'>) => string {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return ({ counts, total }) =>
    t('commsCampaigns.countsLine', {
      sent: format.number(counts.sent),
      failed: format.number(counts.failed),
      suppressed: format.number(counts.suppressed),
      queued: format.number(counts.queued),
      total: format.number(total),
    });
}
