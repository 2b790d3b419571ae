/**
 * A mail template's form: subject and text with counters at their limits, the kind's variables to
 * insert at the caret, checked with the shared rules before sending (and again by the service),
 * the preview beside it, and the reset to the built-in wording. A refused save keeps everything
 * typed and says why under each field, naming the variables at fault.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCode } from '../../../data/api';
import {
  checkTemplateInput,
  MAIL_SUBJECT_MAX,
  MAIL_TEXT_MAX,
  missingVariables,
  unknownVariables,
} from '../../../domain/mail-templates';
import type { MailPreview, MailTemplateSource, MailTemplateView } from '../../../domain/mail-templates';
import { Button } from '../../../ui/button';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { adminSend } from '../admin-api';
import formStyles from '../pricing/admin-form.module.css';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { useTemplateErrorText } from './template-errors';
import { TemplatePreview } from './template-preview';
import { placeholder, TemplateVariables } from './template-variables';
import styles from './templates.module.css';

type Field = 'subject' | 'text';
type Props = { template: MailTemplateView; path: string; onStale: () => void; onFresh: () => void };

const fieldId = (field: Field) => `template-${field}`;

function Counter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation();
  return (
    <span className={styles.counter} data-over={length > max ? 'true' : undefined}>
      {t('commsTemplates.counter', { length, max })}
    </span>
  );
}

export function TemplateForm({ template: read, path, onStale, onFresh }: Props) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errors = useTemplateErrorText();
  const [current, setCurrent] = useState(read);
  const [draft, setDraft] = useState<MailTemplateSource>({ subject: read.subject, text: read.text });
  const [codes, setCodes] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { failure: string }>();
  const [preview, setPreview] = useState<{ mail?: MailPreview; busy: boolean; failure?: string }>({
    busy: false,
  });
  const [asking, setAsking] = useState(false);
  const lastField = useRef<Field>('text');
  const { kind } = current;

  const edit = (patch: Partial<MailTemplateSource>) => {
    setDraft((typed) => ({ ...typed, ...patch }));
    setOutcome(undefined);
  };
  const refuse = (fields: Partial<Record<string, string>>) => {
    setCodes(fields);
    setOutcome({ failure: t('admin.common.errors.validation') });
    const first = (['subject', 'text'] as const).find((field) => fields[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };
  const fieldError = (field: Field) => {
    const code = codes[field];
    const names =
      code === 'unknown_variable'
        ? unknownVariables(kind, draft[field])
        : code === 'missing_variable'
          ? missingVariables(kind, draft[field], field)
          : [];
    return errors.field(code, names.map(placeholder));
  };

  const runPreview = async (source: MailTemplateSource) => {
    const check = checkTemplateInput(kind, source);
    if (!check.ok) return setPreview({ busy: false, failure: t('commsTemplates.preview.invalid') });
    setPreview((shown) => ({ ...shown, busy: true, failure: undefined }));
    try {
      const answer = await adminSend<{ preview: MailPreview }>('POST', `${path}/preview`, check.value);
      setPreview({ mail: answer.preview, busy: false });
    } catch (error) {
      setPreview((shown) => ({ ...shown, busy: false, failure: errors.failure(error) }));
    }
  };
  // The template in force, previewed once when the page opens.
  useEffect(() => {
    void runPreview({ subject: read.subject, text: read.text });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const apply = (next: MailTemplateView) => {
    setCurrent(next);
    setDraft({ subject: next.subject, text: next.text });
    onFresh();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkTemplateInput(kind, draft);
    if (!check.ok) return refuse(check.fields);
    setSaving(true);
    setCodes({});
    try {
      const answer = await adminSend<{ template: MailTemplateView }>('PUT', path, {
        ...check.value,
        rev: current.rev,
      });
      apply(answer.template);
      setOutcome({ saved: true });
    } catch (error) {
      // A stale revision is said once, by the page's offer to reload.
      if (errorCode(error) === 'template_changed') onStale();
      else if (error instanceof ApiError && Object.keys(error.fields).length > 0) refuse(error.fields);
      else setOutcome({ failure: errors.failure(error) });
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    const rev = current.rev ? `?rev=${encodeURIComponent(current.rev)}` : '';
    try {
      apply((await adminSend<{ template: MailTemplateView }>('DELETE', `${path}${rev}`)).template);
      setOutcome(undefined);
    } catch (error) {
      if (errorCode(error) !== 'template_changed') throw error;
      onStale();
    }
  };

  const insert = (name: string) => {
    const field = lastField.current;
    const element = document.getElementById(fieldId(field)) as HTMLInputElement | HTMLTextAreaElement | null;
    const value = draft[field];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    const token = placeholder(name);
    edit({ [field]: value.slice(0, start) + token + value.slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div className={`${detail.columns} ${styles.editor}`}>
      <form
        className={formStyles.form}
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="template-form"
      >
        <fieldset className={formStyles.card}>
          <legend>{t('commsTemplates.sections.wording')}</legend>
          <p className={formStyles.hint} role="status">
            {current.customised
              ? t('commsTemplates.inForce.customised', {
                  date: format.dateTime(current.updatedAt),
                  by: current.updatedByName ?? current.updatedBy ?? '',
                })
              : t('commsTemplates.inForce.builtIn')}
          </p>
          <TextField
            id={fieldId('subject')}
            label={t('commsTemplates.fields.subject')}
            value={draft.subject}
            lang={current.language}
            autoComplete="off"
            hint={<Counter length={draft.subject.length} max={MAIL_SUBJECT_MAX} />}
            error={fieldError('subject')}
            onFocus={() => (lastField.current = 'subject')}
            onValue={(subject) => edit({ subject })}
          />
          <TextAreaField
            id={fieldId('text')}
            className={styles.text}
            label={t('commsTemplates.fields.text')}
            value={draft.text}
            lang={current.language}
            rows={16}
            hint={<Counter length={draft.text.length} max={MAIL_TEXT_MAX} />}
            error={fieldError('text')}
            onFocus={() => (lastField.current = 'text')}
            onValue={(text) => edit({ text })}
          />
          <p className={formStyles.hint}>{t('commsTemplates.htmlNote')}</p>
        </fieldset>
        <div className={formStyles.footer}>
          <Button type="submit" disabled={saving}>
            {saving ? t('admin.common.saving') : t('commsTemplates.save')}
          </Button>
          <Button variant="secondary" onClick={() => void runPreview(draft)} disabled={preview.busy}>
            {t('commsTemplates.preview.run')}
          </Button>
          <Button variant="ghost" onClick={() => setAsking(true)} disabled={!current.customised}>
            {t('commsTemplates.reset')}
          </Button>
          {outcome && 'saved' in outcome && (
            <p className={formStyles.status} role="status">
              {t('commsTemplates.saved')}
            </p>
          )}
          {outcome && 'failure' in outcome && (
            <p className={formStyles.failure} role="alert">
              {outcome.failure}
            </p>
          )}
        </div>
      </form>
      <div className={styles.aside}>
        <TemplateVariables kind={kind} onInsert={insert} />
        <TemplatePreview
          preview={preview.mail}
          busy={preview.busy}
          failure={preview.failure}
          onPreview={() => void runPreview(draft)}
        />
      </div>
      <ConfirmDialog
        open={asking}
        danger
        title={t('commsTemplates.resetTitle')}
        confirmLabel={t('commsTemplates.reset')}
        onConfirm={reset}
        onClose={() => setAsking(false)}
      >
        <p>{t('commsTemplates.resetBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
