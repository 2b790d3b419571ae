/**
 * The interface language is also kept in a cookie, so that the server renders a public page in
 * the language the reader chose (server/http/ssr.ts); the choice itself stays in localStorage.
 */
import type { Language } from '../domain/languages';

export const LANGUAGE_COOKIE = 'sos-expat-language';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberLanguageCookie(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}
