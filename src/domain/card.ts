/**
 * What makes a card number, an expiry and a security code well formed: the demo card form checks
 * them as the person types, and the simulated gateway applies the same rules before its test numbers.
 */
export const MIN_DIGITS = 12;
export const MAX_DIGITS = 19;
const CENTURY = 2000;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardNumberValid(value: string): boolean {
  const digits = digitsOf(value);
  return digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS && luhnValid(digits);
}

/** The month and the four-digit year of a "MM/YY" expiry, or undefined when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  // MM/YY as the form writes it; an API caller may also send the year in full (MM/YYYY).
  const match = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  const year = match[2]!.length === 2 ? CENTURY + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** A card is valid until the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  return expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1;
}

/** American Express cards have a four-digit code; the others three. */
export function cvcLength(number: string): 3 | 4 {
  return /^3[47]/.test(digitsOf(number)) ? 4 : 3;
}
