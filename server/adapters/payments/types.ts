/**
 * The payments seam: Stripe PaymentIntents with manual capture (`stripe.ts`), or the simulated
 * gateway of demo mode (`simulated.ts`), which keeps its intents in the store and honours Stripe's
 * test card numbers. The consultation service sees only this interface.
 *
 * Every mutating call carries an idempotency key derived from the order (`<orderId>:capture`…), so a
 * call repeated after a restart or a lost answer never charges, releases or refunds twice.
 */
import type { Currency } from '../../../src/domain/config';
import type { DisputeStatus } from '../../../src/domain/disputes';
import type { CardGatewayKind } from '../../../src/domain/order';

/** The states of a PaymentIntent the service acts on (Stripe's names). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type Intent = {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: Currency;
  /** The amount captured so far (0 until captured). */
  amountReceived: number;
  /** Amount refunded so far. */
  amountRefunded: number;
  /** Why the last confirmation failed (`card_declined`, `insufficient_funds`…), when it did. */
  lastError?: string;
  metadata: Record<string, string>;
};

export type CreateIntent = {
  orderId: string;
  amount: number;
  currency: Currency;
  description: string;
  customerEmail?: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
};

/** Money sent to a provider (Stripe Connect transfer to their connected account, or simulated). */
export type TransferInput = {
  providerId: string;
  /** The provider's connected account (`acct_…`); required by Stripe, ignored by the simulation. */
  destination?: string;
  amount: number;
  currency: Currency;
  /** One transfer per key: a repeat answers the first transfer, never a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type RefundOptions = { amount?: number; metadata?: Record<string, string> };

export type GatewayRefund = {
  refundId: string;
  amount: number;
  /** What the refund was created with (`orderId`, `refundKey` when this service asked for it). */
  metadata: Record<string, string>;
  /** Seconds since the epoch, as Stripe counts. */
  created: number;
};

/** A card dispute as the gateway knows it now (Stripe's statuses and reasons). */
export type GatewayDispute = {
  disputeId: string;
  intentId: string;
  amount: number;
  currency: Currency;
  reason: string;
  status: DisputeStatus;
  /** When the evidence is due (ISO), when there is a deadline. */
  dueBy?: string;
  /** Seconds since the epoch, as Stripe counts. */
  created: number;
};

export type Transfer = { transferId: string; amount: number; currency: Currency; destination?: string };

export interface PaymentGateway {
  /** Account-billed intents run through the card gateway's object too (account-billing.ts). */
  readonly kind: CardGatewayKind;
  /** The key the browser needs for Stripe.js (Stripe only). */
  readonly publishableKey?: string;
  /** Creates an intent with manual capture; the same idempotency key gives the same intent. */
  createIntent(input: CreateIntent): Promise<{ intent: Intent; clientSecret: string }>;
  retrieve(intentId: string): Promise<Intent>;
  /** Takes the held amount. Capturing an already captured intent answers it as it is. */
  capture(intentId: string, idempotencyKey: string): Promise<Intent>;
  /** Releases the hold of an uncaptured intent. */
  cancel(intentId: string, idempotencyKey: string): Promise<Intent>;
  /**
   * Gives captured money back: `amount` of it, or all that is left when no amount is given. One
   * refund per idempotency key; `metadata` (the order and the refund's key) travels with it so that
   * the gateway's own notice of the refund is recognised as this one.
   */
  refund(intentId: string, idempotencyKey: string, options?: RefundOptions): Promise<GatewayRefund>;
  /** Every refund of an intent the gateway knows of, oldest first (a refund made at the gateway too). */
  listRefunds(intentId: string): Promise<GatewayRefund[]>;
  /** A dispute's current state; throws when the gateway has no such dispute. */
  retrieveDispute(disputeId: string): Promise<GatewayDispute>;
  /** Every dispute of an intent's charges, oldest first. */
  listDisputes(intentId: string): Promise<GatewayDispute[]>;
  /** Pays a provider (see TransferInput); a refusal is thrown with the gateway's error code. */
  transfer(input: TransferInput): Promise<Transfer>;
}
