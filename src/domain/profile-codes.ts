/**
 * The coded fields of the user record (`profile`) that its owner may push, and the free "other"
 * texts beside them: what a push brings must be in the lists of `src/domain` (a lawyer's
 * specialties, an expat's help domains, countries, spoken languages) and an "other" text must
 * follow the rule of other-text.ts. The record's JSON schema cannot say this (it does not know the
 * server's copy), so the gateway asks here for every pushed profile.
 *
 * Only what the push brings is checked: a value the server already holds (a record written before
 * these rules, with a free specialty) is left alone, so its owner can still edit other fields and
 * can drop it, but nothing new outside the lists gets in. The publication never shows such a
 * value (public-profile.ts).
 */
import { isCountryCode } from './countries';
import { hasOtherText, normalizeOtherText, otherTextProblem } from './other-text';
import { isSpecialtyOf } from './specialties';
import { isSpokenLanguage } from './spoken-languages';

type Fields = Record<string, unknown>;

const CODE_LISTS: Record<string, (value: unknown) => boolean> = {
  specialties: (value) => isSpecialtyOf('lawyer', value),
  helpTypes: (value) => isSpecialtyOf('expat', value),
  practiceCountries: isCountryCode,
  languages: isSpokenLanguage,
  languagesSpoken: isSpokenLanguage,
};
const SINGLE_CODES: Record<string, (value: unknown) => boolean> = {
  residenceCountry: isCountryCode,
  presenceCountry: isCountryCode,
};
export const OTHER_TEXT_FIELDS = [
  'specialtyOther',
  'helpTypeOther',
  'languageOther',
  'practiceCountryOther',
] as const;

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Why a pushed record is refused for its codes or "other" texts, or undefined. */
export function profileCodesRefusal(doc: Fields, current: Fields): string | undefined {
  for (const [field, known] of Object.entries(CODE_LISTS)) {
    const held = new Set(listOf(current[field]));
    if (listOf(doc[field]).some((value) => !held.has(value) && !known(value)))
      return `field ${field} holds a value outside its list`;
  }
  for (const [field, known] of Object.entries(SINGLE_CODES)) {
    const value = doc[field];
    if (value !== undefined && value !== current[field] && !known(value))
      return `field ${field} holds a value outside its list`;
  }
  for (const field of OTHER_TEXT_FIELDS) {
    const value = doc[field];
    if (!hasOtherText(value) || same(value, current[field])) continue;
    if (otherTextProblem(value)) return `field ${field} breaks the rule of "other" texts`;
  }
  return undefined;
}

/** The same text once normalised: re-saving a stored text with other spacing brings nothing new. */
function same(value: unknown, held: unknown): boolean {
  return (
    typeof value === 'string' &&
    typeof held === 'string' &&
    normalizeOtherText(value) === normalizeOtherText(held)
  );
}
