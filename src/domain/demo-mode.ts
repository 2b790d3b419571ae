/**
 * What demo mode honours (no Stripe or Twilio account configured): Stripe's test card numbers, read
 * by the simulated payment gateway, and test phone numbers, read by the simulated telephony. The
 * checkout shows them in demo mode; the README documents them.
 */
import type { CardOutcome } from './order';

/** Stripe's test cards (https://docs.stripe.com/testing) and what the simulated gateway answers. */
export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': 'authorised',
  '5555555555554444': 'authorised',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000002500003155': 'requires_action',
  '4000002760003184': 'requires_action',
};

/** The cards the checkout lists in demo mode, one per outcome worth trying. */
export const DEMO_CARD_HINTS = [
  '4242424242424242',
  '4000002500003155',
  '4000000000000002',
  '4000000000009995',
] as const;

/** How a simulated phone line behaves. Any number not in the list answers. */
export type TestLine = 'answers' | 'no_answer' | 'busy' | 'fails';

export const TEST_PHONE_NUMBERS: Readonly<Record<string, TestLine>> = {
  '+15005550006': 'answers',
  '+15005550002': 'no_answer',
  '+15005550003': 'busy',
  '+15005550001': 'fails',
};

export function testLineOf(e164: string): TestLine {
  return TEST_PHONE_NUMBERS[e164] ?? 'answers';
}

/** The simulated line used for a demo expert, chosen on the checkout in demo mode. */
export const DEMO_PROVIDER_NUMBERS = {
  answers: '+15005550006',
  no_answer: '+15005550002',
  fails: '+15005550001',
} as const;
