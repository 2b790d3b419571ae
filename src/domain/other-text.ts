/**
 * The free "other" text beside a list of codes (a specialty, a help domain, a spoken language, a
 * practice country the list lacks): a provider's own words, published as such next to their
 * specialties. One rule for the registration forms, the dashboard, the gateway's check of a pushed
 * record and the publication: a short phrase of letters, digits, spaces and ordinary punctuation.
 * No markup, no control characters and no web or e-mail address, so that it cannot advertise
 * elsewhere; it is shown as text (never as markup, never as a translation key).
 */
export const OTHER_TEXT_MIN_LENGTH = 2;
export const OTHER_TEXT_MAX_LENGTH = 60;

/**
 * The characters allowed: letters and their accents, digits, the space and ordinary punctuation.
 * `:` and `@` are left out (no scheme, no e-mail address), and so are quotes, since the text is
 * shown between quotes as the provider's own words. Also the public schema's pattern.
 */
export const OTHER_TEXT_PATTERN = "^[\\p{L}\\p{M}\\p{N} '’.,;()&/+\\-–]+$";
const ALLOWED = new RegExp(OTHER_TEXT_PATTERN, 'u');
/** A web address without its scheme: "www." or a dotted name such as "avocat.example". */
const ADDRESS = /www\.|[\p{L}\p{N}-]{2,}\.\p{L}{2,}/iu;
const LETTER = /\p{L}/u;

export type OtherTextProblem = 'other_text_invalid';

/** The text as stored and published: trimmed, each run of spaces (no-break ones too) made one. */
export function normalizeOtherText(value: string): string {
  return value.replace(/\p{Zs}+/gu, ' ').trim();
}

/** Whether a text was given at all: an empty or blank one means "no other". */
export function hasOtherText(value: unknown): boolean {
  return typeof value === 'string' && normalizeOtherText(value) !== '';
}

/** What is wrong with an "other" text, or undefined when it is fine or absent. */
export function otherTextProblem(value: unknown): OtherTextProblem | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return 'other_text_invalid';
  const text = normalizeOtherText(value);
  if (text === '') return undefined;
  const length = Array.from(text).length;
  const fine =
    length >= OTHER_TEXT_MIN_LENGTH &&
    length <= OTHER_TEXT_MAX_LENGTH &&
    ALLOWED.test(text) &&
    LETTER.test(text) &&
    !ADDRESS.test(text);
  return fine ? undefined : 'other_text_invalid';
}

/** The text to publish, or undefined when there is none or it breaks the rule. */
export function publishableOtherText(value: unknown): string | undefined {
  return hasOtherText(value) && !otherTextProblem(value) ? normalizeOtherText(value as string) : undefined;
}
