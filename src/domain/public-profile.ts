/**
 * What of a provider's own record (`profile`) the public profile (`providers`) shows: public fields
 * only, never e-mail, phone, bar number or identity data, and never the service's own fields
 * (rating, review count, presence, listing order), which the service keeps as they are.
 */
import { DEFAULT_AVATAR } from './constants';
import { isLanguage } from './languages';
import type { Language } from './languages';
import type { Profile } from './mine';
import type { Provider } from './provider';

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
  const specialties = profile.role === 'expat' ? profile.helpTypes : profile.specialties;
  if (specialties) out.specialties = [...new Set(specialties)];
  if (profile.practiceCountries) out.practiceCountries = [...new Set(profile.practiceCountries)];
  const country = profile.residenceCountry || profile.presenceCountry;
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
