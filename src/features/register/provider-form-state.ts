import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/api';
import { registerAccount } from '../../data/auth';
import { resolveLanguage } from '../../domain/languages';
import { clearDraft, loadDraft, saveDraft } from './provider-form-draft';
import { FIELD_ORDER, checklistState, formProblems, toRegistration } from './provider-form-model';
import type { FormField, ProviderForm, ProviderRole } from './provider-form-model';

/** A refused send: the service's code, and how long to wait when it says so. */
export type SendFailure = { code: string; retryAfter?: number };

/** Where an error the service gives for a request field shows on the form. */
const SERVER_FIELD: Record<string, FormField> = {
  phoneCountry: 'phone',
  whatsappCountry: 'whatsapp',
};
const EMAIL_CODES = ['email_in_use_password', 'email_in_use_google', 'email_in_use_provider', 'email_taken'];

function serverFieldErrors(error: ApiError, form: ProviderForm) {
  const fields: Partial<Record<FormField, string>> = {};
  for (const [name, code] of Object.entries(error.fields)) {
    const field = SERVER_FIELD[name] ?? (name in form ? (name as FormField) : undefined);
    if (field) fields[field] ??= code;
  }
  if (EMAIL_CODES.includes(error.code)) fields.email = error.code;
  return fields;
}

/**
 * The state of a provider registration form: the values (kept as a draft for the tab), which fields
 * the user is done with, the rules broken (shown once a field was left or a send was tried), the
 * uploads, and the send. A failed send changes nothing the user typed.
 */
export function useProviderForm(role: ProviderRole) {
  const { i18n } = useTranslation();
  const [form, setForm] = useState<ProviderForm>(() => loadDraft(role));
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<SendFailure>();
  const [serverErrors, setServerErrors] = useState<Partial<Record<FormField, string>>>({});
  const [photoPreview, setPhotoPreview] = useState<string>();
  const [documentName, setDocumentName] = useState<string>();

  useEffect(() => saveDraft(role, form), [role, form]);
  useEffect(() => () => (photoPreview ? URL.revokeObjectURL(photoPreview) : undefined), [photoPreview]);

  const problems = useMemo(() => formProblems(role, form), [role, form]);
  const checklist = useMemo(() => checklistState(role, problems), [role, problems]);

  /** The code to show under a field, if any: the service's answer first, then the form's own check. */
  const errorOf = (field: FormField): string | undefined =>
    serverErrors[field] ?? (submitted || touched.has(field) ? problems[field] : undefined);

  const update = <K extends FormField>(field: K, value: ProviderForm[K]) => {
    setForm((current) => {
      const next = { ...current, [field]: value };
      // Phone numbers are most often of the country one lives in: offer it until one is chosen.
      if (field === 'residenceCountry' && current.residenceCountry === '') {
        next.phoneCountry ||= String(value);
        next.whatsappCountry ||= String(value);
      }
      return next;
    });
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  };
  const touch = (field: FormField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  const setPhoto = (photoId: string, photo: Blob) => {
    update('profilePhoto', photoId);
    setPhotoPreview(URL.createObjectURL(photo));
  };
  const setDocument = (documentId: string, fileName: string) => {
    update('idDocument', documentId);
    setDocumentName(fileName);
  };

  /** Creates the account (signed in on success, then the page shows the pending approval), or answers the first field to fix. */
  const submit = async (): Promise<FormField | undefined> => {
    setSubmitted(true);
    const firstProblem = FIELD_ORDER[role].find((field) => problems[field]);
    if (firstProblem) return firstProblem;
    setSending(true);
    setFailure(undefined);
    try {
      await registerAccount(role, toRegistration(role, form), resolveLanguage(i18n.language));
      clearDraft(role);
      return undefined;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(0, 'server');
      const fields = serverFieldErrors(apiError, form);
      setServerErrors(fields);
      setFailure({ code: apiError.code, retryAfter: apiError.retryAfter });
      return FIELD_ORDER[role].find((field) => fields[field]);
    } finally {
      setSending(false);
    }
  };

  return {
    role,
    form,
    problems,
    checklist,
    errorOf,
    update,
    touch,
    setPhoto,
    setDocument,
    photoPreview,
    documentName,
    submit,
    sending,
    failure,
  };
}

export type ProviderFormState = ReturnType<typeof useProviderForm>;
