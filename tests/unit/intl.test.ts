import { describe, expect, it } from 'vitest';
import {
  countryName,
  formatMoney,
  formatRating,
  languageName,
  optionsByName,
  primeTexts,
  recordingTexts,
} from '../../src/ui/intl';

describe('optionsByName', () => {
  it("lists countries in the alphabetical order of the reader's language, accents included", () => {
    const codes = ['ES', 'EG', 'DK', 'AE'];
    const french = optionsByName(codes, (code) => countryName(code, 'fr'), 'fr');
    // By code points "Émirats…" and "Égypte" would come after "Espagne".
    expect(french.map((option) => option.label)).toEqual([
      'Danemark',
      'Égypte',
      'Émirats arabes unis',
      'Espagne',
    ]);
    expect(french.map((option) => option.value)).toEqual(['DK', 'EG', 'AE', 'ES']);
    const english = optionsByName(codes, (code) => countryName(code, 'en'), 'en');
    expect(english.map((option) => option.value)).toEqual(['DK', 'EG', 'ES', 'AE']);
  });
});

describe('names and figures recorded by a render and primed before hydration', () => {
  it('lists the names a render looked up in its language, in alphabetical order, and only those', async () => {
    const [html, names] = await recordingTexts('fr', async () => {
      await Promise.resolve();
      return `${countryName('es', 'fr')} ${countryName('ae', 'fr')} ${languageName('de', 'fr')} ${countryName('dk', 'en')}`;
    });
    expect(html).toBe('Espagne Émirats arabes unis Allemand Denmark');
    expect(names).toEqual([
      ['language', 'de', 'Allemand'],
      ['region', 'ae', 'Émirats arabes unis'],
      ['region', 'es', 'Espagne'],
    ]);
  });

  it('lists the figures a render wrote, after the names', async () => {
    const [html, texts] = await recordingTexts('fr', async () => {
      await Promise.resolve();
      return `${formatRating(4.75, 'fr')} ${countryName('be', 'fr')} ${formatMoney(4410, 'EUR', 'fr')}`;
    });
    const figures = texts.filter(([kind]) => kind === 'number').map(([, , text]) => text);
    expect(texts[0]).toEqual(['region', 'be', 'Belgique']);
    expect(figures).toEqual(['4,8', '44,10\u00a0€']);
    expect(html).toBe(`4,8 Belgique ${figures[1]}`);
  });

  it("keeps another render's names out of a render that ended before it looked them up", async () => {
    const [, first] = await recordingTexts('de', async () => countryName('fr', 'de'));
    const [, second] = await recordingTexts('de', async () => countryName('it', 'de'));
    expect(first.map(([, code]) => code)).toEqual(['fr']);
    expect(second.map(([, code]) => code)).toEqual(['it']);
  });

  it('answers with the primed names and orders them as primed, without a lookup of its own', () => {
    // Names a browser could not give itself, in an order no alphabet has: only the primed ones are used.
    primeTexts('x-test', [
      ['region', 'zz', 'Zeta'],
      ['region', 'aa', 'Omega'],
      ['language', 'qq', 'Alpha'],
    ]);
    expect(countryName('zz', 'x-test')).toBe('Zeta');
    expect(languageName('qq', 'x-test')).toBe('Alpha');
    const options = optionsByName(['aa', 'zz'], (code) => countryName(code, 'x-test'), 'x-test');
    expect(options.map((option) => option.value)).toEqual(['zz', 'aa']);
  });

  it('writes the primed figures as primed', () => {
    // A figure no number format writes: only the primed one can give it.
    primeTexts('z-test', [
      ['number', '{"minimumFractionDigits":1,"maximumFractionDigits":1} 4.5', 'four and a half'],
    ]);
    expect(formatRating(4.5, 'z-test')).toBe('four and a half');
  });

  it('ignores entries of another shape', () => {
    primeTexts('y-test', [['script', 'xx', 'Bad'] as never, ['region', 'ab', 'Good']]);
    expect(countryName('ab', 'y-test')).toBe('Good');
  });
});
