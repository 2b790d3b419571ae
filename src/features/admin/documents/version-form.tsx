/**
 * The editor of a new version: number and date, then the title and text of each language (one
 * language at a time), with the preview beside it, rendered by the same component as the public
 * page. Checked here with the service's own rules before asking to confirm; the service checks
 * again and its field codes land on the same fields.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../data/api';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import { LEGAL_BODY_MAX, LEGAL_TITLE_MAX, checkLegalVersion } from '../../../domain/legal-documents';
import type { LegalDocumentView, LegalText } from '../../../domain/legal-documents';
import { Button } from '../../../ui/button';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { LegalDocument } from '../../../ui/legal-document';
import { SegmentedControl } from '../../../ui/segmented-control';
import { adminSend } from '../admin-api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import { languagesWithProblems } from './draft';
import type { Draft } from './draft';
import { useFieldError } from './use-field-error';
import styles from './documents.module.css';

type Props = {
  document: LegalDocumentView;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  language: Language;
  onLanguage: (language: Language) => void;
  onPublished: (document: LegalDocumentView) => void;
};

export function VersionForm({ document, draft, onDraft, language, onLanguage, onPublished }: Props) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const fieldError = useFieldError(document);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [asking, setAsking] = useState(false);
  const text = draft.translations[language];
  const withProblems = languagesWithProblems(fields);
  const current = document.version
    ? { version: document.version, publishedAt: document.publishedAt ?? '' }
    : undefined;

  const setText = (change: Partial<LegalText>) => {
    onDraft({ ...draft, translations: { ...draft.translations, [language]: { ...text, ...change } } });
    const { [`translations.${language}.title`]: _t, [`translations.${language}.body`]: _b, ...rest } = fields;
    setFields(rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkLegalVersion(draft, current);
    if (!check.ok) {
      setFields(check.fields);
      const first = languagesWithProblems(check.fields)[0];
      if (first && !languagesWithProblems(check.fields).includes(language)) onLanguage(first);
      return;
    }
    setFields({});
    setAsking(true);
  };
  const publish = async () => {
    try {
      const answer = await adminSend<{ document: LegalDocumentView }>(
        'POST',
        `documents/${document.slug}/versions`,
        draft,
      );
      onPublished(answer.document);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setFields(error.fields);
      throw error;
    }
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="new-version-title">
        <h2 id="new-version-title" className={styles.sectionTitle}>
          {t('admin.documents.form.title')}
        </h2>
        <div className={styles.meta}>
          <TextField
            id="doc-version"
            label={t('admin.documents.form.version')}
            hint={t('admin.documents.form.versionHint', { current: document.version ?? '—' })}
            value={draft.version}
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            error={fieldError('version', fields.version)}
            onValue={(version) => {
              onDraft({ ...draft, version });
              setFields(({ version: _v, ...rest }) => rest);
            }}
          />
          <TextField
            id="doc-date"
            type="date"
            label={t('admin.documents.form.publishedAt')}
            hint={t('admin.documents.form.publishedAtHint')}
            value={draft.publishedAt}
            error={fieldError('publishedAt', fields.publishedAt)}
            onValue={(publishedAt) => {
              onDraft({ ...draft, publishedAt });
              setFields(({ publishedAt: _p, ...rest }) => rest);
            }}
          />
        </div>
        <div className={styles.switches}>
          <SegmentedControl
            label={t('admin.documents.form.language')}
            value={language}
            onChange={onLanguage}
            segments={LANGUAGES.map((code) => ({
              value: code,
              label: withProblems.includes(code) ? `${code.toUpperCase()} ⚠` : code.toUpperCase(),
            }))}
          />
          <SegmentedControl
            className={styles.modeSwitch}
            label={t('admin.documents.form.mode')}
            value={mode}
            onChange={setMode}
            segments={[
              { value: 'edit', label: t('admin.documents.form.edit') },
              { value: 'preview', label: t('admin.documents.form.preview') },
            ]}
          />
        </div>
        {withProblems.length > 0 && (
          <p className={styles.problem} role="alert">
            {t('admin.documents.form.languagesToFix', {
              languages: withProblems.map((code) => code.toUpperCase()).join(', '),
            })}
          </p>
        )}
        <div className={styles.workspace} data-mode={mode}>
          <div className={styles.editor}>
            <TextField
              id={`doc-title-${language}`}
              label={t('admin.documents.form.docTitle', { language: language.toUpperCase() })}
              value={text.title}
              lang={language}
              maxLength={LEGAL_TITLE_MAX}
              error={fieldError(`translations.${language}.title`, fields[`translations.${language}.title`])}
              onValue={(title) => setText({ title })}
            />
            <TextAreaField
              id={`doc-body-${language}`}
              className={styles.bodyField}
              label={t('admin.documents.form.body', { language: language.toUpperCase() })}
              hint={t('admin.documents.form.bodyHint', {
                length: format.number(text.body.length),
                max: format.number(LEGAL_BODY_MAX),
              })}
              value={text.body}
              lang={language}
              rows={18}
              error={fieldError(`translations.${language}.body`, fields[`translations.${language}.body`])}
              onValue={(body) => setText({ body })}
            />
          </div>
          <section className={styles.preview} aria-labelledby="doc-preview-title">
            <p id="doc-preview-title" className={styles.previewLabel}>
              {t('admin.documents.form.previewOf', { language: language.toUpperCase() })}
            </p>
            <div className={styles.paper} lang={language} data-testid="legal-preview">
              <LegalDocument
                title={text.title}
                body={text.body}
                version={draft.version}
                publishedAt={draft.publishedAt}
                // The version line reads in the console's language, like the rest of the screen.
                language={i18n.language}
                titleLevel={2}
              />
            </div>
          </section>
        </div>
        <div className={styles.formActions}>
          <Button type="submit">
            {t('admin.documents.form.publish', { version: draft.version.trim() || '—' })}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title={t('admin.documents.confirm.title', { version: draft.version.trim() })}
        confirmLabel={t('admin.documents.confirm.action')}
        errorArea="documents"
        onConfirm={publish}
        onClose={() => setAsking(false)}
      >
        <p>{t('admin.documents.confirm.body', { current: document.version ?? '—' })}</p>
      </ConfirmDialog>
    </>
  );
}
