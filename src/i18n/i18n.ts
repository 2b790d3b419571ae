/**
 * Interface languages: i18next with one JSON file per language, split at build time into a core and
 * per-screen parts (src/i18n/locale-parts.ts), each its own chunk loaded on demand and precached.
 * The choice is kept in localStorage and restored at start when it is one of the five; anything
 * else gives French. `<html lang>` follows it.
 */
import i18next from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loaders as generatedLoaders } from 'virtual:locale-loaders';
import { DEFAULT_LANGUAGE, isLanguage, resolveLanguage } from '../domain/languages';
import type { Language } from '../domain/languages';
import { rememberLanguageCookie } from './language-cookie';
import { linkWebManifest } from './web-manifest';
import type { LocalePart } from './locale-parts';
import { I18N_OPTIONS } from './options';

export const LANGUAGE_STORAGE_KEY = 'sos-expat.language';

type Loader = () => Promise<{ default: ResourceKey }>;
const loaders = generatedLoaders as Record<Language, Record<LocalePart | 'core', Loader>>;

/** Parts asked for so far (by the screens shown); a language change loads them again in the new language. */
const requestedParts = new Set<LocalePart>();

async function loadLanguage(language: Language): Promise<ResourceKey> {
  const parts = await Promise.all(
    (['core', ...requestedParts] as const).map((part) => loaders[language][part]().then((m) => m.default)),
  );
  return Object.assign({}, ...parts) as ResourceKey;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadLanguage(resolveLanguage(language))
      .then((messages) => callback(null, messages))
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};

/**
 * Loads the texts a screen needs beyond the core (see src/i18n/locale-parts.ts), in the current
 * language, before the screen renders. Each part is its own small chunk, precached for offline use.
 */
export async function ensureLocaleParts(parts: readonly LocalePart[]): Promise<void> {
  // The server's render has every text of its language already (src/ssr/render.tsx).
  if (import.meta.env.SSR) return;
  const missing = parts.filter((part) => !requestedParts.has(part));
  if (missing.length === 0) return;
  for (const part of missing) requestedParts.add(part);
  const language = resolveLanguage(i18next.language);
  const loaded = await Promise.all(missing.map((part) => loaders[language][part]().then((m) => m.default)));
  for (const messages of loaded) i18next.addResourceBundle(language, 'translation', messages, true, true);
}

export function storedLanguage(): Language {
  return storedChoice() ?? DEFAULT_LANGUAGE;
}

/** The language this device chose, if it chose one. */
export function storedChoice(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  rememberLanguageCookie(language);
}

/**
 * Starts the texts in `language` (the page's, when the server rendered it) or the stored choice,
 * and remembers it, in the cookie too, so that the server renders the next page in it.
 */
export async function initI18n(chosen?: Language): Promise<typeof i18next> {
  const language = chosen ?? storedLanguage();
  if (chosen || storedChoice()) rememberLanguage(language);
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: language,
    });
  document.documentElement.lang = language;
  linkWebManifest(language);
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  linkWebManifest(language);
}

export function currentLanguage(): Language {
  return resolveLanguage(i18next.language);
}
