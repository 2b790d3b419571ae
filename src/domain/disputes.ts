/**
 * Card disputes (chargebacks) of captured payments (issue 14, finance/disputes): the record the
 * service keeps of each (`dispute:<disputeId>` in `orders`) and what the console shows of it.
 *
 * A dispute's `status` is the gateway's own (Stripe's names); its `state` groups them into what the
 * console filters on: still open (evidence due or under review), won, or lost. An inquiry Stripe
 * closed without a chargeback (`warning_closed`) is won: the cardholder got nothing back.
 */
import type { Currency } from './config';

export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_STATES = ['open', 'won', 'lost'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

export function disputeState(status: DisputeStatus): DisputeState {
  if (status === 'won' || status === 'warning_closed') return 'won';
  if (status === 'lost') return 'lost';
  return 'open';
}

export const disputeDocId = (disputeId: string) => `dispute:${disputeId}`;

/** What the service records of a dispute (in `orders`, server-only). */
export type DisputeDoc = {
  _id: string;
  _rev?: string;
  type: 'dispute';
  disputeId: string;
  orderId: string;
  intentId: string;
  providerId: string;
  gateway: string;
  /** Minor units: what the cardholder disputes. */
  amount: number;
  currency: Currency;
  reason: string;
  status: DisputeStatus;
  state: DisputeState;
  /** When the evidence is due (ISO), when the gateway says. */
  dueBy?: string;
  /** When the gateway opened it (Stripe dates to the second). */
  openedAt: string;
  /** When we first recorded it (to the millisecond): orders disputes opened in the same second. */
  recordedAt?: string;
  closedAt?: string;
  outcome?: 'won' | 'lost';
  /** The provider's share held from their balance while the dispute lasts. */
  held: number;
  updatedAt: string;
};

/** A dispute as the console lists it. */
export type DisputeRow = Omit<DisputeDoc, '_id' | '_rev' | 'type'> & {
  clientName?: string;
  providerName?: string;
};

/** Whole days from `now` to a deadline (negative once past), for "n days left". */
export function daysLeft(dueBy: string, now: Date): number {
  return Math.ceil((Date.parse(dueBy) - now.getTime()) / 86_400_000);
}
