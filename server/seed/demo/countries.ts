// The demo country table assembled from its two halves, with the one lookup the generator and the
// bios use. Country codes are ISO 3166-1 alpha-2.
import { EUROPE_COUNTRIES } from './countries-europe';
import { WORLD_COUNTRIES } from './countries-world';
import type { CountryInfo } from './types';

const COUNTRIES: Record<string, CountryInfo> = { ...EUROPE_COUNTRIES, ...WORLD_COUNTRIES };

export function countryInfo(code: string): CountryInfo {
  const info = COUNTRIES[code];
  if (!info) throw new Error(`Unknown demo country ${code}`);
  return info;
}
