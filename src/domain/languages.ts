export const LANGUAGES = ['fr', 'en', 'es', 'ru', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language to use for a stored choice: itself when it is one of the five, otherwise French. */
export function resolveLanguage(stored: unknown): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Each language named in itself, as people look for their own in a menu. What
 * `Intl.DisplayNames` gives (tests/unit/languages.test.ts), kept here because building a display
 * names table per language loads that language's locale data: some 17 ms of a phone's first render
 * for a menu that never changes.
 */
export const LANGUAGE_ENDONYMS: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  es: 'Español',
  ru: 'Русский',
  de: 'Deutsch',
};
