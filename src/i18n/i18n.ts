/**
 * Interface languages: i18next with one JSON file per language, loaded on demand (each is its own
 * chunk, precached by the service worker). The choice is kept in localStorage and restored at
 * start when it is one of the five; anything else gives French. `<html lang>` follows it.
 */
import i18next from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, resolveLanguage } from '../domain/languages';
import type { Language } from '../domain/languages';

export const LANGUAGE_STORAGE_KEY = 'sos-expat.language';

const loaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  fr: () => import('./locales/fr.json'),
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  ru: () => import('./locales/ru.json'),
  de: () => import('./locales/de.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loaders[resolveLanguage(language)]()
      .then((module) => callback(null, module.default))
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};

export function storedLanguage(): Language {
  try {
    return resolveLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export async function initI18n(): Promise<typeof i18next> {
  const language = storedLanguage();
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return resolveLanguage(i18next.language);
}
