import { describe, expect, it } from 'vitest';
import { countryName, optionsByName } from '../../src/ui/intl';

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
