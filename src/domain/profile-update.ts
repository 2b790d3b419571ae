/**
 * The rules of a profile update (spec section 5), for the dashboard's form and `/api/profile`:
 * only the fields of profile-fields.ts, each checked by the same rule as at registration.
 */
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH, PHOTO_ID_PATTERN } from './registration';
import { compact, listProblem, optionalText, phoneProblem, requiredText } from './registration';
import type { RegistrationProblemCode, RegistrationProblems } from './registration';
import type { ProfileUpdate, ProfileUpdateField } from './profile-fields';
import { isSpokenLanguage } from './spoken-languages';

/**
 * Problems of a profile update, by field; only fields present are checked. Fields outside the
 * whitelist are reported as `field_not_allowed` by the server, not here.
 */
export function profileUpdateProblems(update: ProfileUpdate): RegistrationProblems {
  const has = (f: ProfileUpdateField) => Object.hasOwn(update, f);
  const problems: Record<string, RegistrationProblemCode | undefined> = {};
  for (const f of ['firstName', 'lastName', 'fullName', 'displayName'] as const)
    if (has(f))
      problems[f] = requiredText(update[f], f === 'fullName' ? 2 * NAME_MAX_LENGTH : NAME_MAX_LENGTH);
  for (const f of ['profilePhoto', 'photoURL', 'avatar'] as const)
    if (has(f) && update[f] !== '') problems[f] = photoRefProblem(update[f]);
  for (const f of ['phone', 'whatsapp'] as const)
    if (has(f)) problems[f] = phoneProblem(update[f], undefined, false);
  for (const f of ['phoneNumber', 'whatsappNumber'] as const)
    if (has(f)) problems[f] = optionalText(update[f], 20);
  for (const f of ['phoneCountryCode', 'whatsappCountryCode'] as const)
    if (has(f) && update[f] !== '')
      problems[f] =
        typeof update[f] === 'string' && /^\+\d{1,4}$/.test(update[f]) ? undefined : 'value_invalid';
  for (const f of ['languages', 'languagesSpoken'] as const)
    if (has(f))
      problems[f] = listProblem(
        update[f],
        undefined,
        isSpokenLanguage,
        'languages_required',
        'language_invalid',
      );
  for (const f of ['bio', 'description'] as const)
    if (has(f)) problems[f] = optionalText(update[f], BIO_MAX_LENGTH);
  return compact(problems);
}

/** A photo reference in a profile: a photo id, or the service's own photo path `/api/photos/<id>`. */
function photoRefProblem(value: unknown): RegistrationProblemCode | undefined {
  if (typeof value !== 'string') return 'photo_invalid';
  const id = value.startsWith('/api/photos/') ? value.slice('/api/photos/'.length) : value;
  return PHOTO_ID_PATTERN.test(id) ? undefined : 'photo_invalid';
}
