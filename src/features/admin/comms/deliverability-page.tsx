/**
 * `/admin/comms/deliverability`: what became of campaign mails: the last 30 days' counts and rates
 * (mails attempted, accepted, failed; hard and soft bounces, complaints), then the latest bounces,
 * complaints and SMTP failures, newest first, searchable by the start of an address, each with its
 * campaign and whether it was seen while sending or reported later by the mail provider.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DeliverabilityFigures as Figures, MailEventView } from '../../../domain/comms-deliverability';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminErrorText } from '../ui/admin-error';
import { useAdminQuery } from '../ui/use-admin-query';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { campaignPath } from './comms-paths';
import { DeliverabilityFigures } from './deliverability-figures';

const KIND_TONE: Record<MailEventView['kind'], 'bad' | 'warn'> = {
  hard_bounce: 'bad',
  soft_bounce: 'warn',
  complaint: 'bad',
  failure: 'warn',
};

export function DeliverabilityPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('commsCampaigns');
  const recent = useAdminQuery<{ figures: Figures & { since: string } }>('comms/deliverability');

  const columns: AdminColumn<MailEventView>[] = [
    { key: 'email', label: t('commsCampaigns.deliverabilityPage.columns.email'), render: (e) => e.email },
    {
      key: 'kind',
      label: t('commsCampaigns.deliverabilityPage.columns.kind'),
      render: (e) => (
        <span className={detail.name}>
          <span className={detail.badge} data-tone={KIND_TONE[e.kind]}>
            {t(`commsCampaigns.deliverabilityPage.kind.${e.kind}`)}
          </span>
          <span className={detail.secondary}>
            {t(`commsCampaigns.deliverabilityPage.source.${e.source}`)}
          </span>
          {e.detail && <span className={detail.secondary}>{e.detail}</span>}
        </span>
      ),
    },
    {
      key: 'campaign',
      label: t('commsCampaigns.deliverabilityPage.columns.campaign'),
      render: (e) => (
        <Link to={campaignPath(e.campaignId)}>
          <code>{e.campaignId}</code>
        </Link>
      ),
    },
    {
      key: 'at',
      label: t('commsCampaigns.deliverabilityPage.columns.at'),
      render: (e) => format.dateTime(e.at),
    },
  ];

  return (
    <AdminPage
      title={t('commsCampaigns.deliverabilityPage.title')}
      subtitle={t('commsCampaigns.deliverabilityPage.subtitle')}
    >
      <section
        className={detail.card}
        aria-labelledby="deliverability-window"
        data-section="deliverability-window"
      >
        {recent.status === 'ready' ? (
          <>
            <h2 id="deliverability-window">
              {t('commsCampaigns.deliverabilityPage.window', {
                since: format.date(recent.data.figures.since),
              })}
            </h2>
            <DeliverabilityFigures figures={recent.data.figures} />
          </>
        ) : recent.status === 'error' ? (
          <p role="alert" id="deliverability-window" className={detail.notice} data-tone="bad">
            {errorText(recent.error)}
          </p>
        ) : (
          <p role="status" id="deliverability-window">
            {t('admin.common.loading')}
          </p>
        )}
      </section>
      <section className={detail.section} aria-labelledby="deliverability-events">
        <h2 id="deliverability-events">{t('commsCampaigns.deliverabilityPage.events')}</h2>
        <AdminList<MailEventView>
          endpoint="comms/deliverability/events"
          label={t('commsCampaigns.deliverabilityPage.listLabel')}
          columns={columns}
          rowKey={(e) => `${e.messageId}:${e.kind}`}
          searchLabel={t('commsCampaigns.deliverabilityPage.search')}
          searchPlaceholder={t('commsCampaigns.deliverabilityPage.searchPlaceholder')}
          emptyText={t('commsCampaigns.deliverabilityPage.empty')}
        />
      </section>
    </AdminPage>
  );
}
