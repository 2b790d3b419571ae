/**
 * The interface texts are written in one file per language, but a first visit should not download
 * the texts of every screen. The top-level keys listed here load with the screens that use them
 * (see `lazyScreen` in src/app/router.tsx); everything else is the core, loaded at start. The split
 * is made at build time by the `localeParts` Vite plugin, so translators keep one file per language.
 */
export const LOCALE_PARTS = {
  account: ['auth', 'registerProvider'],
  home: ['home', 'howItWorks'],
  callPages: ['callPages'],
  contact: ['contact'],
  serviceStatus: ['serviceStatus'],
  pricing: ['pricing'],
  report: ['report'],
  booking: ['booking'],
  checkout: ['checkout'],
  paymentSuccess: ['paymentSuccess'],
  dashboard: ['dashboard', 'dashboardProfile', 'reviewsTab', 'messagesTab'],
  /** The admin console's texts, loaded only with the console (src/features/admin). */
  admin: ['admin'],
} as const satisfies Record<string, readonly string[]>;

/** Top-level keys read at build time only (the per-language web app manifests), never shipped. */
export const BUILD_ONLY_KEYS: readonly string[] = ['webManifest'];

export type LocalePart = keyof typeof LOCALE_PARTS;
export const LOCALE_PART_NAMES = Object.keys(LOCALE_PARTS) as LocalePart[];

type Messages = Record<string, unknown>;

/** The texts of one part, or of the core (`'core'`: every key no part claims). */
export function localePart(messages: Messages, part: LocalePart | 'core'): Messages {
  if (part !== 'core') {
    return Object.fromEntries(
      LOCALE_PARTS[part].filter((key) => key in messages).map((key) => [key, messages[key]]),
    );
  }
  const claimed = new Set<string>([...Object.values(LOCALE_PARTS).flat(), ...BUILD_ONLY_KEYS]);
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !claimed.has(key)));
}
