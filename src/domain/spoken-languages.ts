/**
 * Languages a person may speak (ISO 639-1 codes), wider than the five of the interface: a client
 * from Kyiv or Dakar says which languages an expert may use with them. Names come from
 * `Intl.DisplayNames` in the current language.
 */
export const SPOKEN_LANGUAGES: readonly string[] = [
  'fr en es de ru it pt nl pl uk ro cs sk hu bg hr sr sl el tr ar he fa ur hi bn ta zh ja ko',
  'th vi id ms tl sv da no fi et lv lt sq hy ka az kk uz mn km lo my ne si sw am ha yo wo ln',
  'mg ca eu gl ga cy is lb mt ps ku',
]
  .join(' ')
  .split(' ');

const KNOWN = new Set(SPOKEN_LANGUAGES);

export function isSpokenLanguage(value: unknown): value is string {
  return typeof value === 'string' && KNOWN.has(value);
}
