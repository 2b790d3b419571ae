/**
 * Registration rules (spec sections 4 and 5), one implementation for the browser forms
 * and for `/api/auth`: a form that lets an input through is never refused by the server for a rule
 * the form did not show, and the server never trusts the form.
 *
 * Problems are codes, by field; the browser shows them as `auth.errors.<code>`. Sign-in's rules and
 * the password strength scales are in sign-in.ts.
 */
import {
  BIO_MIN_LENGTH,
  CLIENT_FIRST_NAME_MIN_LENGTH,
  EXPAT_YEARS_ABROAD_MIN,
  PASSWORD_MIN_LENGTH,
} from './constants';
import { isCountryCode } from './countries';
import { isValidEmail, normalizeEmail } from './email';
import { hasOtherText, normalizeOtherText, otherTextProblem } from './other-text';
import { toE164 } from './phone';
import { isSpecialtyOf } from './specialties';
import { isSpokenLanguage } from './spoken-languages';

export const REGISTRATION_ROLES = ['client', 'lawyer', 'expat'] as const;
export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

export function isRegistrationRole(value: unknown): value is RegistrationRole {
  return typeof value === 'string' && (REGISTRATION_ROLES as readonly string[]).includes(value);
}

/** Longer passwords are refused before hashing: scrypt of a megabyte would be a free denial of service. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 80;
export const BIO_MAX_LENGTH = 4000;
export const ADDRESS_MAX_LENGTH = 300;
/** The forms' limit on an "other" text; the rule itself is other-text.ts's. */
export { OTHER_TEXT_MAX_LENGTH } from './other-text';
export const ID_NUMBER_MAX_LENGTH = 40;
export const BANK_ACCOUNT_MAX_LENGTH = 40;
export const EDUCATION_MAX_ENTRIES = 10;
export const LIST_MAX_ITEMS = 20;
export const YEARS_MAX = 80;
export const GRADUATION_YEAR_MIN = 1950;
/** Indian Financial System Code: 4 letters (bank), a zero, 6 letters or digits (branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Ids answered by `POST /api/auth/photo`. */
export const PHOTO_ID_PATTERN = /^[a-f0-9]{32}$/;

export type RegistrationProblemCode =
  | 'required'
  | 'too_short'
  | 'too_long'
  | 'email_required'
  | 'email_invalid'
  | 'password_required'
  | 'password_too_short'
  | 'first_name_too_short'
  | 'phone_invalid'
  | 'country_invalid'
  | 'languages_required'
  | 'language_invalid'
  | 'terms_required'
  | 'bio_too_short'
  | 'photo_required'
  | 'photo_invalid'
  | 'help_types_required'
  | 'specialties_required'
  | 'practice_countries_required'
  | 'education_required'
  | 'years_abroad_min'
  | 'number_invalid'
  | 'year_invalid'
  | 'date_invalid'
  | 'ifsc_invalid'
  | 'other_text_invalid'
  | 'value_invalid';

export type {
  ClientRegistration,
  IdentityFields,
  ProviderCommon,
  EducationEntry,
  LawyerRegistration,
  ExpatRegistration,
  RegistrationByRole,
  RegistrationInput,
} from './registration-inputs';
import type {
  ClientRegistration,
  CommonRegistration,
  ProviderCommon,
  LawyerRegistration,
  ExpatRegistration,
  RegistrationByRole,
  RegistrationInput,
} from './registration-inputs';

export type RegistrationProblems = Record<string, RegistrationProblemCode>;

// ---------------------------------------------------------------------------------------------
// Rules (spec section 5)

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const length = (value: string): number => Array.from(value).length;

export function requiredText(value: unknown, max: number): RegistrationProblemCode | undefined {
  const t = text(value);
  if (!t) return 'required';
  return length(t) > max ? 'too_long' : undefined;
}

export function optionalText(value: unknown, max: number): RegistrationProblemCode | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return 'value_invalid';
  return length(value.trim()) > max ? 'too_long' : undefined;
}

