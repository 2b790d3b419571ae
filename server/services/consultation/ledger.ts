/**
 * The ledger: one document per money movement, its id fixed by what it belongs to, so that recording
 * a movement twice (a repeated webhook, a resumed step after a restart) is a conflict and never a
 * second movement. Amounts in minor units, always positive: the kind says which way the money went.
 *
 * - An order's movements: `<orderId>:<kind>` (`LedgerEntry`), except refunds, of which an order may
 *   have several (parts of the capture): `<orderId>:refund:<refundId>` under the gateway's refund id,
 *   with `<orderId>:provider_recovery:<refundId>` taking the provider's share of it back from their
 *   balance. (Whole refunds recorded before refunds could be partial are `<orderId>:refund` and
 *   `<orderId>:provider_recovery`.)
 * - An order's disputes (consultation/disputes.ts), under the gateway's dispute id:
 *   `<orderId>:dispute_hold:<disputeId>` holds the provider's share of the disputed amount from their
 *   balance; then either `<orderId>:dispute_release:<disputeId>` gives it back (won), or
 *   `<orderId>:dispute_lost:<disputeId>` records the disputed amount the cardholder got back (lost; no
 *   balance effect: the hold stays as the provider's loss).
 * - A provider payout's movements: `<payoutId>:payout` and, when the transfer failed,
 *   `<payoutId>:payout_reversal`, which gives the amount back to the balance (`PayoutLedgerEntry`,
 *   see services/payouts/).
 * - An affiliate's commission on an order of a client they referred (src/domain/affiliates.ts):
 *   `<orderId>:affiliate_commission`, recorded with the capture, and
 *   `<orderId>:affiliate_recovery:<refundId|disputeId>` taking its part back after a refund or a lost
 *   dispute. These carry the affiliate's payee id (`affiliate:<code>`) as `providerId`: affiliates are
 *   paid from the same balances, by the same payout run, as providers.
 * A provider's (or an affiliate's) balance per currency is the `provider-balances` view's sum:
 * shares, commissions, reversals and dispute releases in, recoveries, dispute holds and payouts out.
 */
import { affiliateCommission, affiliatePayeeId, recoveredCommission } from '../../../src/domain/affiliates';
import { splitCommission } from '../../../src/domain/order';
import { createOnce } from '../../store/store';
import type { Store } from '../../store/store';
import { refreshEarnings } from '../payouts/earnings';
import type { StoredOrder } from './types';

export type OrderLedgerKind =
  | 'authorisation'
  | 'capture'
  | 'commission'
  | 'provider_share'
  | 'release'
  | 'refund'
  | 'provider_recovery'
  | 'dispute_hold'
  | 'dispute_release'
  | 'dispute_lost'
  | 'affiliate_commission'
  | 'affiliate_recovery';

export type DisputeLedgerKind = 'dispute_hold' | 'dispute_release' | 'dispute_lost';

export type PayoutLedgerKind = 'payout' | 'payout_reversal';

export type LedgerKind = OrderLedgerKind | PayoutLedgerKind;

/** A movement of an order's money (ids and fields as they always were). */
export type LedgerEntry = {
  _id: string;
  type: 'ledger';
  kind: OrderLedgerKind;
  orderId: string;
  clientId: string;
  providerId: string;
  gateway: string;
  intentId: string;
  /** The gateway's refund, on `refund` and `provider_recovery` entries. */
  refundId?: string;
  /** The gateway's dispute, on `dispute_*` entries (and an affiliate recovery after a lost dispute). */
  disputeId?: string;
  /** The affiliate, on `affiliate_*` entries (whose `providerId` is then the affiliate's payee id). */
  affiliateId?: string;
  amount: number;
  currency: string;
  at: string;
};

/** A movement of a provider payout: no order, the payout's id instead. */
export type PayoutLedgerEntry = {
  _id: string;
  type: 'ledger';
  kind: PayoutLedgerKind;
  payoutId: string;
  providerId: string;
  gateway: string;
  amount: number;
  currency: string;
  at: string;
};

export type AnyLedgerEntry = LedgerEntry | PayoutLedgerEntry;

export function ledgerId(orderId: string, kind: LedgerKind): string {
  return `${orderId}:${kind}`;
}

/** Records a movement once; true when this call recorded it. */
export function record(
  store: Store,
  order: StoredOrder,
  kind: OrderLedgerKind,
  amount: number,
  at: string,
  refundId?: string,
): Promise<boolean> {
  const entry: LedgerEntry = {
    _id: refundId ? `${ledgerId(order.orderId, kind)}:${refundId}` : ledgerId(order.orderId, kind),
    type: 'ledger',
    kind,
    orderId: order.orderId,
    clientId: order.client.uid,
    providerId: order.provider.id,
    gateway: order.payment.gateway,
    intentId: order.payment.intentId,
    ...(refundId ? { refundId } : {}),
    amount,
    currency: order.quote.currency,
    at,
  };
  return recordMoving(store, entry);
}

/** The kinds that move a provider's balance (the `provider-balances` view). */
const BALANCE_KINDS = new Set<LedgerKind>([
  'provider_share',
  'provider_recovery',
  'dispute_hold',
  'dispute_release',
  'payout',
  'payout_reversal',
]);

/**
 * Writes an entry once, then, when it moves a provider's balance, brings their earnings document up
 * to date (again after a retried step too: the entry may have been written by a run that died
 * before it could). The projection never fails the movement (see payouts/earnings.ts).
 */
