/**
 * The Profile tab's form: the user record as form values, the registration rules that apply to
 * them, and the record a save writes (fields the role does not have are left as they are).
 * A code outside its list (a record written before the lists were enforced) cannot be shown by the
 * pickers, so the form leaves it out and the next save drops it.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isCountryCode } from '../../domain/countries';
import { isProviderRole } from '../../domain/mine';
import type { Profile } from '../../domain/mine';
import { normalizeOtherText } from '../../domain/other-text';
import { splitE164, toE164 } from '../../domain/phone';
import { registrationProblems } from '../../domain/registration';
import { isSpecialtyOf } from '../../domain/specialties';
import { isSpokenLanguage } from '../../domain/spoken-languages';
import { newEducationRow } from '../register/provider-form-model';
import type { EducationRow } from '../register/provider-form-model';

export type Form = {
  firstName: string;
  lastName: string;
  phoneCountry: string;
  phone: string;
  whatsappCountry: string;
  whatsapp: string;
  languages: string[];
  bio: string;
  residenceCountry: string;
  presenceCountry: string;
  practiceCountries: string[];
  specialties: string[];
  specialtyOther: string;
  helpTypes: string[];
  helpTypeOther: string;
  yearsOfExperience: string;
  graduationYear: string;
  yearsAsExpat: string;
  barNumber: string;
  education: EducationRow[];
};
export type FormKey = keyof Form;

/** The rules a field of this form answers to, in the order a refused save looks for the first one. */
const CLIENT_FIELDS: FormKey[] = ['firstName', 'lastName', 'phone', 'whatsapp', 'languages'];
const LAWYER_FIELDS: FormKey[] = [
  ...CLIENT_FIELDS,
  'residenceCountry',
  'presenceCountry',
  'practiceCountries',
  'specialties',
  'specialtyOther',
  'yearsOfExperience',
  'graduationYear',
  'education',
  'bio',
];
const EXPAT_FIELDS: FormKey[] = [
  ...CLIENT_FIELDS,
  'residenceCountry',
  'presenceCountry',
  'yearsAsExpat',
  'helpTypes',
  'helpTypeOther',
  'bio',
];
export const fieldsOf = (role: string) =>
  role === 'lawyer' ? LAWYER_FIELDS : role === 'expat' ? EXPAT_FIELDS : CLIENT_FIELDS;
export const idOf = (field: string) => `dashboard-profile-${field}`;
const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));
const toInt = (value: string) => (value.trim() === '' ? undefined : Number(value));

function splitPhone(e164: string | undefined, fallback: string) {
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  return parsed?.country
    ? { country: parsed.country as string, number: parsed.formatNational() }
    : { country: fallback, number: e164 ?? '' };
}

export function formOf(profile: Profile, country: string): Form {
  const phone = splitPhone(profile.phone || undefined, country);
  const whatsapp = splitPhone(profile.whatsapp || undefined, phone.country);
  return {
    firstName: profile.firstName,
    lastName: profile.lastName ?? '',
    phoneCountry: phone.country,
    phone: phone.number,
    whatsappCountry: whatsapp.country,
    whatsapp: whatsapp.number,
    languages: profile.languages.filter(isSpokenLanguage),
    bio: profile.bio ?? '',
    residenceCountry: profile.residenceCountry ?? '',
    presenceCountry: profile.presenceCountry ?? '',
    practiceCountries: (profile.practiceCountries ?? []).filter(isCountryCode),
    specialties: (profile.specialties ?? []).filter((code) => isSpecialtyOf('lawyer', code)),
    specialtyOther: profile.specialtyOther ?? '',
    helpTypes: (profile.helpTypes ?? []).filter((code) => isSpecialtyOf('expat', code)),
    helpTypeOther: profile.helpTypeOther ?? '',
    yearsOfExperience: numberText(profile.yearsOfExperience),
    graduationYear: numberText(profile.graduationYear),
    yearsAsExpat: numberText(profile.yearsAsExpat),
    barNumber: profile.barNumber ?? '',
    education: (profile.education?.length ? profile.education : [{ title: '' }]).map((entry) => ({
      ...newEducationRow(),
      title: entry.title,
      institution: entry.institution ?? '',
      year: numberText(entry.year),
    })),
  };
}

/** The registration rules that apply to the fields of this form (never e-mail, password, identity). */
export function problemsOf(profile: Profile, form: Form): Partial<Record<FormKey, string>> {
  if (profile.role === 'admin') return {};
  const all = registrationProblems(profile.role, {
    ...form,
    interventionCountry: profile.interventionCountry,
    languageOther: profile.languageOther,
    practiceCountryOther: profile.practiceCountryOther,
  });
  const out: Partial<Record<FormKey, string>> = {};
  for (const field of fieldsOf(profile.role)) if (all[field]) out[field] = all[field];
  if (form.barNumber.trim().length > 40) out.barNumber = 'too_long';
  return out;
}

function phoneParts(prefix: 'phone' | 'whatsapp', raw: string, country: string) {
  const e164 = raw.trim() ? toE164(raw.trim(), country) : undefined;
  const split = e164 ? splitE164(e164) : undefined;
  return {
    [prefix]: e164 ?? '',
    [`${prefix}Number`]: split?.nationalNumber ?? '',
    [`${prefix}CountryCode`]: split?.countryCode ?? '',
  };
}

/** The user record with the form's values; fields the role does not have are left as they are. */
export function nextProfile(profile: Profile, form: Form, now: string): Profile {
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  const provider = isProviderRole(profile.role);
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  const next: Record<string, unknown> = {
    ...profile,
    firstName,
    lastName,
    fullName,
    displayName: provider && lastName ? fullName : firstName,
    ...phoneParts('phone', form.phone, form.phoneCountry),
    ...phoneParts('whatsapp', form.whatsapp, form.whatsappCountry || form.phoneCountry),
    languages: [...new Set(form.languages)],
    languagesSpoken: [...new Set(form.languages)],
    updatedAt: now,
  };
  if (provider) {
    Object.assign(next, {
      bio: form.bio.trim(),
      description: form.bio.trim(),
      residenceCountry: form.residenceCountry,
      presenceCountry: form.presenceCountry,
    });
  }
  if (profile.role === 'lawyer') {
    Object.assign(next, {
      practiceCountries: [...new Set(form.practiceCountries)],
      specialties: [...new Set(form.specialties)],
      specialtyOther: normalizeOtherText(form.specialtyOther) || undefined,
      yearsOfExperience: toInt(form.yearsOfExperience) ?? 0,
      graduationYear: toInt(form.graduationYear),
      barNumber: form.barNumber.trim() || undefined,
      education: form.education
        .filter((row) => row.title.trim())
        .map((row) => ({
          title: row.title.trim(),
          ...(row.institution.trim() ? { institution: row.institution.trim() } : {}),
          ...(toInt(row.year) !== undefined ? { year: toInt(row.year) } : {}),
        })),
    });
  }
  if (profile.role === 'expat') {
    Object.assign(next, {
      yearsAsExpat: toInt(form.yearsAsExpat),
      helpTypes: [...new Set(form.helpTypes)],
      helpTypeOther: normalizeOtherText(form.helpTypeOther) || undefined,
    });
  }
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  if (!lastName && profile.lastName === undefined) delete next.lastName;
  return next as Profile;
}
