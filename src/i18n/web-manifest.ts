/**
 * The installed app's name and description are in the reader's language: one web app manifest per
 * language, built from the `webManifest` texts of each locale file (see `webManifests` in
 * vite.config.ts). French, the default, is `/manifest.webmanifest`, the one `index.html` links.
 */
import { DEFAULT_LANGUAGE } from '../domain/languages';
import type { Language } from '../domain/languages';

export type WebManifestTexts = { name: string; shortName: string; description: string };

export function webManifestFile(language: Language): string {
  return language === DEFAULT_LANGUAGE ? 'manifest.webmanifest' : `manifest.${language}.webmanifest`;
}

/** What every language's manifest shares; `id` is one app whatever language installed it. */
export const WEB_MANIFEST_BASE = {
  id: '/',
  start_url: '/',
  scope: '/',
  dir: 'ltr',
  display: 'standalone',
  orientation: 'portrait-primary',
  background_color: '#ffffff',
  theme_color: '#0b3d91',
  categories: ['travel', 'lifestyle', 'business'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;

export function webManifest(language: Language, texts: WebManifestTexts) {
  return {
    ...WEB_MANIFEST_BASE,
    lang: language,
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
  };
}

/** Points the page's manifest link at the language's own, so installing names the app in it. */
export function linkWebManifest(language: Language): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = `/${webManifestFile(language)}`;
}
