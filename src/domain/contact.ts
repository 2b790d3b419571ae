/**
 * A message sent from the contact form (spec sections 3 and 5). One validation, used by the form
 * before sending and by `POST /api/contact` before storing, so that a message the form lets through
 * is never refused by the server (an outbox item refused later would wait for ever).
 */
import { CONTACT_MESSAGE_MIN_LENGTH } from './constants';
import { isCountryCode } from './countries';
import { isValidEmail, normalizeEmail } from './email';
import { isLanguage } from './languages';
import type { Language } from './languages';
import { fitsE164, isCountryCallingCode, isNationalNumber } from './phone';
import { isSpokenLanguage } from './spoken-languages';

export const CONTACT_CATEGORIES = [
  'technical',
  'billing',
  'account',
  'expert',
  'service_quality',
  'partnership',
  'urgent',
  'other',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CONTACT_NAME_MAX = 80;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 5000;
const LIST_MAX = 20;

export type ContactMessage = {
  /** Chosen by the browser; the idempotency key of the outbox and of the server. */
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** "+33", from the list of common codes or typed by the user. */
  phoneCountryCode: string;
  phoneNumber: string;
  originCountry: string;
  interventionCountry: string;
  languages: string[];
  nationalities: string[];
  category: ContactCategory;
  subject: string;
  message: string;
  acceptedTerms: boolean;
  /** The interface language the message was written in: an admin's reply is mailed in it. */
  language?: Language;
};

export type ContactField = keyof ContactMessage;
export type ContactErrorCode =
  | 'required'
  | 'too_long'
  | 'id_invalid'
  | 'email_invalid'
  | 'phone_invalid'
  | 'country_code_invalid'
  | 'country_invalid'
  | 'languages_required'
  | 'language_invalid'
  | 'nationalities_required'
  | 'category_invalid'
  | 'terms_required'
  | 'message_too_short';
export type ContactProblems = Partial<Record<ContactField, ContactErrorCode>>;

/** What arrives from a form or a request body: anything, field by field. */
export type ContactInput = Partial<Record<ContactField, unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const length = (value: string): number => Array.from(value).length;

/** How many characters the message still needs; 0 once it is long enough. */
export function charactersMissing(message: string): number {
  return Math.max(0, CONTACT_MESSAGE_MIN_LENGTH - length(message.trim()));
}

function requiredText(value: unknown, max: number): ContactErrorCode | undefined {
  const trimmed = text(value);
  if (!trimmed) return 'required';
  return length(trimmed) > max ? 'too_long' : undefined;
}

function countryProblem(value: unknown): ContactErrorCode | undefined {
  if (!text(value)) return 'required';
  return isCountryCode(value) ? undefined : 'country_invalid';
}

function listProblem(
  value: unknown,
  known: (item: unknown) => boolean,
  empty: ContactErrorCode,
  invalid: ContactErrorCode,
): ContactErrorCode | undefined {
  if (!Array.isArray(value) || value.length === 0) return empty;
  return value.length > LIST_MAX || !value.every(known) ? invalid : undefined;
}

function phoneProblems(input: ContactInput): ContactProblems {
  const problems: ContactProblems = {};
  const code = text(input.phoneCountryCode);
  const number = text(input.phoneNumber);
  if (!code) problems.phoneCountryCode = 'required';
  else if (!isCountryCallingCode(code)) problems.phoneCountryCode = 'country_code_invalid';
  if (!number) problems.phoneNumber = 'required';
  else if (!isNationalNumber(number) || (!problems.phoneCountryCode && !fitsE164(code, number)))
    problems.phoneNumber = 'phone_invalid';
  return problems;
}

/** Every broken rule, by field; an empty object means the message may be sent. */
export function contactProblems(input: ContactInput): ContactProblems {
  const email = typeof input.email === 'string' ? normalizeEmail(input.email) : '';
  const message = text(input.message);
  const problems: ContactProblems = {
    id: typeof input.id === 'string' && /^[\w-]{8,64}$/.test(input.id) ? undefined : 'id_invalid',
    firstName: requiredText(input.firstName, CONTACT_NAME_MAX),
    lastName: requiredText(input.lastName, CONTACT_NAME_MAX),
    email: !email ? 'required' : isValidEmail(email) ? undefined : 'email_invalid',
    ...phoneProblems(input),
    originCountry: countryProblem(input.originCountry),
    interventionCountry: countryProblem(input.interventionCountry),
    languages: listProblem(input.languages, isSpokenLanguage, 'languages_required', 'language_invalid'),
    nationalities: listProblem(
      input.nationalities,
      isCountryCode,
      'nationalities_required',
      'country_invalid',
    ),
    category: !text(input.category)
      ? 'required'
      : CONTACT_CATEGORIES.includes(input.category as ContactCategory)
        ? undefined
        : 'category_invalid',
    subject: requiredText(input.subject, CONTACT_SUBJECT_MAX),
    message: !message
      ? 'required'
      : charactersMissing(message) > 0
        ? 'message_too_short'
        : length(message) > CONTACT_MESSAGE_MAX
          ? 'too_long'
          : undefined,
    acceptedTerms: input.acceptedTerms === true ? undefined : 'terms_required',
    language: input.language === undefined || isLanguage(input.language) ? undefined : 'language_invalid',
  };
  for (const key of Object.keys(problems) as ContactField[]) if (!problems[key]) delete problems[key];
  return problems;
}

/** The message as it is stored: trimmed texts, normalised e-mail, single spaces in the phone number. */
export function normalizeContactMessage(message: ContactMessage): ContactMessage {
  return {
    id: message.id,
    firstName: message.firstName.trim(),
    lastName: message.lastName.trim(),
    email: normalizeEmail(message.email),
    phoneCountryCode: message.phoneCountryCode.trim(),
    phoneNumber: message.phoneNumber.trim().replace(/ +/g, ' '),
    originCountry: message.originCountry,
    interventionCountry: message.interventionCountry,
    languages: [...new Set(message.languages)],
    nationalities: [...new Set(message.nationalities)],
    category: message.category,
    subject: message.subject.trim(),
    message: message.message.trim(),
    acceptedTerms: true,
    ...(message.language ? { language: message.language } : {}),
  };
}
