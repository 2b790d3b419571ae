/**
 * The demo card form's rules: what the person types is formatted as they type (groups of four
 * digits, MM/YY), and checked before it is sent (Luhn, expiry, CVC) so that a typing mistake gets a
 * clear message at once rather than a refusal from the gateway. The gateway still decides.
 */

export type CardForm = { number: string; exp: string; cvc: string };
export type CardField = keyof CardForm;
export type CardProblem = 'required' | 'number_invalid' | 'expiry_invalid' | 'expired' | 'cvc_invalid';
export type CardProblems = Partial<Record<CardField, CardProblem>>;

const MIN_DIGITS = 12;
const MAX_DIGITS = 19;
const GROUP = 4;
const CENTURY = 2000;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Card number as typed → digits in groups of four ("4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, MAX_DIGITS);
  return digits.replace(new RegExp(`(\\d{${GROUP}})(?=\\d)`, 'g'), '$1 ');
}

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

/**
 * Expiry as typed → "MM/YY": the slash comes by itself after the month; a single digit above 1 is
 * a month ("4" → "04/"). Deleting the slash removes it for good (`previous` is the value before
 * the change), so that the month can be corrected.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  const deleting = value.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting && !value.includes('/') ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** The month and the four-digit year of a "MM/YY" expiry, or undefined when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: CENTURY + Number(match[2]) };
}

/** A card is valid until the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  return expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1;
}

/** American Express cards have a four-digit code; the others three. */
export function cvcLength(number: string): 3 | 4 {
  return /^3[47]/.test(digitsOf(number)) ? 4 : 3;
}

/** Every problem of the card as typed, by field; empty when it can be sent. */
export function cardProblems(card: CardForm, now: Date): CardProblems {
  const problems: CardProblems = {};
  if (!digitsOf(card.number)) problems.number = 'required';
  else if (!cardNumberValid(card.number)) problems.number = 'number_invalid';

  if (!card.exp.trim()) problems.exp = 'required';
  else {
    const expiry = parseExpiry(card.exp);
    if (!expiry) problems.exp = 'expiry_invalid';
    else if (isExpired(expiry, now)) problems.exp = 'expired';
  }

  const cvc = card.cvc.trim();
  if (!cvc) problems.cvc = 'required';
  else if (!/^\d+$/.test(cvc) || cvc.length !== cvcLength(card.number)) problems.cvc = 'cvc_invalid';
  return problems;
}

/** The card as the gateway takes it: digits only, "MM/YY". */
export function cardToSend(card: CardForm): CardForm {
  const expiry = parseExpiry(card.exp);
  return {
    number: digitsOf(card.number),
    exp: expiry
      ? `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}`
      : card.exp,
    cvc: card.cvc.trim(),
  };
}
