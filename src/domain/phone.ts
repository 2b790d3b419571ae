/**
 * Phone numbers as a country calling code ("+33") and a national number ("6 12 34 56 78"). Forms
 * offer the codes below by country, or a custom code, which must start with + (spec section 5).
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

export const PHONE_NATIONAL_MIN_DIGITS = 4;
export const PHONE_NATIONAL_MAX_DIGITS = 14;
/** E.164: a full international number has at most 15 digits, country code included. */
const E164_MAX_DIGITS = 15;

/** Calling codes of the countries the platform's clients most often call from, by country. */
export const COMMON_DIAL_CODES: Readonly<Record<string, string>> = {
  FR: '+33',
  BE: '+32',
  CH: '+41',
  LU: '+352',
  MC: '+377',
  CA: '+1',
  US: '+1',
  GB: '+44',
  IE: '+353',
  DE: '+49',
  AT: '+43',
  ES: '+34',
  PT: '+351',
  IT: '+39',
  NL: '+31',
  PL: '+48',
  RU: '+7',
  UA: '+380',
  MA: '+212',
  DZ: '+213',
  TN: '+216',
  SN: '+221',
  CI: '+225',
  CM: '+237',
  AE: '+971',
  TH: '+66',
  VN: '+84',
  CN: '+86',
  JP: '+81',
  IN: '+91',
  AU: '+61',
  BR: '+55',
  MX: '+52',
};

export function isCountryCallingCode(code: string): boolean {
  return /^\+\d{1,4}$/.test(code);
}

/** A national number: digits, spaces allowed between them. */
export function isNationalNumber(number: string): boolean {
  if (!/^[\d ]+$/.test(number)) return false;
  const digits = number.replace(/ /g, '').length;
  return digits >= PHONE_NATIONAL_MIN_DIGITS && digits <= PHONE_NATIONAL_MAX_DIGITS;
}

/** Whether code and number together fit in an international (E.164) number. */
export function fitsE164(code: string, number: string): boolean {
  return code.replace(/\D/g, '').length + number.replace(/\D/g, '').length <= E164_MAX_DIGITS;
}

/**
 * A phone number as typed (international "+33 6 12 34 56 78", or national "06 12 34 56 78" with the
 * country it belongs to) in E.164 ("+33612345678"), or `undefined` when it is not a valid number of
 * that country. Checked with libphonenumber-js's maintained numbering plans ("min" metadata keeps the
 * browser bundle small and still validates the national number pattern), not with a hand-made pattern.
 */
export function toE164(raw: string, defaultCountry?: string): string | undefined {
  const text = raw.trim();
  if (!text || text.length > 40) return undefined;
  const country =
    defaultCountry && isSupportedCountry(defaultCountry.toUpperCase())
      ? (defaultCountry.toUpperCase() as CountryCode)
      : undefined;
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** An E.164 number split as the user record keeps it: calling code ("+33") and national number. */
export function splitE164(e164: string): { countryCode: string; nationalNumber: string } | undefined {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return undefined;
  return { countryCode: `+${parsed.countryCallingCode}`, nationalNumber: parsed.nationalNumber };
}

/** The country (ISO 3166-1 alpha-2) an E.164 number belongs to, when its numbering plan says. */
export function countryOfE164(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}
