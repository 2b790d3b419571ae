/**
 * `/admin/comms/automations`: the automations, newest first, a page at a time from the service, each
 * with its trigger and delay, its channel, whether it is on (a button switches it, the list is read
 * again), its figures and when the service last looked for messages due; a row opens its editor.
 * Switching one on counts events from then on only: the page says so.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutomationListItem } from '../../../domain/comms-automations';
import { Button, ButtonLink } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { AutomationStateBadge, useAutomationCountsText, useDelayText } from './automation-view';
import { automationPath, newAutomationPath } from './comms-paths';
import styles from './comms.module.css';

/** Switches one automation on or off; the list is read again once the service answered. */
function Switch({ automation, onDone }: { automation: AutomationListItem; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useAdminErrorText('commsAutomations');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const action = automation.enabled ? 'disable' : 'enable';
  const toggle = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await adminSend('POST', `comms/automations/${encodeURIComponent(automation.id)}/${action}`);
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={detail.name}>
      <Button
        variant="secondary"
        size="small"
        disabled={busy}
        aria-label={t(
          automation.enabled ? 'commsAutomations.list.switchOffOne' : 'commsAutomations.list.switchOnOne',
          { name: automation.name },
        )}
        onClick={() => void toggle()}
      >
        {t(automation.enabled ? 'commsAutomations.list.switchOff' : 'commsAutomations.list.switchOn')}
      </Button>
      {failure && (
        <span role="alert" className={detail.secondary}>
          {failure}
        </span>
      )}
    </span>
  );
}

export function AutomationsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const countsText = useAutomationCountsText();
  const delayText = useDelayText();
  const [reload, setReload] = useState(0);

  const columns: AdminColumn<AutomationListItem>[] = [
    {
      key: 'name',
      label: t('commsAutomations.list.columns.name'),
      render: (automation) => (
        <span className={detail.name}>
          <span className={styles.segmentName}>{automation.name}</span>
          <span className={detail.secondary}>{t(`commsAutomations.channel.${automation.channel}`)}</span>
        </span>
      ),
    },
    {
      key: 'trigger',
      label: t('commsAutomations.list.columns.trigger'),
      render: (automation) => (
        <span className={detail.name}>
          <span>{t(`commsAutomations.trigger.${automation.trigger}`)}</span>
          <span className={detail.secondary}>{delayText(automation.delay)}</span>
        </span>
      ),
    },
    {
      key: 'state',
      label: t('commsAutomations.list.columns.state'),
      render: (automation) => (
        <span className={detail.name} data-automation={automation.name}>
          <AutomationStateBadge enabled={automation.enabled} />
          <Switch automation={automation} onDone={() => setReload((n) => n + 1)} />
        </span>
      ),
    },
    {
      key: 'counts',
      label: t('commsAutomations.list.columns.counts'),
      render: (automation) => <span className={styles.rules}>{countsText(automation.counts)}</span>,
    },
    {
      key: 'lastRun',
      label: t('commsAutomations.list.columns.lastRun'),
      render: (automation) =>
        automation.lastRunAt ? format.dateTime(automation.lastRunAt) : t('commsAutomations.list.neverRun'),
    },
  ];

  return (
    <AdminPage
      title={t('commsAutomations.list.title')}
      subtitle={t('commsAutomations.list.subtitle')}
      actions={<ButtonLink to={newAutomationPath()}>{t('commsAutomations.list.create')}</ButtonLink>}
    >
      <p className={styles.muted}>{t('commsAutomations.editor.onlyNew')}</p>
      <AdminList<AutomationListItem>
        endpoint="comms/automations"
        label={t('commsAutomations.list.listLabel')}
        columns={columns}
        rowKey={(automation) => automation.id}
        rowLink={(automation) => automationPath(automation.id)}
        reloadKey={reload}
        emptyText={t('commsAutomations.list.empty')}
      />
    </AdminPage>
  );
}
