/**
 * `/admin/comms/templates`: every mail the platform sends, one card per kind, with its five
 * languages; each language says whether an admin's template or the built-in wording is in force,
 * and opens the editor of that mail in that language.
 */
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { Link } from 'react-router-dom';
import { MAIL_TEMPLATE_KINDS } from '../../../domain/mail-templates';
import type { MailTemplateSummary } from '../../../domain/mail-templates';
import { languageName } from '../../../ui/intl';
import { AdminPage } from '../ui/admin-page';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { templatePath } from './comms-paths';
import { useTemplateErrorText } from './template-errors';
import styles from './templates.module.css';

export function TemplatesPage() {
  const { t, i18n } = useTranslation();
  const errors = useTemplateErrorText();
  const result = useAdminQuery<{ items: MailTemplateSummary[] }>('comms/templates');

  return (
    <AdminPage title={t('commsTemplates.title')} subtitle={t('commsTemplates.subtitle')}>
      {result.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {result.status === 'error' && (
        <p role="alert" className={detail.notice} data-tone="bad">
          {errors.failure(result.error)}
        </p>
      )}
      {result.status === 'ready' && (
        <ul className={styles.kinds} aria-label={t('commsTemplates.listLabel')} data-testid="template-kinds">
          {MAIL_TEMPLATE_KINDS.map((kind) => (
            <li key={kind} className={detail.card}>
              <h2>{t(`commsTemplates.kinds.${kind}.name` as ParseKeys)}</h2>
              <p className={styles.description}>
                {t(`commsTemplates.kinds.${kind}.description` as ParseKeys)}
              </p>
              <ul className={styles.languages}>
                {result.data.items
                  .filter((item) => item.kind === kind)
                  .map((item) => (
                    <li key={item.language}>
                      <Link className={styles.language} to={templatePath(kind, item.language)}>
                        <span>{languageName(item.language, i18n.language)}</span>
                        <span className={detail.badge} data-tone={item.customised ? 'live' : undefined}>
                          {item.customised
                            ? t('commsTemplates.status.customised')
                            : t('commsTemplates.status.builtIn')}
                        </span>
                      </Link>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