function emailProblem(value: unknown): RegistrationProblemCode | undefined {
  const email = normalizeEmail(str(value));
  if (!email) return 'email_required';
  return isValidEmail(email) ? undefined : 'email_invalid';
}

function passwordProblem(value: unknown): RegistrationProblemCode | undefined {
  const password = str(value);
  if (!password) return 'password_required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  return password.length > PASSWORD_MAX_LENGTH ? 'too_long' : undefined;
}

export function phoneProblem(value: unknown, country: unknown, required: boolean) {
  const raw = text(value);
  if (!raw) return required ? 'required' : undefined;
  return toE164(raw, text(country) || undefined) ? undefined : 'phone_invalid';
}

function countryProblem(value: unknown): RegistrationProblemCode | undefined {
  if (!text(value)) return 'required';
  return isCountryCode(value) ? undefined : 'country_invalid';
}

/**
 * A list of known codes plus an optional free "other" text; at least one of the two. The text's own
 * rule (other-text.ts) is reported on its own field, by `otherTextProblem`.
 */
export function listProblem(
  list: unknown,
  other: unknown,
  known: (item: unknown) => boolean,
  empty: RegistrationProblemCode,
  invalid: RegistrationProblemCode,
): RegistrationProblemCode | undefined {
  if (list !== undefined && !Array.isArray(list)) return invalid;
  const items = (list as unknown[] | undefined) ?? [];
  if (items.length > LIST_MAX_ITEMS || !items.every(known)) return invalid;
  return items.length === 0 && !hasOtherText(other) ? empty : undefined;
}

function photoProblem(value: unknown): RegistrationProblemCode | undefined {
  if (!text(value)) return 'photo_required';
  return PHOTO_ID_PATTERN.test(text(value)) ? undefined : 'photo_invalid';
}

function integerProblem(value: unknown, min: number, max: number, required: boolean) {
  if (value === undefined || value === null || value === '') return required ? 'required' : undefined;
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? undefined : 'number_invalid';
}

/** A real calendar date written YYYY-MM-DD, in the past, at most 120 years ago. */
export function isValidBirthDate(value: string, today = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() < today.getTime() && y > today.getUTCFullYear() - 120;
}