async function recordMoving(store: Store, entry: AnyLedgerEntry): Promise<boolean> {
  const created = await createOnce(store, 'ledger', entry);
  if (BALANCE_KINDS.has(entry.kind)) await refreshEarnings(store, entry.providerId);
  return created;
}

/**
 * The part of the provider's share a refund takes back, given what was refunded before it: what makes
 * the recoveries so far add up to their share in proportion to all that was refunded (rounded down:
 * the platform never recovers more than it refunded; all of it once everything was refunded). So
 * however a capture is refunded in parts, the recoveries add up to the same as one refund would.
 */
export function recoveredShare(order: StoredOrder, refunded: number, refundedBefore = 0): number {
  const { providerShare } = splitCommission(order.quote.total, order.commissionRate);
  const total = order.quote.total;
  const upTo = (sum: number) =>
    sum >= total ? providerShare : Math.floor((providerShare * Math.max(0, sum)) / total);
  return upTo(refundedBefore + refunded) - upTo(refundedBefore);
}

/**
 * After a refund of a captured payment: the refund, then the provider's share of it taken back from
 * their balance (a negative balance carries over to their next shares). Each recorded once, under
 * the gateway's refund id.
 */
export async function recordRefund(
  store: Store,
  order: StoredOrder,
  refund: { refundId: string; amount: number; refundedBefore: number },
  at: string,
): Promise<void> {
  await record(store, order, 'refund', refund.amount, at, refund.refundId);
  const recovered = recoveredShare(order, refund.amount, refund.refundedBefore);
  await record(store, order, 'provider_recovery', recovered, at, refund.refundId);
  await recordAffiliateRecovery(store, order, refund, at);
}

/** The affiliate's commission on an order (0 without an affiliate). */
export function orderAffiliateCommission(order: StoredOrder): number {
  if (!order.affiliate) return 0;
  const { commission } = splitCommission(order.quote.total, order.commissionRate);
  return affiliateCommission(commission, order.affiliate.rate);
}

function affiliateEntry(
  order: StoredOrder & { affiliate: NonNullable<StoredOrder['affiliate']> },
  kind: 'affiliate_commission' | 'affiliate_recovery',
  amount: number,
  at: string,
  cause?: { refundId?: string; disputeId?: string },
): LedgerEntry {
  const suffix = cause?.refundId ?? cause?.disputeId;
  return {
    _id: suffix ? `${ledgerId(order.orderId, kind)}:${suffix}` : ledgerId(order.orderId, kind),
    type: 'ledger',
    kind,
    orderId: order.orderId,
    clientId: order.client.uid,
    providerId: affiliatePayeeId(order.affiliate.id),
    affiliateId: order.affiliate.id,
    gateway: order.payment.gateway,
    intentId: order.payment.intentId,
    ...(cause?.refundId ? { refundId: cause.refundId } : {}),
    ...(cause?.disputeId ? { disputeId: cause.disputeId } : {}),
    amount,
    currency: order.quote.currency,
    at,
  };
}

/** With the capture: the referring affiliate's commission, once (nothing without an affiliate). */
export async function recordAffiliateCommission(store: Store, order: StoredOrder, at: string): Promise<void> {
  const amount = orderAffiliateCommission(order);
  if (!order.affiliate || amount === 0) return;
  await createOnce(
    store,
    'ledger',
    affiliateEntry({ ...order, affiliate: order.affiliate }, 'affiliate_commission', amount, at),
  );
}

/**
 * After a refund or a lost dispute of `amount`, with `before` given back earlier: the affiliate's
 * commission on it taken back in proportion (recoveredCommission), once per refund or dispute.
 */
export async function recordAffiliateRecovery(
  store: Store,
  order: StoredOrder,
  cause: { refundId?: string; disputeId?: string; amount: number; refundedBefore: number },
  at: string,
): Promise<void> {
  const commission = orderAffiliateCommission(order);
  if (!order.affiliate || commission === 0) return;
  const amount = recoveredCommission(commission, order.quote.total, cause.amount, cause.refundedBefore);
  if (amount === 0) return;
  const entry = affiliateEntry(
    { ...order, affiliate: order.affiliate },
    'affiliate_recovery',
    amount,
    at,
    cause,
  );
  await createOnce(store, 'ledger', entry);
}

/** Records a dispute's movement once, under the gateway's dispute id; true when this call recorded it. */
export function recordDisputeMovement(
  store: Store,
  order: StoredOrder,
  kind: DisputeLedgerKind,
  amount: number,
  at: string,
  disputeId: string,
): Promise<boolean> {
  const entry: LedgerEntry = {
    _id: `${ledgerId(order.orderId, kind)}:${disputeId}`,
    type: 'ledger',
    kind,
    orderId: order.orderId,
    clientId: order.client.uid,
    providerId: order.provider.id,
    gateway: order.payment.gateway,
    intentId: order.payment.intentId,
    disputeId,
    amount,
    currency: order.quote.currency,
    at,
  };
  return recordMoving(store, entry);
}

/** Records a payout's movement once; true when this call recorded it. */
export function recordPayoutMovement(
  store: Store,
  payout: { payoutId: string; providerId: string; gateway: string; amount: number; currency: string },
  kind: PayoutLedgerKind,
  at: string,
): Promise<boolean> {
  const entry: PayoutLedgerEntry = {
    _id: ledgerId(payout.payoutId, kind),
    type: 'ledger',
    kind,
    payoutId: payout.payoutId,
    providerId: payout.providerId,
    gateway: payout.gateway,
    amount: payout.amount,
    currency: payout.currency,
    at,
  };
  return recordMoving(store, entry);
}
