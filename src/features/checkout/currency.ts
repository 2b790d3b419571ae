import type { Currency } from '../../domain/config';

/** Regions whose own currency is the US dollar (the United States, its territories, dollarised states). */
const DOLLAR_REGIONS = new Set([
  'US',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
  'UM',
  'EC',
  'SV',
  'PA',
  'TL',
  'FM',
  'MH',
  'PW',
  'ZW',
  'BQ',
  'TC',
  'VG',
]);

/**
 * The currency the checkout starts with: dollars when the browser's first language that names a
 * region names a dollar one ("en-US", "es-EC"), euros otherwise. The person can switch.
 */
export function defaultCurrency(languages: readonly string[]): Currency {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      continue;
    }
    if (region) return DOLLAR_REGIONS.has(region.toUpperCase()) ? 'USD' : 'EUR';
  }
  return 'EUR';
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
