/**
 * An admin gives a client's money back on one order (the admin console's "release" and "refund"),
 * through the same gateway calls and ledger entries as the automatic release after a failed call:
 * the gateway's idempotency key is the order's movement (`<orderId>:release`, `<orderId>:refund`)
 * and the ledger entry's id is fixed the same way, so an admin action, its retry, a concurrent
 * second click and the automatic release are all one movement, recorded once.
 *
 * - release: lifts the hold of an authorised payment (nothing was charged); the order fails.
 * - refund: gives back a captured payment; a completed consultation stays completed (its invoice
 *   stands), anything else fails.
 * Only once the consultation is over (or never started): a call under way is ended first.
 */
import { isFinalPhase } from '../../../src/domain/order';
import type { PaymentGateway } from '../../adapters/payments/types';
import type { Store } from '../../store/store';
import { releaseCouponUse } from '../coupons/uses';
import { endedWithoutConsultation } from '../coupons/stale-holds';
import { record } from './ledger';
import { RefundRefused } from './refunds';
import type { Refunds } from './refunds';
import { FAILED_CONSULTATION_REFUND } from './settlement';
import { updateOrder } from './order-store';
import type { StoredCall, StoredOrder } from './types';
import { notifyMoneyBack } from './user-docs';

export type MoneyBackAction = 'release' | 'refund';

export type MoneyBackRefusal =
  | 'not_found'
  | 'call_in_progress'
  | 'not_held'
  | 'not_captured'
  | 'billed_to_account'
  | 'refused_by_gateway'
  | 'disputed';

export class MoneyBackRefused extends Error {
  constructor(readonly reason: MoneyBackRefusal) {
    super(`Money not given back: ${reason}`);
    this.name = 'MoneyBackRefused';
  }
}

/** What the action did: `changed` false when the money had already gone back this way. */
export type MoneyBackResult = { order: StoredOrder; changed: boolean };

const DONE: Record<MoneyBackAction, StoredOrder['payment']['state']> = {
  release: 'released',
  refund: 'refunded',
};

export function createMoneyBack({
  store,
  gateway,
  now,
  refunds,
}: {
  store: Store;
  gateway: PaymentGateway;
  now: () => Date;
  refunds: Refunds;
}) {
  return async function giveBack(
    order: StoredOrder | undefined,
    call: StoredCall | undefined,
    action: MoneyBackAction,
    asked?: { by: string; reason?: string },
  ): Promise<MoneyBackResult> {
    if (!order) throw new MoneyBackRefused('not_found');
    if (order.payment.state === DONE[action]) return { order, changed: false };
    if (call && !isFinalPhase(call.state.phase) && call.state.phase !== 'scheduled')
      throw new MoneyBackRefused('call_in_progress');
    const at = now().toISOString();
    if (action === 'refund') {
      if (order.payment.state !== 'captured') throw new MoneyBackRefused('not_captured');
      // All that is left, under the key of the automatic refund: the two are one refund (refunds.ts).
      const outcome = await refunds
        .refund(order.orderId, {
          ...FAILED_CONSULTATION_REFUND,
          ...(asked ? { by: asked.by, reason: asked.reason ?? 'admin_refund' } : {}),
        })
        .catch((error: unknown) => {
          if (!(error instanceof RefundRefused)) throw error;
          // Given back already (in parts, say): nothing more to do.
          if (error.reason === 'nothing_left') return undefined;
          if (
            error.reason === 'billed_to_account' ||
            error.reason === 'refused_by_gateway' ||
            error.reason === 'disputed'
          )
            throw new MoneyBackRefused(error.reason);
          throw new MoneyBackRefused(error.reason === 'exceeds_refundable' ? 'not_captured' : error.reason);
        });
      if (!outcome) return { order, changed: false };
      const { order: refunded, changed } = outcome;
      if (changed && refunded.quote.coupon && endedWithoutConsultation(refunded))
        await releaseCouponUse(store, refunded.quote.coupon.code, refunded.orderId, now());
      return { order: refunded, changed };
    }
    if (order.payment.state !== 'authorised') throw new MoneyBackRefused('not_held');
    await gateway.cancel(order.payment.intentId, `${order.orderId}:release`);
    await record(store, order, 'release', order.quote.total, at);
    const updated = await updateOrder(store, order.orderId, (current) => {
      if (current.payment.state === 'released') return undefined;
      const payment = {
        ...current.payment,
        state: 'released' as const,
        releasedAt: current.payment.releasedAt ?? at,
      };
      const state = current.state === 'completed' ? 'completed' : 'failed';
      return { ...current, state, payment, updatedAt: at };
    });
    if (!updated)
      return { order: (await store.db<StoredOrder>('orders').get(order.orderId)) ?? order, changed: false };
    await notifyMoneyBack(store, updated, at);
    if (updated.quote.coupon && endedWithoutConsultation(updated))
      await releaseCouponUse(store, updated.quote.coupon.code, updated.orderId, now());
    return { order: updated, changed: true };
  };
}
