/**
 * Stripe reports a refused card with a `code` and, for declines, a `decline_code` from a long list
 * (https://docs.stripe.com/declines/codes). The browser translates only the card outcomes of spec
 * section 4, so every code is folded into one of them here, for both gateways.
 */
import type { CardOutcome } from '../../../src/domain/order';

const OUTCOMES: Readonly<Record<string, CardOutcome>> = {
  card_declined: 'card_declined',
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  processing_error: 'processing_error',
  invalid_card: 'invalid_card',
  incorrect_number: 'invalid_card',
  invalid_number: 'invalid_card',
  invalid_expiry_month: 'invalid_card',
  invalid_expiry_year: 'invalid_card',
  authentication_failed: 'authentication_failed',
  authentication_required: 'authentication_failed',
  payment_intent_authentication_failure: 'authentication_failed',
  canceled: 'canceled',
};

/** The card outcome of a refusal code; any other refusal (`generic_decline`, `lost_card`…) is a decline. */
export function cardOutcomeOf(code: string | undefined): CardOutcome {
  return (code && OUTCOMES[code]) || 'card_declined';
}

/** English texts of the refusals, for the `message` of error answers (the browser shows its own). */
export const CARD_OUTCOME_MESSAGES: Readonly<Record<CardOutcome, string>> = {
  authorised: 'The payment is authorised.',
  requires_action: 'The bank asks for an authentication.',
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_card: 'The card number, expiry date or security code is invalid.',
  processing_error: 'An error occurred while processing your card. Try again.',
  authentication_failed: 'The authentication of the payment failed.',
  canceled: 'This payment was cancelled.',
};
