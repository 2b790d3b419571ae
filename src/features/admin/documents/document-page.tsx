/**
 * documents/:slug: one legal document. Its current version and date; the editor of the next
 * version (prefilled from the current one) with the preview; the versions kept; the audit trail.
 * A publication goes to `content`, so every device shows it after its next sync, offline included.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LANGUAGES, resolveLanguage } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import type { LegalDocumentView } from '../../../domain/legal-documents';
import { adminPath } from '../screens';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { PendingPage } from '../ui/pending-page';
import { draftFrom } from './draft';
import type { Draft } from './draft';
import { VersionForm } from './version-form';
import { VersionHistory } from './version-history';
import styles from './documents.module.css';

/** The console's notice, its success in bold and its paragraphs closer (this screen's own). */
const noticeClass = `${detail.notice} ${styles.notice}`;

export function DocumentPage() {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const { slug = '' } = useParams();
  const [changes, setChanges] = useState(0);
  const [published, setPublished] = useState<string>();
  const [language, setLanguage] = useState<Language>(resolveLanguage(i18n.language));
  const result = useAdminQuery<{ document: LegalDocumentView }>(
    `documents/${encodeURIComponent(slug)}`,
    {},
    changes,
  );
  const document = result.data?.document;
  // The draft starts from each version read (again after a publication).
  const [draft, setDraft] = useState<{ from?: LegalDocumentView; value?: Draft }>({});
  if (document && draft.from !== document)
    setDraft({ from: document, value: draftFrom(document, new Date()) });
  const back = { to: adminPath('documents'), label: t('admin.documents.back') };

  if (!document || !draft.value) {
    return (
      <PendingPage title={t('admin.documents.title')} back={back} result={result} errorArea="documents" />
    );
  }
  const uiLanguage = resolveLanguage(i18n.language);
  const title = document.titles[uiLanguage] ?? document.titles.fr ?? slug;
  return (
    <AdminPage
      title={title}
      subtitle={
        document.version
          ? t('admin.documents.current', {
              version: document.version,
              date: format.date(document.publishedAt),
            })
          : t('admin.documents.notPublished')
      }
      back={back}
    >
      {published && (
        <p className={noticeClass} data-tone="good" role="status">
          {t('admin.documents.published', { version: published })}
        </p>
      )}
      {LANGUAGES.some((code) => !document.translations[code]) && (
        <p className={noticeClass} data-tone="warn">
          {t('admin.documents.missingLanguages', {
            languages: LANGUAGES.filter((code) => !document.translations[code])
              .map((code) => code.toUpperCase())
              .join(', '),
          })}
        </p>
      )}
      <VersionForm
        document={document}
        draft={draft.value}
        onDraft={(value) => {
          setPublished(undefined);
          setDraft({ from: document, value });
        }}
        language={language}
        onLanguage={setLanguage}
        onPublished={(next) => {
          setPublished(next.version);
          setChanges((n) => n + 1);
        }}
      />
      <VersionHistory
        slug={slug}
        language={language}
        reloadKey={changes}
        onUse={(translations) => {
          const value = draft.value!;
          setDraft({
            from: document,
            value: {
              ...value,
              translations: Object.fromEntries(
                LANGUAGES.map((code) => [code, translations[code] ?? value.translations[code]]),
              ) as Draft['translations'],
            },
          });
        }}
      />
      <AuditTrail kind="legal-document" id={slug} reloadKey={changes} />
    </AdminPage>
  );
}
