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
import { record, recordRefund } from './ledger';
import { updateOrder } from './settlement';
import type { StoredCall, StoredOrder } from './types';
import { notifyMoneyBack } from './user-docs';

export type MoneyBackAction = 'release' | 'refund';

export type MoneyBackRefusal = 'not_found' | 'call_in_progress' | 'not_held' | 'not_captured';

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
}: {
  store: Store;
  gateway: PaymentGateway;
  now: () => Date;
}) {
  return async function giveBack(
    order: StoredOrder | undefined,
    call: StoredCall | undefined,
    action: MoneyBackAction,
  ): Promise<MoneyBackResult> {
    if (!order) throw new MoneyBackRefused('not_found');
    if (order.payment.state === DONE[action]) return { order, changed: false };
    if (call && !isFinalPhase(call.state.phase) && call.state.phase !== 'scheduled')
      throw new MoneyBackRefused('call_in_progress');
    const at = now().toISOString();
    let refundId: string | undefined;
    if (action === 'release') {
      if (order.payment.state !== 'authorised') throw new MoneyBackRefused('not_held');
      await gateway.cancel(order.payment.intentId, `${order.orderId}:release`);
      await record(store, order, 'release', order.quote.total, at);
    } else {
      if (order.payment.state !== 'captured') throw new MoneyBackRefused('not_captured');
      const refund = await gateway.refund(order.payment.intentId, `${order.orderId}:refund`);
      refundId = refund.refundId;
      // The refund, then the provider's share of it taken back from their balance.
      await recordRefund(store, order, refund.amount, at);
    }
    const updated = await updateOrder(store, order.orderId, (current) => {
      if (current.payment.state === DONE[action]) return undefined;
      const payment = { ...current.payment, state: DONE[action], ...(refundId ? { refundId } : {}) };
      if (action === 'release') payment.releasedAt ??= at;
      else payment.refundedAt ??= at;
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
