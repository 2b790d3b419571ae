/**
 * The demo card form's rules: what the person types is formatted as they type (groups of four
 * digits, MM/YY), and checked before it is sent (Luhn, expiry, CVC) so that a typing mistake gets a
 * clear message at once rather than a refusal from the gateway. The gateway still decides.
 */
import { MAX_DIGITS, cardNumberValid, cvcLength, digitsOf, isExpired, parseExpiry } from '../../domain/card';

export type CardForm = { number: string; exp: string; cvc: string };
export type CardField = keyof CardForm;
export type CardProblem = 'required' | 'number_invalid' | 'expiry_invalid' | 'expired' | 'cvc_invalid';
export type CardProblems = Partial<Record<CardField, CardProblem>>;

const GROUP = 4;

/** Card number as typed → digits in groups of four ("4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, MAX_DIGITS);
  return digits.replace(new RegExp(`(\\d{${GROUP}})(?=\\d)`, 'g'), '$1 ');
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
