/**
 * `/admin/comms/automations/new` and `/admin/comms/automations/:id`: an automation's form; for a saved
 * one, its figures, its latest sends and its change history. A change names the revision read
 * (`rev`): when another admin saved meanwhile, the service refuses and this page offers to reload it
 * (what was typed stays until the admin does). Switching it on or off is the list's button.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { AutomationInput, AutomationListItem } from '../../../domain/comms-automations';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { AdminPage } from '../ui/admin-page';
import { PendingPage } from '../ui/pending-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { AutomationFields } from './automation-fields';
import { AutomationFigures, AutomationSends } from './automation-sends';
import { automationPath, automationsPath } from './comms-paths';
import styles from './comms.module.css';

type Answer = { automation: AutomationListItem };

export function AutomationEditorPage() {
  const { id } = useParams();
  return id ? <ExistingAutomation id={id} /> : <NewAutomation />;
}

function useBack() {
  const { t } = useTranslation();
  return { to: automationsPath(), label: t('commsAutomations.list.backToList') };
}

function NewAutomation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={t('commsAutomations.editor.createTitle')}
      subtitle={t('commsAutomations.editor.subtitle')}
      back={useBack()}
    >
      <AutomationFields
        onSave={(input: AutomationInput) =>
          adminSend<Answer>('POST', 'comms/automations', input).then((answer) => answer.automation)
        }
        onSaved={(automation) => void navigate(automationPath(automation.id), { replace: true })}
      />
    </AdminPage>
  );
}

function ExistingAutomation({ id }: { id: string }) {
  const { t } = useTranslation();
  const back = useBack();
  const [reads, setReads] = useState(0);
  const [stale, setStale] = useState(false);
  // The automation as last read or saved: its `rev` goes with the next change.
  const [saved, setSaved] = useState<AutomationListItem>();
  const path = `comms/automations/${encodeURIComponent(id)}`;
  const result = useAdminQuery<Answer>(path, {}, reads);

  if (result.status !== 'ready') {
    return (
      <PendingPage
        title={t('commsAutomations.editor.editTitle')}
        back={back}
        result={result}
        errorArea="commsAutomations"
      />
    );
  }
  const automation = saved && saved.id === result.data.automation.id ? saved : result.data.automation;
  const reload = () => {
    setSaved(undefined);
    setStale(false);
    setReads((n) => n + 1);
  };
  return (
    <AdminPage
      title={automation.name}
      documentTitle={t('commsAutomations.editor.editTitle')}
      subtitle={t('commsAutomations.editor.subtitle')}
      back={back}
    >
      {stale && (
        <div className={`${detail.notice} ${styles.stale}`} data-tone="warn" role="alert">
          <p>{t('commsAutomations.errors.automation_changed')}</p>
          <Button variant="secondary" size="small" onClick={reload}>
            {t('commsAutomations.editor.reload')}
          </Button>
        </div>
      )}
      <AutomationFigures automation={automation} />
      <AutomationFields
        // A reload starts the form again from what the service has now.
        key={`${result.data.automation.id}:${reads}`}
        automation={automation}
        onSave={(input: AutomationInput) =>
          adminSend<Answer>('PUT', path, { ...input, rev: automation.rev }).then((answer) => {
            setSaved(answer.automation);
            return answer.automation;
          })
        }
        onSaved={() => setStale(false)}
        onStale={() => setStale(true)}
      />
      <AutomationSends automation={automation} />
      <AuditTrail kind="automation" id={automation.id} reloadKey={automation.rev} />
    </AdminPage>
  );
}
