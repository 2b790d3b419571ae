/**
 * `/admin/comms/notifications/:id`: a notification as its delivery goes: its state (scheduled,
 * resolving the recipients, sending, complete, or cancelled before it started), how many recipients
 * and how many are queued, sent or failed (read again every 2 s until it ends), a button to cancel it
 * while it waits for its time, its texts, and its recipients, filterable by state.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorCode } from '../../../data/api';
import { DELIVERY_STATES, isBroadcastCancellable } from '../../../domain/comms';
import type { BroadcastView, DeliveryView } from '../../../domain/comms';
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
import { BroadcastStateBadge, DELIVERY_TONE, useTargetText } from './broadcast-view';
import { notificationsPath, segmentPath } from './comms-paths';
import { useBroadcastProgress } from './use-broadcast-progress';
import styles from './comms.module.css';

export function BroadcastPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const errorText = useAdminErrorText('comms');
  const { broadcast, error, reload } = useBroadcastProgress(id);
  const [asking, setAsking] = useState(false);
  const back = { to: notificationsPath(), label: t('admin.comms.notifications.backToList') };
  if (!broadcast) {
    return (
      <AdminPage title={t('admin.comms.broadcast.title')} back={back}>
        {error === undefined ? (
          <p role="status">{t('admin.common.loading')}</p>
        ) : (
          <p role="alert" className={detail.notice} data-tone="bad">
            {errorCode(error) === 'not_found'
              ? t('admin.comms.errors.broadcast_not_found')
              : errorText(error)}
          </p>
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={broadcast.texts.fr.title}
      documentTitle={t('admin.comms.broadcast.title')}
      subtitle={t('admin.comms.broadcast.subtitle')}
      back={back}
      actions={
        isBroadcastCancellable(broadcast.state) ? (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('admin.comms.broadcast.cancel')}
          </Button>
        ) : undefined
      }
    >
      <Progress broadcast={broadcast} stale={error !== undefined} />
      <Texts broadcast={broadcast} />
      <Recipients broadcast={broadcast} />
      <ConfirmDialog
        open={asking}
        danger
        title={t('admin.comms.broadcast.cancelTitle')}
        confirmLabel={t('admin.comms.broadcast.cancel')}
        errorArea="comms"
        onConfirm={() => adminSend('POST', `comms/notifications/${encodeURIComponent(broadcast.id)}/cancel`)}
        onDone={reload}
        onClose={() => setAsking(false)}
      >
        <p>{t('admin.comms.broadcast.cancelBody')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}

function Progress({ broadcast, stale }: { broadcast: BroadcastView; stale: boolean }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const targetText = useTargetText();
  const { target } = broadcast;
  const figures = [
    ['total', broadcast.total],
    ['queued', broadcast.counts.queued],
    ['sent', broadcast.counts.sent],
    ['failed', broadcast.counts.failed],
  ] as const;
  return (
    <section className={detail.card} aria-labelledby="broadcast-progress" data-broadcast={broadcast.id}>
      <div className={styles.progressHead}>
        <h2 id="broadcast-progress">{t('admin.comms.broadcast.progress')}</h2>
        <BroadcastStateBadge state={broadcast.state} />
      </div>
      <dl className={styles.figures} aria-live="polite">
        {figures.map(([name, value]) => (
          <div key={name} data-figure={name}>
            <dt>{t(`admin.comms.broadcast.figures.${name}`)}</dt>
            <dd>{format.number(value)}</dd>
          </div>
        ))}
      </dl>
      <dl className={detail.facts}>
        <div>
          <dt>{t('admin.comms.broadcast.target')}</dt>
          <dd>
            {target.kind === 'segment' ? (
              <Link to={segmentPath(target.segmentId)}>{targetText(broadcast)}</Link>
            ) : (
              targetText(broadcast)
            )}
          </dd>
        </div>
        {broadcast.scheduledAt && (
          <div data-fact="scheduledAt">
            <dt>{t('admin.comms.broadcast.scheduledAt')}</dt>
            <dd>{format.dateTime(broadcast.scheduledAt)}</dd>
          </div>
        )}
        <div>
          <dt>
            {broadcast.scheduledAt
              ? t('admin.comms.broadcast.scheduledOn')
              : t('admin.comms.broadcast.createdAt')}
          </dt>
          <dd>{format.dateTime(broadcast.createdAt)}</dd>
        </div>
        {broadcast.cancelledAt ? (
          <div>
            <dt>{t('admin.comms.broadcast.cancelledAt')}</dt>
            <dd>{format.dateTime(broadcast.cancelledAt)}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('admin.comms.broadcast.completedAt')}</dt>
            <dd>{format.dateTime(broadcast.completedAt)}</dd>
          </div>
        )}
      </dl>
      {stale && <p className={styles.muted}>{t('admin.comms.broadcast.stale')}</p>}
    </section>
  );
}

function Texts({ broadcast }: { broadcast: BroadcastView }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={detail.section} aria-labelledby="broadcast-texts">
      <h2 id="broadcast-texts">{t('admin.comms.broadcast.texts')}</h2>
      <div className={styles.texts}>
        {LANGUAGES.flatMap((language) => {
          const text = broadcast.texts[language];
          if (!text) return [];
          return [
            <article key={language} className={detail.card} data-text-language={language}>
              <h3 className={styles.muted}>{languageName(language, i18n.language)}</h3>
              <p lang={language} className={styles.textTitle}>
                {text.title}
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

function Recipients({ broadcast }: { broadcast: BroadcastView }) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const columns: AdminColumn<DeliveryView>[] = [
    { key: 'uid', label: t('admin.comms.recipients.uid'), render: (d) => <code>{d.uid}</code> },
    {
      key: 'language',
      label: t('admin.comms.recipients.language'),
      render: (d) => languageName(d.language, i18n.language),
    },
    {
      key: 'state',
      label: t('admin.comms.recipients.state'),
      render: (d) => (
        <span className={detail.name}>
          <span className={detail.badge} data-tone={DELIVERY_TONE[d.state]}>
            {t(`admin.comms.deliveryState.${d.state}`)}
          </span>
          {d.failure && <span className={detail.secondary}>{t(`admin.comms.failure.${d.failure}`)}</span>}
        </span>
      ),
    },
    { key: 'sentAt', label: t('admin.comms.recipients.sentAt'), render: (d) => format.dateTime(d.sentAt) },
  ];
  return (
    <section className={detail.section} aria-labelledby="broadcast-recipients">
      <h2 id="broadcast-recipients">{t('admin.comms.recipients.title')}</h2>
      <AdminList<DeliveryView>
        endpoint={`comms/notifications/${encodeURIComponent(broadcast.id)}/recipients`}
        label={t('admin.comms.recipients.title')}
        columns={columns}
        rowKey={(d) => d.uid}
        filters={[
          {
            name: 'state',
            label: t('admin.comms.recipients.state'),
            options: DELIVERY_STATES.map((state) => ({
              value: state,
              label: t(`admin.comms.deliveryState.${state}`),
            })),
          },
        ]}
        // Read again as the delivery moves on (not at each tick: the table would flicker).
        reloadKey={`${broadcast.state}:${broadcast.state === 'complete' ? broadcast.counts.sent : ''}`}
        emptyText={t('admin.comms.recipients.empty')}
      />
    </section>
  );
}
