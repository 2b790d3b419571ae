import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/languages';
import { BUILD_ONLY_KEYS, LOCALE_PARTS, LOCALE_PART_NAMES, localePart } from '../../src/i18n/locale-parts';

const messages = (language: string) =>
  JSON.parse(readFileSync(`src/i18n/locales/${language}.json`, 'utf8')) as Record<string, unknown>;

describe('the texts split into a core and per-screen parts', () => {
  it.each(LANGUAGES)('keeps every key exactly once across the core and the parts (%s)', (language) => {
    // Less what only the build reads (the web app manifests' texts): never shipped as texts.
    const all = Object.fromEntries(
      Object.entries(messages(language)).filter(([key]) => !BUILD_ONLY_KEYS.includes(key)),
    );
    const pieces = [localePart(all, 'core'), ...LOCALE_PART_NAMES.map((part) => localePart(all, part))];
    const keys = pieces.flatMap((piece) => Object.keys(piece));
    expect(keys.sort()).toEqual(Object.keys(all).sort());
    expect(Object.assign({}, ...pieces)).toEqual(all);
  });

  it('names only keys that exist, and leaves the shell its own texts', () => {
    const all = messages('fr');
    for (const key of Object.values(LOCALE_PARTS).flat()) expect(all).toHaveProperty([key]);
    const core = localePart(all, 'core');
    for (const key of ['header', 'footer', 'sync', 'accountMenu', 'accessGuard', 'catalogue', 'notFound']) {
      expect(core).toHaveProperty([key]);
    }
  });
});