export function normalizeIfsc(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

function commonProblems(input: RegistrationInput): RegistrationProblems {
  return compact({
    email: emailProblem(input.email),
    password: passwordProblem(input.password),
    languages: listProblem(
      input.languages,
      input.languageOther,
      isSpokenLanguage,
      'languages_required',
      'language_invalid',
    ),
    languageOther: otherTextProblem(input.languageOther),
    acceptedTerms: input.acceptedTerms === true ? undefined : 'terms_required',
  });
}

function identityProblems(input: RegistrationInput): RegistrationProblems {
  const dob = text(input.dateOfBirth);
  const ifsc = normalizeIfsc(str(input.ifsc));
  return compact({
    dateOfBirth: !dob ? 'required' : isValidBirthDate(dob) ? undefined : 'date_invalid',
    address: requiredText(input.address, ADDRESS_MAX_LENGTH),
    idNumber: requiredText(input.idNumber, ID_NUMBER_MAX_LENGTH),
    idDocument: !text(input.idDocument)
      ? 'required'
      : PHOTO_ID_PATTERN.test(text(input.idDocument))
        ? undefined
        : 'photo_invalid',
    bankAccountNumber: requiredText(input.bankAccountNumber, BANK_ACCOUNT_MAX_LENGTH),
    ifsc: !ifsc ? 'required' : IFSC_PATTERN.test(ifsc) ? undefined : 'ifsc_invalid',
  });
}

function providerProblems(input: RegistrationInput): RegistrationProblems {
  const bio = text(input.bio);
  return compact({
    firstName: requiredText(input.firstName, NAME_MAX_LENGTH),
    lastName: requiredText(input.lastName, NAME_MAX_LENGTH),
    ...commonProblems(input),
    phone: phoneProblem(input.phone, input.phoneCountry, true),
    residenceCountry: countryProblem(input.residenceCountry),
    presenceCountry: countryProblem(input.presenceCountry),
    bio: !bio
      ? 'required'
      : length(bio) < BIO_MIN_LENGTH
        ? 'bio_too_short'
        : length(bio) > BIO_MAX_LENGTH
          ? 'too_long'
          : undefined,
    profilePhoto: photoProblem(input.profilePhoto),
    ...identityProblems(input),
  });
}

function clientProblems(input: RegistrationInput): RegistrationProblems {
  const firstName = text(input.firstName);
  return compact({
    firstName: !firstName
      ? 'required'
      : length(firstName) < CLIENT_FIRST_NAME_MIN_LENGTH
        ? 'first_name_too_short'
        : length(firstName) > NAME_MAX_LENGTH
          ? 'too_long'
          : undefined,
    ...commonProblems(input),
    phone: phoneProblem(input.phone, input.phoneCountry, false),
    whatsapp: phoneProblem(input.whatsapp, input.whatsappCountry, false),
  });
}

const isLawyerSpecialty = (v: unknown) => isSpecialtyOf('lawyer', v);
const isHelpType = (v: unknown) => isSpecialtyOf('expat', v);

function educationProblem(value: unknown): RegistrationProblemCode | undefined {
  if (!Array.isArray(value)) return 'education_required';
  if (value.length > EDUCATION_MAX_ENTRIES) return 'value_invalid';
  const thisYear = new Date().getUTCFullYear();
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) return 'value_invalid';
    const e = entry as Record<string, unknown>;
    if (optionalText(e.title, 200) || optionalText(e.institution, 200)) return 'value_invalid';
    if (integerProblem(e.year, GRADUATION_YEAR_MIN, thisYear, false)) return 'year_invalid';
  }
  return value.some((e) => text((e as Record<string, unknown>).title)) ? undefined : 'education_required';
}

function lawyerProblems(input: RegistrationInput): RegistrationProblems {
  const thisYear = new Date().getUTCFullYear();
  return compact({
    ...providerProblems(input),
    whatsapp: phoneProblem(input.whatsapp, input.whatsappCountry ?? input.phoneCountry, true),
    practiceCountries: listProblem(
      input.practiceCountries,
      input.practiceCountryOther,
      isCountryCode,
      'practice_countries_required',
      'country_invalid',
    ),
    practiceCountryOther: otherTextProblem(input.practiceCountryOther),
    yearsOfExperience: integerProblem(input.yearsOfExperience, 0, YEARS_MAX, false),
    graduationYear: integerProblem(input.graduationYear, GRADUATION_YEAR_MIN, thisYear, false)
      ? 'year_invalid'
      : undefined,
    specialties: listProblem(
      input.specialties,
      input.specialtyOther,
      isLawyerSpecialty,
      'specialties_required',
      'value_invalid',
    ),
    specialtyOther: otherTextProblem(input.specialtyOther),
    education: educationProblem(input.education),
  });
}

function expatProblems(input: RegistrationInput): RegistrationProblems {
  const years = input.yearsAsExpat;
  const n = typeof years === 'string' && years.trim() ? Number(years) : years;
  return compact({
    ...providerProblems(input),
    interventionCountry: countryProblem(input.interventionCountry),
    yearsAsExpat:
      n === undefined || n === null || n === ''
        ? 'required'
        : typeof n !== 'number' || !Number.isInteger(n) || n > YEARS_MAX
          ? 'number_invalid'
          : n < EXPAT_YEARS_ABROAD_MIN
            ? 'years_abroad_min'
            : undefined,
    helpTypes: listProblem(
      input.helpTypes,
      input.helpTypeOther,
      isHelpType,
      'help_types_required',
      'value_invalid',
    ),
    helpTypeOther: otherTextProblem(input.helpTypeOther),
  });
}

