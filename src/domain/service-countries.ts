/**
 * Where each service may be booked (spec section 3, platform settings `supportedCountries`; admin
 * screen "countries"): the supported countries, each enabled for the lawyer call, the expat call,
 * both or neither. Kept in `config/settings` beside the other platform settings, so that every
 * browser has it offline; the directory's country filter and the booking form offer these countries,
 * and checkout refuses a booking for a country its service is not enabled in.
 *
 * The spec writes the United Kingdom `UK`; every other field of the product (profiles, bookings,
 * phone numbers) uses ISO 3166 `GB`. Codes are read through `isoCountry`, so a `UK` stored by the
 * spec's defaults and a `GB` saved by an admin mean the same country.
 */
import type { PlatformSettings } from './config';
import { isCountryCode } from './countries';
import { DEFAULT_SUPPORTED_COUNTRIES } from './constants';
import { SERVICES } from './promo';
import type { ServiceKey } from './promo';

/** One supported country and the services it is enabled for. */
export type CountryAvailability = { code: string } & Record<ServiceKey, boolean>;

/** The most countries the list may hold (every ISO code is about 250). */
export const SUPPORTED_COUNTRIES_MAX = 260;

export type CountrySettings = Pick<PlatformSettings, 'supportedCountries' | 'serviceCountries'>;

/** The ISO code of a stored country code (`UK` → `GB`). */
export function isoCountry(code: string): string {
  const upper = code.trim().toUpperCase();
  return upper === 'UK' ? 'GB' : upper;
}

/** Whether `code` names a country the list may hold (an ISO code, or the spec's `UK`). */
export function isSupportableCountry(code: unknown): code is string {
  return typeof code === 'string' && isCountryCode(isoCountry(code));
}

function unique(codes: readonly string[]): string[] {
  return [...new Set(codes.map(isoCountry))];
}

/**
 * The supported countries with their services, in the list's order. Without settings, the spec's
 * defaults; a country not named by `serviceCountries` for a service is enabled for it when
 * `serviceCountries` is absent (settings written before the per-service choice existed).
 */
export function countryAvailability(settings: Partial<CountrySettings> | undefined): CountryAvailability[] {
  const supported = unique(settings?.supportedCountries ?? DEFAULT_SUPPORTED_COUNTRIES);
  const perService = settings?.serviceCountries;
  const enabled = Object.fromEntries(
    SERVICES.map((service) => [service, perService ? new Set(unique(perService[service] ?? [])) : undefined]),
  ) as Record<ServiceKey, Set<string> | undefined>;
  return supported.map((code) => ({
    code,
    lawyerCall: enabled.lawyerCall?.has(code) ?? true,
    expatCall: enabled.expatCall?.has(code) ?? true,
  }));
}

/** The countries a service may be booked for (ISO codes); for no service given, those of either. */
export function bookableCountries(
  settings: Partial<CountrySettings> | undefined,
  service?: ServiceKey,
): string[] {
  return countryAvailability(settings)
    .filter((country) => (service ? country[service] : country.lawyerCall || country.expatCall))
    .map((country) => country.code);
}

/** Whether a booking for `service` in the country `code` is accepted. */
export function countryBookable(
  settings: Partial<CountrySettings> | undefined,
  service: ServiceKey,
  code: string,
): boolean {
  return bookableCountries(settings, service).includes(isoCountry(code));
}

/** The settings fields that store a list of availabilities. */
export function countrySettingsOf(countries: readonly CountryAvailability[]): CountrySettings {
  return {
    supportedCountries: countries.map((country) => country.code),
    serviceCountries: {
      lawyerCall: countries.filter((country) => country.lawyerCall).map((country) => country.code),
      expatCall: countries.filter((country) => country.expatCall).map((country) => country.code),
    },
  };
}
