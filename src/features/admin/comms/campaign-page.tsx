/**
 * `/admin/comms/campaigns/:id`: a campaign as it goes: its state (scheduled, finding recipients,
 * sending, complete, cancelled), how many recipients and how many mails are queued, sent, failed,
 * bounced or skipped for a suppressed address (read again every 2 s until it is finished), a button to
 * cancel it while it is not, an A/B test's results, its deliverability figures, its texts, and its
 * recipients, filterable by state, with the reason of a failure (and their A/B group).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorCode } from '../../../data/api';
import { isCampaignOpen, MAIL_DELIVERY_STATES } from '../../../domain/comms-campaigns';
import type { CampaignView, MailDeliveryView } from '../../../domain/comms-campaigns';
import { LANGUAGES } from '../../../domain/languages';
import { Button } from '../../../ui/button';
import { languageName } from '../../../ui/intl';
import { adminSend } from '../admin-api';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminErrorText } from '../ui/admin-error';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { CampaignAbResults } from './campaign-ab-results';
import { CampaignDeliverability } from './campaign-deliverability';
import { CampaignStateBadge, MAIL_DELIVERY_TONE } from './campaign-view';
import { campaignsPath, segmentPath } from './comms-paths';
import { useCampaignProgress } from './use-campaign-progress';
import styles from './comms.module.css';

export function CampaignPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const errorText = useAdminErrorText('commsCampaigns');
  const { campaign, error, reload } = useCampaignProgress(id);
  const [asking, setAsking] = useState(false);
  const back = { to: campaignsPath(), label: t('commsCampaigns.list.backToList') };
  if (!campaign) {
    return (
      <AdminPage title={t('commsCampaigns.page.title')} back={back}>
        {error === undefined ? (
          <p role="status">{t('admin.common.loading')}</p>
        ) : (
          <p role="alert" className={detail.notice} data-tone="bad">
            {errorCode(error) === 'not_found'
              ? t('commsCampaigns.errors.campaign_not_found')
              : errorText(error)}
          </p>
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={campaign.texts.fr.subject}
      documentTitle={t('commsCampaigns.page.title')}
      subtitle={t('commsCampaigns.page.subtitle')}
      back={back}
      actions={
        isCampaignOpen(campaign.state) ? (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('commsCampaigns.page.cancel')}
          </Button>
        ) : undefined
      }
    >
      <Progress campaign={campaign} stale={error !== undefined} />
      {campaign.ab && <CampaignAbResults campaign={campaign} onChosen={reload} />}
      <CampaignDeliverability campaign={campaign} />
      <Texts campaign={campaign} />
      <Recipients campaign={campaign} />
      <ConfirmDialog
        open={asking}
        danger
        title={t('commsCampaigns.page.cancelTitle')}
        confirmLabel={t('commsCampaigns.page.cancel')}
        errorArea="commsCampaigns"
        onConfirm={() => adminSend('POST', `comms/campaigns/${encodeURIComponent(campaign.id)}/cancel`)}
        onDone={reload}
        onClose={() => setAsking(false)}
      >
        <p>{t('commsCampaigns.page.cancelBody')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}

function Progress({ campaign, stale }: { campaign: CampaignView; stale: boolean }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const figures = [
    ['total', campaign.total],
    ['queued', campaign.counts.queued],
    ['sent', campaign.counts.sent],
    ['failed', campaign.counts.failed],
    ['bounced', campaign.counts.bounced ?? 0],
    ['suppressed', campaign.counts.suppressed],
  ] as const;
  const facts = [
    ['scheduledAt', campaign.scheduledAt],
    ['createdAt', campaign.createdAt],
    ['completedAt', campaign.completedAt],
    ['cancelledAt', campaign.cancelledAt],
  ] as const;
  return (
    <section className={detail.card} aria-labelledby="campaign-progress" data-campaign={campaign.id}>
      <div className={styles.progressHead}>
        <h2 id="campaign-progress">{t('commsCampaigns.page.progress')}</h2>
        <CampaignStateBadge state={campaign.state} />
      </div>
      <dl className={styles.figures} aria-live="polite">
        {figures.map(([name, value]) => (
          <div key={name} data-figure={name}>
            <dt>{t(`commsCampaigns.page.figures.${name}`)}</dt>
            <dd>{format.number(value)}</dd>
          </div>
        ))}
      </dl>
      <dl className={detail.facts}>
        <div>
          <dt>{t('commsCampaigns.page.segment')}</dt>
          <dd>
            <Link to={segmentPath(campaign.target.segmentId)}>{campaign.target.name}</Link>
          </dd>
        </div>
        {facts.map(([name, value]) =>
          value ? (
            <div key={name}>
              <dt>{t(`commsCampaigns.page.${name}`)}</dt>
              <dd>{format.dateTime(value)}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {stale && <p className={styles.muted}>{t('commsCampaigns.page.stale')}</p>}
    </section>
  );
}

function Texts({ campaign }: { campaign: CampaignView }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={detail.section} aria-labelledby="campaign-texts">
      <h2 id="campaign-texts">{t('commsCampaigns.page.texts')}</h2>
      <div className={styles.texts}>
        {LANGUAGES.flatMap((language) => {
          const text = campaign.texts[language];
          if (!text) return [];
          return [
            <article key={language} className={detail.card} data-text-language={language}>
              <h3 className={styles.muted}>{languageName(language, i18n.language)}</h3>
              <p lang={language} className={styles.textTitle}>
                {text.subject}
              </p>
              <p lang={language} className={styles.textBody}>
                {text.body}
              </p>
            </article>,
          ];
        })}
      </div>
    </section>
  );
}

function Recipients({ campaign }: { campaign: CampaignView }) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const columns: AdminColumn<MailDeliveryView>[] = [
    {
      key: 'email',
      label: t('commsCampaigns.recipients.email'),
      render: (d) => (
        <span className={detail.name}>
          <span>{d.email}</span>
          <code className={detail.secondary}>{d.uid}</code>
        </span>
      ),
    },
    {
      key: 'language',
      label: t('commsCampaigns.recipients.language'),
      render: (d) => languageName(d.language, i18n.language),
    },
    {
      key: 'state',
      label: t('commsCampaigns.recipients.state'),
      render: (d) => (
        <span className={detail.name}>
          <span className={detail.badge} data-tone={MAIL_DELIVERY_TONE[d.state]}>
            {t(`commsCampaigns.deliveryState.${d.state}`)}
          </span>
          {d.failure && <span className={detail.secondary}>{d.failure}</span>}
        </span>
      ),
    },
    { key: 'sentAt', label: t('commsCampaigns.recipients.sentAt'), render: (d) => format.dateTime(d.sentAt) },
  ];
  if (campaign.ab) {
    columns.splice(2, 0, {
      key: 'group',
      label: t('commsCampaigns.recipients.group'),
      render: (d) => (d.group ? t(`commsCampaigns.recipients.groups.${d.group}`) : '—'),
    });
  }
  const done =
    campaign.counts.sent +
    campaign.counts.failed +
    (campaign.counts.bounced ?? 0) +
    campaign.counts.suppressed;
  return (
    <section className={detail.section} aria-labelledby="campaign-recipients">
      <h2 id="campaign-recipients">{t('commsCampaigns.recipients.title')}</h2>
      <AdminList<MailDeliveryView>
        endpoint={`comms/campaigns/${encodeURIComponent(campaign.id)}/recipients`}
        label={t('commsCampaigns.recipients.title')}
        columns={columns}
        rowKey={(d) => d.uid}
        filters={[
          {
            name: 'state',
            label: t('commsCampaigns.recipients.state'),
            options: MAIL_DELIVERY_STATES.map((state) => ({
              value: state,
              label: t(`commsCampaigns.deliveryState.${state}`),
            })),
          },
        ]}
        // Read again as sending moves on (in steps of 25 mails: the table would flicker at each tick).
        reloadKey={`${campaign.state}:${Math.floor(done / 25)}`}
        emptyText={t('commsCampaigns.recipients.empty')}
      />
    </section>
  );
}
