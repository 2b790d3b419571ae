import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/api';
import { registerAccount } from '../../data/auth';
import { resolveLanguage } from '../../domain/languages';
import { guessPhoneCountry } from './phone-field';
import {
  CLIENT_FIELD_ORDER,
  checklist,
  clientProblems,
  loadClientDraft,
  saveClientDraft,
  toClientRegistration,
} from './client-form-model';
import type { ClientField, ClientForm } from './client-form-model';

/** E-mail codes the server gives for an address already used: shown at the e-mail field. */
const EMAIL_IN_USE = new Set(['email_in_use_password', 'email_in_use_google', 'email_in_use_provider']);

/**
 * The client registration form's state. Errors show once a field is left, and all of them on
 * submit (the button stays enabled, so the user learns what is missing); the server's field
 * errors show until the field changes.
 */
export function useClientRegistration(onRegistered: () => void) {
  const { i18n } = useTranslation();
  const [form, setForm] = useState<ClientForm>(() =>
    loadClientDraft(guessPhoneCountry(navigator.languages ?? [], i18n.language)),
  );
  const [touched, setTouched] = useState<ReadonlySet<ClientField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverFields, setServerFields] = useState<Partial<Record<ClientField, string>>>({});
  const [failure, setFailure] = useState<unknown>();

  useEffect(() => saveClientDraft(form), [form]);

  const problems = useMemo(() => clientProblems(form), [form]);
  const errorOf = (field: ClientField): string | undefined =>
    serverFields[field] ?? (submitted || touched.has(field) ? problems[field] : undefined);

  const update = <K extends ClientField>(field: K, value: ClientForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setServerFields((current) => {
      const key: ClientField =
        field === 'phoneCountry' ? 'phone' : field === 'whatsappCountry' ? 'whatsapp' : field;
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  };
  const touch = (field: ClientField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  /** Creates the account, or answers the id of the first field to fix. */
  const submit = async (): Promise<ClientField | undefined> => {
    setSubmitted(true);
    setFailure(undefined);
    const first = CLIENT_FIELD_ORDER.find((field) => problems[field]);
    if (first) return first;
    setSending(true);
    try {
      await registerAccount('client', toClientRegistration(form), resolveLanguage(i18n.language));
      saveClientDraft(undefined);
      onRegistered();
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && EMAIL_IN_USE.has(error.code)) {
        setServerFields({ email: error.code });
        return 'email';
      }
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const fields = error.fields as Partial<Record<ClientField, string>>;
        setServerFields(fields);
        return CLIENT_FIELD_ORDER.find((field) => fields[field]);
      }
      setFailure(error);
      return undefined;
    } finally {
      setSending(false);
    }
  };

  return {
    form,
    problems,
    checklist: checklist(form, problems),
    errorOf,
    update,
    touch,
    submit,
    sending,
    failure,
  };
}
