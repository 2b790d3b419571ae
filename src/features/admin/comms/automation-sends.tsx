/**
 * An automation's figures (sent, failed, suppressed, queued, when it was switched on and when the
 * service last looked for messages due) and its latest sends, newest first, filterable by state,
 * each with its recipient, the language they got it in and, for a failure, the reason.
 */
import { useTranslation } from 'react-i18next';
import { AUTOMATION_SEND_STATES } from '../../../domain/comms-automations';
import type { AutomationListItem, AutomationSendView } from '../../../domain/comms-automations';
import { languageName } from '../../../ui/intl';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { AutomationStateBadge, SEND_TONE } from './automation-view';
import styles from './comms.module.css';

export function AutomationFigures({ automation }: { automation: AutomationListItem }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const figures = (['sent', 'failed', 'suppressed', 'queued'] as const).map(
    (name) => [name, automation.counts[name]] as const,
  );
  return (
    <section className={detail.card} aria-labelledby="automation-figures" data-automation-id={automation.id}>
      <div className={styles.progressHead}>
        <h2 id="automation-figures">{t('commsAutomations.stats.title')}</h2>
        <AutomationStateBadge enabled={automation.enabled} />
      </div>
      <dl className={styles.figures}>
        {figures.map(([name, value]) => (
          <div key={name} data-figure={name}>
            <dt>{t(`commsAutomations.stats.${name}`)}</dt>
            <dd>{format.number(value)}</dd>
          </div>
        ))}
      </dl>
      <dl className={detail.facts}>
        {automation.enabled && automation.enabledAt && (
          <div>
            <dt>{t('commsAutomations.stats.enabledAt')}</dt>
            <dd>{format.dateTime(automation.enabledAt)}</dd>
          </div>
        )}
        <div>
          <dt>{t('commsAutomations.stats.lastRunAt')}</dt>
          <dd>
            {automation.lastRunAt
              ? format.dateTime(automation.lastRunAt)
              : t('commsAutomations.stats.neverRun')}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function AutomationSends({ automation }: { automation: AutomationListItem }) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const columns: AdminColumn<AutomationSendView>[] = [
    {
      key: 'recipient',
      label: t('commsAutomations.sends.recipient'),
      render: (send) => (
        <span className={detail.name}>
          <span>{send.email ?? send.uid}</span>
          <code className={detail.secondary}>{send.uid}</code>
          {send.occurrence && (
            <span className={detail.secondary}>
              {t('commsAutomations.sends.order', { id: send.occurrence })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'language',
      label: t('commsAutomations.sends.language'),
      render: (send) => languageName(send.language, i18n.language),
    },
    {
      key: 'state',
      label: t('commsAutomations.sends.state'),
      render: (send) => (
        <span className={detail.name}>
          <span className={detail.badge} data-tone={SEND_TONE[send.state]}>
            {t(`commsAutomations.sendState.${send.state}`)}
          </span>
          {send.failure && <span className={detail.secondary}>{send.failure}</span>}
        </span>
      ),
    },
    {
      key: 'createdAt',
      label: t('commsAutomations.sends.createdAt'),
      render: (send) => format.dateTime(send.sentAt ?? send.createdAt),
    },
  ];
  return (
    <section className={detail.section} aria-labelledby="automation-sends">
      <h2 id="automation-sends">{t('commsAutomations.sends.title')}</h2>
      <AdminList<AutomationSendView>
        endpoint={`comms/automations/${encodeURIComponent(automation.id)}/sends`}
        label={t('commsAutomations.sends.title')}
        columns={columns}
        rowKey={(send) => `${send.uid}:${send.occurrence ?? ''}`}
        filters={[
          {
            name: 'state',
            label: t('commsAutomations.sends.state'),
            options: AUTOMATION_SEND_STATES.map((state) => ({
              value: state,
              label: t(`commsAutomations.sendState.${state}`),
            })),
          },
        ]}
        reloadKey={automation.lastRunAt ?? ''}
        emptyText={t('commsAutomations.sends.empty')}
      />
    </section>
  );
}
