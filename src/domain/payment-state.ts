/**
 * What became of the client's money on one order: the one rule behind every place that speaks of it
 * (the call page, the dashboard's calls, the notifications), each state with one wording
 * (`money.state.<state>` and `money.detail.<state>` in the locale files).
 *
 * It reads the payment's recorded state (`orders/<id>.payment.state`, copied into the call session
 * and the order view), which the service changes only on the gateway's answer and together with the
 * matching ledger entry: `authorised` (ledger `authorisation`: a hold, nothing charged), `captured`
 * (`capture`: charged), `released` (`release`: the hold lifted, the card never charged), `refunded`
 * (`refund`: charged, then given back); a `captured` payment with `refunded` > 0 was charged and part
 * of it given back (it becomes `refunded` only once all of it is). It never guesses from the call's
 * phase: a failed call whose hold was lifted was never charged, so it is never "paid" nor
 * "refunded". The phase only tells whether money still held or charged is on its way back (the
 * release or refund decided, not done).
 */
import { PAYMENT_STATES } from './order';
import type { CallPhase, PaymentState } from './order';

export const CLIENT_MONEY_STATES = [
  /** Nothing was ever held nor charged (awaiting the card, or the card refused). */
  'none',
  /** Authorised, not captured: the amount is reserved on the card, not charged. */
  'held',
  /** Still held, but the consultation failed: the hold is being lifted; never charged. */
  'releasing',
  /** Captured: the card was charged. */
  'charged',
  /** Captured, and part of it given back since (an admin's partial refund); the rest stays charged. */
  'partlyRefunded',
  /** Captured, but the consultation failed: the refund is under way. */
  'refunding',
  /** The hold was lifted: the card was never charged. */
  'released',
  /** Captured, then given back. */
  'refunded',
] as const;
export type ClientMoney = (typeof CLIENT_MONEY_STATES)[number];

export type MoneyFacts = {
  payment: PaymentState;
  /** The call's phase when known: a failed consultation gives back what is still held or charged. */
  phase?: CallPhase;
  /**
   * Minor units given back so far (`payment.refunded`, copied into the client's call session). A
   * payment partly refunded stays `captured`: this alone tells it apart from one charged in full.
   */
  refunded?: number;
};

export function clientMoney({ payment, phase, refunded }: MoneyFacts): ClientMoney {
  const givenBack = phase === 'failed';
  const partly = (refunded ?? 0) > 0;
  switch (payment) {
    case 'requires_payment':
    case 'failed':
      return 'none';
    case 'authorised':
      return givenBack ? 'releasing' : 'held';
    case 'captured':
      return givenBack ? 'refunding' : partly ? 'partlyRefunded' : 'charged';
    case 'released':
      return 'released';
    case 'refunded':
      return 'refunded';
  }
}

/** Whether the card was charged at some point, whatever happened after (a refund gives it back). */
export function wasCharged(money: ClientMoney): boolean {
  return money === 'charged' || money === 'partlyRefunded' || money === 'refunding' || money === 'refunded';
}

/** A value read from a stored document (a notification's params) when it names a payment state. */
export function paymentStateOf(value: unknown): PaymentState | undefined {
  return PAYMENT_STATES.find((state) => state === value);
}