/** Every broken rule of the role's form, by field; an empty object means the account may be created. */
export function registrationProblems(role: RegistrationRole, input: RegistrationInput): RegistrationProblems {
  if (role === 'client') return clientProblems(input);
  if (role === 'lawyer') return lawyerProblems(input);
  return expatProblems(input);
}

export function compact(problems: Record<string, RegistrationProblemCode | undefined>): RegistrationProblems {
  const out: RegistrationProblems = {};
  for (const [key, code] of Object.entries(problems)) if (code) out[key] = code;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Normalisation: what is stored once the rules hold.

const uniq = <T>(items: T[]): T[] => [...new Set(items)];
const optional = (value: unknown): string | undefined => text(value) || undefined;
const otherText = (value: unknown): string | undefined =>
  typeof value === 'string' ? normalizeOtherText(value) || undefined : undefined;
const toInt = (value: unknown): number | undefined =>
  value === undefined || value === null || value === '' ? undefined : Number(value);

/**
 * The input of a valid registration, trimmed and normalised: e-mail as the login reads it, phone
 * numbers in E.164, IFSC in capitals, lists without duplicates. Call only when
 * `registrationProblems` found nothing.
 */
export function normalizeRegistration<R extends RegistrationRole>(
  role: R,
  input: RegistrationInput,
): RegistrationByRole[R] {
  const common: CommonRegistration = {
    email: normalizeEmail(str(input.email)),
    password: str(input.password),
    firstName: text(input.firstName),
    languages: uniq((input.languages as string[] | undefined) ?? []),
    languageOther: otherText(input.languageOther),
    acceptedTerms: true,
    remember: input.remember === true,
  };
  const phone = text(input.phone) ? toE164(text(input.phone), optional(input.phoneCountry)) : undefined;
  const whatsapp = text(input.whatsapp)
    ? toE164(text(input.whatsapp), optional(input.whatsappCountry) ?? optional(input.phoneCountry))
    : undefined;
  if (role === 'client') {
    const client: ClientRegistration = { ...common, phone, whatsapp };
    return client as RegistrationByRole[R];
  }
  const provider: ProviderCommon = {
    ...common,
    lastName: text(input.lastName),
    phone: phone ?? '',
    bio: text(input.bio),
    profilePhoto: text(input.profilePhoto),
    residenceCountry: text(input.residenceCountry),
    presenceCountry: text(input.presenceCountry),
    dateOfBirth: text(input.dateOfBirth),
    address: text(input.address),
    idNumber: text(input.idNumber),
    idDocument: text(input.idDocument),
    bankAccountNumber: text(input.bankAccountNumber).replace(/\s+/g, ''),
    ifsc: normalizeIfsc(str(input.ifsc)),
  };
  if (role === 'lawyer') {
    const education = (input.education as Record<string, unknown>[])
      .filter((e) => text(e.title))
      .map((e) => ({ title: text(e.title), institution: text(e.institution), year: toInt(e.year) }));
    const lawyer: LawyerRegistration = {
      ...provider,
      whatsapp: whatsapp ?? '',
      practiceCountries: uniq((input.practiceCountries as string[] | undefined) ?? []),
      practiceCountryOther: otherText(input.practiceCountryOther),
      yearsOfExperience: toInt(input.yearsOfExperience),
      graduationYear: toInt(input.graduationYear),
      specialties: uniq((input.specialties as string[] | undefined) ?? []),
      specialtyOther: otherText(input.specialtyOther),
      education,
    };
    return lawyer as RegistrationByRole[R];
  }
  const expat: ExpatRegistration = {
    ...provider,
    interventionCountry: text(input.interventionCountry),
    yearsAsExpat: Number(input.yearsAsExpat),
    helpTypes: uniq((input.helpTypes as string[] | undefined) ?? []),
    helpTypeOther: otherText(input.helpTypeOther),
  };
  return expat as RegistrationByRole[R];
}
