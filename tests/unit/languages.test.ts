import { describe, expect, it } from 'vitest';
import { LANGUAGE_ENDONYMS, LANGUAGES } from '../../src/domain/languages';

describe('language endonyms', () => {
  it('name each language in itself, as Intl names it, with a capital', () => {
    for (const language of LANGUAGES) {
      const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
      expect(LANGUAGE_ENDONYMS[language]).toBe(name.charAt(0).toLocaleUpperCase(language) + name.slice(1));
    }
  });
});
