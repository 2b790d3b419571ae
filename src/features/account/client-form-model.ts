/**
 * What the client registration form holds while the user types (spec section 3, "Client
 * registration"), how it becomes the `ClientRegistration` sent to the server, and the progress
 * checklist. The draft (never the password) is kept for the tab, so a look at the terms loses nothing.
 */
import { registrationProblems } from '../../domain/registration';
import type { ClientRegistration, RegistrationProblems } from '../../domain/registration';

export type ClientForm = {
  firstName: string;
  email: string;
  password: string;
  languages: string[];
  languageOther: string;
  phoneCountry: string;
  phone: string;
  whatsappCountry: string;
  whatsapp: string;
  acceptedTerms: boolean;
  remember: boolean;
};
export type ClientField = keyof ClientForm;

export function emptyClientForm(phoneCountry: string): ClientForm {
  return {
    firstName: '',
    email: '',
    password: '',
    languages: [],
    languageOther: '',
    phoneCountry,
    phone: '',
    whatsappCountry: phoneCountry,
    whatsapp: '',
    acceptedTerms: false,
    remember: false,
  };
}

export function toClientRegistration(form: ClientForm): ClientRegistration {
  return {
    firstName: form.firstName.trim(),
    email: form.email,
    password: form.password,
    languages: form.languages,
    languageOther: form.languageOther.trim() || undefined,
    phone: form.phone.trim() || undefined,
    phoneCountry: form.phone.trim() ? form.phoneCountry : undefined,
    whatsapp: form.whatsapp.trim() || undefined,
    whatsappCountry: form.whatsapp.trim() ? form.whatsappCountry : undefined,
    acceptedTerms: form.acceptedTerms,
    remember: form.remember,
  };
}

export function clientProblems(form: ClientForm): RegistrationProblems {
  return registrationProblems('client', toClientRegistration(form));
}

/** The order of the fields on screen: a refused submit moves the focus to the first error. */
export const CLIENT_FIELD_ORDER = [
  'firstName',
  'email',
  'password',
  'languages',
  'languageOther',
  'phone',
  'whatsapp',
  'acceptedTerms',
] as const;

/** The checklist: each required rule of the form, done or not; the phone is a recommended extra. */
export const CHECKLIST = ['firstName', 'email', 'password', 'languages', 'acceptedTerms'] as const;
export type ChecklistItem = (typeof CHECKLIST)[number];

export function checklist(form: ClientForm, problems: RegistrationProblems) {
  return CHECKLIST.map((item) => ({ item, done: !problems[item] && filled(form, item) }));
}

function filled(form: ClientForm, item: ChecklistItem): boolean {
  if (item === 'languages') return form.languages.length > 0 || form.languageOther.trim() !== '';
  if (item === 'acceptedTerms') return form.acceptedTerms;
  return form[item].trim() !== '';
}

const DRAFT_KEY = 'sos-expat:register-client-draft';

export function loadClientDraft(phoneCountry: string): ClientForm {
  const form = emptyClientForm(phoneCountry);
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Partial<
      Record<ClientField, unknown>
    >;
    for (const key of Object.keys(form) as ClientField[]) {
      const value = saved[key];
      if (key === 'password') continue;
      if (key === 'languages')
        form.languages = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      else if (key === 'acceptedTerms' || key === 'remember') form[key] = value === true;
      else if (typeof value === 'string') form[key] = value;
    }
  } catch {
    // no draft, or an unreadable one: start afresh
  }
  return form;
}

export function saveClientDraft(form: ClientForm | undefined) {
  try {
    if (!form) sessionStorage.removeItem(DRAFT_KEY);
    else sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...form, password: '' }));
  } catch {
    // storage full or disabled: the form works without the draft
  }
}
