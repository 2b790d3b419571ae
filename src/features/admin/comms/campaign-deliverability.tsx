/**
 * A campaign's deliverability on its page: its mails attempted, accepted, failed, bounced and
 * complained about, with the rates (services/comms/mail-events.ts). Read again as the sending moves
 * on; bounces and complaints the provider reports after the end show at the next visit.
 */
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../domain/comms-campaigns';
import type { DeliverabilityFigures as Figures } from '../../../domain/comms-deliverability';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { DeliverabilityFigures } from './deliverability-figures';

export function CampaignDeliverability({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const { counts } = campaign;
  const done = counts.sent + counts.failed + (counts.bounced ?? 0) + counts.suppressed;
  const answer = useAdminQuery<{ figures: Figures }>(
    `comms/campaigns/${encodeURIComponent(campaign.id)}/deliverability`,
    {},
    `${campaign.state}:${Math.floor(done / 25)}`,
  );
  return (
    <section className={detail.card} aria-labelledby="campaign-deliverability" data-section="deliverability">
      <h2 id="campaign-deliverability">{t('commsCampaigns.deliverability.title')}</h2>
      {answer.status === 'ready' ? (
        <DeliverabilityFigures figures={answer.data.figures} />
      ) : answer.status === 'error' ? (
        <p role="alert" className={detail.notice} data-tone="bad">
          {t('commsCampaigns.deliverability.unavailable')}
        </p>
      ) : (
        <p role="status">{t('admin.common.loading')}</p>
      )}
    </section>
  );
}
