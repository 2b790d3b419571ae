/**
 * What of a provider's own record (`profile`) the public profile (`providers`) shows: public fields
 * only, never e-mail, phone, bar number or identity data, and never the service's own fields
 * (rating, review count, presence, listing order), which the service keeps as they are.
 *
 * Coded fields publish only codes of their lists, whatever the record holds (a record written before
 * the rules may hold free text): specialties from the role's list, countries from the country list.
 * The role's "other" text is published apart, as `specialtyOther` (the provider's own words), only
 * when it follows the rule of other-text.ts.
 */
import { DEFAULT_AVATAR } from './constants';
import { isCountryCode } from './countries';
import { isLanguage } from './languages';
import type { Language } from './languages';
import type { Profile } from './mine';
import { publishableOtherText } from './other-text';
import type { Provider } from './provider';
import { isSpecialtyOf, SPECIALTY_FIELDS } from './specialties';
import type { Specialty } from './specialties';

/** The provider schema's limit on a public name. */
const PUBLIC_NAME_MAX = 120;

export type PublicProfileFields = Partial<
  Pick<
    Provider,
    | 'fullName'
    | 'profilePhoto'
    | 'bio'
    | 'languages'
    | 'specialties'
    | 'specialtyOther'
    | 'practiceCountries'
    | 'country'
    | 'yearsOfExperience'
    | 'yearsAsExpat'
    | 'education'
  >
>;

/**
 * The public fields a profile gives; a field the profile does not hold (or holds empty where the
 * public profile needs a value: no public language, no country) is left out, so that the published
 * value stays.
 */
export function publicProfileFields(profile: Profile): PublicProfileFields {
  const out: PublicProfileFields = {};
  const name = (profile.fullName || [profile.firstName, profile.lastName].filter(Boolean).join(' ')).trim();
  if (name) out.fullName = Array.from(name).slice(0, PUBLIC_NAME_MAX).join('');
  if (profile.profilePhoto !== undefined) out.profilePhoto = profile.profilePhoto || DEFAULT_AVATAR;
  if (profile.bio !== undefined) out.bio = profile.bio.trim();
  const languages = [...new Set(profile.languages.filter(isLanguage))] as Language[];
  if (languages.length > 0) out.languages = languages.slice(0, 5);
  const role = profile.role === 'expat' ? 'expat' : 'lawyer';
  const { codes, other } = SPECIALTY_FIELDS[role];
  const specialties = profile[codes];
  if (specialties) {
    out.specialties = [
      ...new Set(specialties.filter((code): code is Specialty => isSpecialtyOf(role, code))),
    ];
  }
  const words = publishableOtherText(profile[other]);
  if (words) out.specialtyOther = words;
  if (profile.practiceCountries)
    out.practiceCountries = [...new Set(profile.practiceCountries.filter(isCountryCode))];
  const country = [profile.residenceCountry, profile.presenceCountry].find(isCountryCode);
  if (country) out.country = country;
  if (profile.yearsOfExperience !== undefined) out.yearsOfExperience = profile.yearsOfExperience;
  if (profile.yearsAsExpat !== undefined) out.yearsAsExpat = profile.yearsAsExpat;
  if (profile.education) {
    // The public profile shows a diploma with the school that gave it.
    out.education = profile.education
      .filter((entry) => entry.title.trim() && entry.institution?.trim())
      .map((entry) => ({
        title: entry.title.trim(),
        institution: entry.institution!.trim(),
        ...(entry.year !== undefined ? { year: entry.year } : {}),
      }));
  }
  return out;
}

/**
 * A published profile with the public fields of the record over it. The "other" text is the one
 * field the record clears by not giving it: once removed from the record, or no longer following
 * the rule, it is no longer published.
 */
export function withPublicFields<T extends object>(
  published: T,
  fields: PublicProfileFields,
): T & PublicProfileFields {
  const next: T & PublicProfileFields = { ...published, ...fields };
  if (fields.specialtyOther === undefined) delete next.specialtyOther;
  return next;
}

type PublishedSpecialties = {
  role: Provider['role'];
  specialties: readonly string[];
  specialtyOther?: string;
};

/**
 * A published profile as the rules allow it: codes of the role's list only, and the provider's own
 * words only when they follow the rule. For profiles published before the rules; undefined when
 * nothing is to change.
 */
export function withListedSpecialties<T extends PublishedSpecialties>(published: T): T | undefined {
  const specialties = published.specialties.filter((code) => isSpecialtyOf(published.role, code));
  const words = publishableOtherText(published.specialtyOther);
  const listed = specialties.length === published.specialties.length;
  if (listed && words === published.specialtyOther) return undefined;
  const next: T = { ...published, specialties };
  if (words === undefined) delete next.specialtyOther;
  else next.specialtyOther = words;
  return next;
}
