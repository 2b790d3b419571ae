/**
 * The ledger: one document per money movement, its id fixed by what it belongs to, so that recording
 * a movement twice (a repeated webhook, a resumed step after a restart) is a conflict and never a
 * second movement. Amounts in minor units, always positive: the kind says which way the money went.
 *
 * - An order's movements: `<orderId>:<kind>` (`LedgerEntry`). When a captured payment is refunded,
 *   `provider_recovery` takes the provider's share of it back from their balance.
 * - A provider payout's movements: `<payoutId>:payout` and, when the transfer failed,
 *   `<payoutId>:payout_reversal`, which gives the amount back to the balance (`PayoutLedgerEntry`,
 *   see services/payouts/).
 * A provider's balance per currency is the `provider-balances` view's sum: shares and reversals in,
 * recoveries and payouts out.
 */
import { splitCommission } from '../../../src/domain/order';
import { createOnce } from '../../store/store';
import type { Store } from '../../store/store';
import { refreshEarnings } from '../payouts/earnings';
import type { StoredOrder } from './types';

export type OrderLedgerKind =
  'authorisation' | 'capture' | 'commission' | 'provider_share' | 'release' | 'refund' | 'provider_recovery';

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
): Promise<boolean> {
  const entry: LedgerEntry = {
    _id: ledgerId(order.orderId, kind),
    type: 'ledger',
    kind,
    orderId: order.orderId,
    clientId: order.client.uid,
    providerId: order.provider.id,
    gateway: order.payment.gateway,
    intentId: order.payment.intentId,
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
 * The part of the provider's share a refund of `refunded` takes back: all of it for a full refund,
 * in proportion otherwise (rounded down: the platform never recovers more than it refunded).
 */
export function recoveredShare(order: StoredOrder, refunded: number): number {
  const { providerShare } = splitCommission(order.quote.total, order.commissionRate);
  if (refunded >= order.quote.total) return providerShare;
  return Math.floor((providerShare * Math.max(0, refunded)) / order.quote.total);
}

/**
 * After a refund of a captured payment: the refund, then the provider's share taken back from their
 * balance (a negative balance carries over to their next shares). Each recorded once.
 */
export async function recordRefund(
  store: Store,
  order: StoredOrder,
  refunded: number,
  at: string,
): Promise<void> {
  await record(store, order, 'refund', refunded, at);
  await record(store, order, 'provider_recovery', recoveredShare(order, refunded), at);
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
