import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendContactMessage } from '../../data/contact';
import { useDataLayer } from '../../data/data-context';
import { contactProblems } from '../../domain/contact';
import { EMPTY_FORM, errorsByFormField, loadDraft, saveDraft, toMessage } from './contact-form-model';
import type { ContactForm, FormField } from './contact-form-model';

export type Outcome = { kind: 'sent' } | { kind: 'queued'; id: string };

/** The order of the fields on screen: a refused submit moves the focus to the first error. */
const FIELD_ORDER: FormField[] = [
  'firstName',
  'lastName',
  'email',
  'dialCountry',
  'customDialCode',
  'phoneNumber',
  'originCountry',
  'interventionCountry',
  'nationalities',
  'languages',
  'category',
  'subject',
  'message',
  'acceptedTerms',
];

/**
 * The contact form's state: values (kept as a draft for the tab), which fields were left, and the
 * sending. A retry of the very same text after a failure keeps the message id, so that a first try
 * that reached the server after all cannot make a second message; any edit makes a new message.
 */
export function useContactForm() {
  const { db } = useDataLayer();
  const { i18n } = useTranslation();
  const [form, setForm] = useState<ContactForm>(loadDraft);
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const lastTry = useRef<{ id: string; snapshot: string }>(undefined);

  useEffect(() => saveDraft(form), [form]);

  const errors = useMemo(
    () => errorsByFormField(contactProblems(toMessage(form, 'form-check')), form),
    [form],
  );
  const errorOf = (field: FormField) => (submitted || touched.has(field) ? errors[field] : undefined);

  const update = <K extends FormField>(field: K, value: ContactForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  const touch = (field: FormField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  /** Sends the message, or answers the first field to fix. */
  const submit = async (): Promise<FormField | undefined> => {
    setSubmitted(true);
    const firstError = FIELD_ORDER.find((field) => errors[field]);
    if (firstError) return firstError;
    const snapshot = JSON.stringify(form);
    const id = lastTry.current?.snapshot === snapshot ? lastTry.current.id : crypto.randomUUID();
    setSending(true);
    setFailed(false);
    const result = await sendContactMessage(
      db,
      toMessage(form, id, i18n.resolvedLanguage ?? i18n.language),
    ).catch(() => 'failed' as const);
    setSending(false);
    if (result === 'failed') {
      lastTry.current = { id, snapshot };
      setFailed(true);
      return undefined;
    }
    lastTry.current = undefined;
    setForm(EMPTY_FORM);
    setTouched(new Set());
    setSubmitted(false);
    setOutcome(result === 'queued' ? { kind: 'queued', id } : { kind: 'sent' });
    return undefined;
  };

  return {
    form,
    errorOf,
    update,
    touch,
    submit,
    sending,
    failed,
    outcome,
    writeAnother: () => setOutcome(undefined),
  };
}
