/**
 * `/admin/comms/templates/:kind/:language`: one mail in one language, its subject and text with
 * its variables to insert, counters at the limits, a preview with sample values, the save (naming
 * the revision read) and the reset to the built-in wording. When another admin changed it
 * meanwhile, the service refuses and this page offers to reload it; what was typed stays until then.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { useParams } from 'react-router-dom';
import { isLanguage } from '../../../domain/languages';
import { isMailTemplateKind } from '../../../domain/mail-templates';
import type { MailTemplateView } from '../../../domain/mail-templates';
import { Button } from '../../../ui/button';
import { languageName } from '../../../ui/intl';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { templatesPath } from './comms-paths';
import { useTemplateErrorText } from './template-errors';
import { TemplateForm } from './template-form';
import styles from './templates.module.css';

export function TemplateEditorPage() {
  const { t, i18n } = useTranslation();
  const { kind = '', language = '' } = useParams();
  const errors = useTemplateErrorText();
  const known = isMailTemplateKind(kind) && isLanguage(language);
  const [reads, setReads] = useState(0);
  const [stale, setStale] = useState(false);
  const path = `comms/templates/${encodeURIComponent(kind)}/${encodeURIComponent(language)}`;
  const result = useAdminQuery<{ template: MailTemplateView }>(known ? path : undefined, {}, reads);
  const back = { to: templatesPath(), label: t('commsTemplates.backToList') };
  const title = known
    ? t('commsTemplates.editTitle', {
        kind: t(`commsTemplates.kinds.${kind}.name` as ParseKeys),
        language: languageName(language, i18n.language),
      })
    : t('commsTemplates.title');

  if (!known || result.status !== 'ready') {
    return (
      <AdminPage title={title} back={back}>
        {known && result.status === 'loading' ? (
          <p role="status">{t('admin.common.loading')}</p>
        ) : (
          <p role="alert" className={detail.notice} data-tone="bad">
            {known ? errors.failure(result.error) : t('commsTemplates.errors.not_found')}
          </p>
        )}
      </AdminPage>
    );
  }
  const reload = () => {
    setStale(false);
    setReads((n) => n + 1);
  };
  return (
    <AdminPage
      title={title}
      subtitle={t(`commsTemplates.kinds.${kind}.description` as ParseKeys)}
      back={back}
    >
      {stale && (
        <div className={`${detail.notice} ${styles.stale}`} data-tone="warn" role="alert">
          <p>{t('commsTemplates.errors.template_changed')}</p>
          <Button variant="secondary" size="small" onClick={reload}>
            {t('commsTemplates.reload')}
          </Button>
        </div>
      )}
      <TemplateForm
        // A reload starts the form again from what the service has now.
        key={reads}
        template={result.data.template}
        path={path}
        onStale={() => setStale(true)}
        onFresh={() => setStale(false)}
      />
      <AuditTrail
        kind="mail_template"
        id={`${kind}:${language}`}
        reloadKey={`${reads}:${result.data.template.rev ?? 'built-in'}`}
      />
    </AdminPage>
  );
}
