/**
 * Test profiles (admin "aaaprofiles"): demo lawyers and expats an admin creates to try the whole
 * journey (directory, booking, payment in demo mode, call) without a real provider. They are
 * approved and published at once, flagged `isTestProfile` on the account, the record and the public
 * profile, listed in the directory but never counted in the public figures (provider-filter.ts), and
 * marked as test data wherever an admin sees them. What an admin types to create one is checked here,
 * by the console's form and by the service alike.
 */
import { isCountryCode } from './countries';
import { LANGUAGES } from './languages';
import type { Language } from './languages';
import { PROVIDER_ROLES } from './professions';
import type { ProviderRole } from './professions';
import { isSpecialtyOf } from './specialties';

export const TEST_PROFILE_NAME_MAX = 60;
export const TEST_PROFILE_BIO_MAX = 1000;
/** The simulated line that answers (demo-mode.ts): a test profile's calls connect in demo mode. */
export const TEST_PROFILE_PHONE = '+15005550006';

export type NewTestProfile = {
  role: ProviderRole;
  firstName: string;
  lastName: string;
  /** ISO 3166-1 alpha-2: where the profile says it lives. */
  country: string;
  /** Interface languages the public profile shows (1 to 5). */
  languages: Language[];
  specialties: string[];
  bio?: string;
  /** Online at once, so that it can be booked straight away. */
  online: boolean;
};

export type TestProfileProblem = 'required' | 'value_invalid' | 'too_long';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/** The input, checked field by field: `{ value }` or `{ problems }` with a code per field. */
export function parseTestProfile(
  input: unknown,
): { value: NewTestProfile; problems?: undefined } | { problems: Record<string, TestProfileProblem> } {
  const body =
    input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const problems: Record<string, TestProfileProblem> = {};
  const role = (PROVIDER_ROLES as readonly unknown[]).includes(body.role)
    ? (body.role as ProviderRole)
    : undefined;
  if (!role) problems.role = body.role ? 'value_invalid' : 'required';
  const names: Record<'firstName' | 'lastName', string> = { firstName: '', lastName: '' };
  for (const field of ['firstName', 'lastName'] as const) {
    const value = text(body[field]);
    if (!value) problems[field] = body[field] === undefined || value === '' ? 'required' : 'value_invalid';
    else if (Array.from(value).length > TEST_PROFILE_NAME_MAX) problems[field] = 'too_long';
    else names[field] = value;
  }
  const country = text(body.country)?.toUpperCase();
  if (!country) problems.country = 'required';
  else if (!isCountryCode(country)) problems.country = 'value_invalid';
  const languages = Array.isArray(body.languages) ? [...new Set(body.languages)] : undefined;
  if (!languages || languages.length === 0) problems.languages = 'required';
  else if (languages.length > 5 || !languages.every((l) => (LANGUAGES as readonly unknown[]).includes(l))) {
    problems.languages = 'value_invalid';
  }
  const specialties = body.specialties === undefined ? [] : body.specialties;
  if (
    !Array.isArray(specialties) ||
    specialties.length > 10 ||
    (role && !specialties.every((code) => isSpecialtyOf(role, code)))
  ) {
    problems.specialties = 'value_invalid';
  }
  const bio = body.bio === undefined ? undefined : text(body.bio);
  if (body.bio !== undefined && bio === undefined) problems.bio = 'value_invalid';
  else if (bio && Array.from(bio).length > TEST_PROFILE_BIO_MAX) problems.bio = 'too_long';
  if (body.online !== undefined && typeof body.online !== 'boolean') problems.online = 'value_invalid';
  if (Object.keys(problems).length > 0) return { problems };
  return {
    value: {
      role: role!,
      ...names,
      country: country!,
      languages: languages as Language[],
      specialties: specialties as string[],
      ...(bio ? { bio } : {}),
      online: body.online === true,
    },
  };
}
