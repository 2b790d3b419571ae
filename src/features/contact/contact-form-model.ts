/**
 * What the contact form holds while the user types, and how it becomes a `ContactMessage`. The
 * phone's country code is chosen by country among common codes, or typed ("custom").
 */
import { CONTACT_CATEGORIES } from '../../domain/contact';
import type {
  ContactCategory,
  ContactErrorCode,
  ContactField,
  ContactMessage,
  ContactProblems,
} from '../../domain/contact';
import { isLanguage } from '../../domain/languages';
import { COMMON_DIAL_CODES } from '../../domain/phone';

export const CUSTOM_DIAL = 'custom';

export type ContactForm = {
  firstName: string;
  lastName: string;
  email: string;
  /** A key of COMMON_DIAL_CODES, CUSTOM_DIAL, or '' before a choice. */
  dialCountry: string;
  customDialCode: string;
  phoneNumber: string;
  originCountry: string;
  interventionCountry: string;
  languages: string[];
  nationalities: string[];
  category: ContactCategory | '';
  subject: string;
  message: string;
  acceptedTerms: boolean;
};
export type FormField = keyof ContactForm;

export const EMPTY_FORM: ContactForm = {
  firstName: '',
  lastName: '',
  email: '',
  dialCountry: '',
  customDialCode: '',
  phoneNumber: '',
  originCountry: '',
  interventionCountry: '',
  languages: [],
  nationalities: [],
  category: '',
  subject: '',
  message: '',
  acceptedTerms: false,
};

export function dialCode(form: ContactForm): string {
  if (form.dialCountry === CUSTOM_DIAL) return form.customDialCode.trim();
  return COMMON_DIAL_CODES[form.dialCountry] ?? '';
}

/**
 * The message to validate and send; its category is checked by `contactProblems` before sending.
 * `language` is the interface's, so that an admin's reply is mailed in it.
 */
export function toMessage(form: ContactForm, id: string, language?: string): ContactMessage {
  const { dialCountry: _dial, customDialCode: _custom, category, ...rest } = form;
  return {
    ...rest,
    id,
    phoneCountryCode: dialCode(form),
    category: category as ContactCategory,
    ...(isLanguage(language) ? { language } : {}),
  };
}

/** The form field that shows a rule's error (the phone's code shows on the control the user used). */
export function fieldOf(field: ContactField, form: ContactForm): FormField | undefined {
  if (field === 'id' || field === 'language') return undefined;
  if (field === 'phoneCountryCode')
    return form.dialCountry === CUSTOM_DIAL ? 'customDialCode' : 'dialCountry';
  return field;
}

export function errorsByFormField(problems: ContactProblems, form: ContactForm) {
  const errors: Partial<Record<FormField, ContactErrorCode>> = {};
  for (const [field, code] of Object.entries(problems) as [ContactField, ContactErrorCode][]) {
    const target = fieldOf(field, form);
    if (target) errors[target] = code;
  }
  return errors;
}

const DRAFT_KEY = 'sos-expat:contact-draft';
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The draft kept for this tab, so that a reload or a look at the terms loses nothing. */
export function loadDraft(): ContactForm {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Partial<
      Record<FormField, unknown>
    >;
    const form = { ...EMPTY_FORM };
    for (const key of Object.keys(EMPTY_FORM) as FormField[]) {
      const value = saved[key];
      if (key === 'languages' || key === 'nationalities') form[key] = strings(value);
      else if (key === 'acceptedTerms') form[key] = value === true;
      else if (key === 'category')
        form[key] = CONTACT_CATEGORIES.find((category) => category === value) ?? '';
      else if (typeof value === 'string') Object.assign(form, { [key]: value });
    }
    return form;
  } catch {
    return { ...EMPTY_FORM };
  }
}

export function saveDraft(form: ContactForm) {
  try {
    if (JSON.stringify(form) === JSON.stringify(EMPTY_FORM)) sessionStorage.removeItem(DRAFT_KEY);
    else sessionStorage.setItem(DRAFT_KEY, JSON.stringify(form));
  } catch {
    // Storage full or disabled: the form still works, only without the draft.
  }
}
