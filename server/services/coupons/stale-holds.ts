/**
 * Giving back the uses of a promo code that no live order holds any more, so that none is lost for
 * good: an order left unpaid past the hold time, an order that ended without a consultation whose
 * use was not given back (a stop in between), a checkout stopped between taking a slot and writing
 * its order, a slot taken twice for one order, a losing revision left by a cluster conflict.
 *
 * Run when a checkout (or the public code check) finds every slot of a code taken: nothing needs a
 * timer, and a code with uses left never pays for it. Only holds older than the hold time are
 * looked at, so a checkout under way is never robbed. The order's marker is released first, by
 * revision: a payment authorised at the same moment (`reserved` → `used`) wins, and the slot stays.
 */
import { normalizePromoCode } from '../../../src/domain/promo';
import type { Coupon } from '../../../src/domain/promo';
import { withdraw } from '../../store/claim';
import { isConflict, isNotFound, replaceDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredOrder } from '../consultation/types';
import { giveBackClientSlot } from './client-uses';
import { COUPON_HOLD_MS, admin, couponUseId, holdsUse, slotDocs } from './records';
import type { CouponSlot, CouponUse } from './records';

/** Whether an order is over without its consultation: its payment released, or refunded unserved. */
export function endedWithoutConsultation(order: StoredOrder): boolean {
  return order.payment.state === 'released' || (order.payment.state === 'refunded' && !order.invoiceNumber);
}

/** Gives back the stale holds of a code; answers how many slots were freed. */
export async function reclaimStaleHolds(store: Store, coupon: Coupon, now: Date): Promise<number> {
  const code = normalizePromoCode(coupon.code);
  const cutoff = now.getTime() - COUPON_HOLD_MS;
  const holds = (await slotHolds(store, coupon)).filter((hold) => Date.parse(hold.reservedAt) <= cutoff);
  if (holds.length === 0) return 0;
  const orderIds = [...new Set(holds.map((hold) => hold.orderId))];
  const markers = await fetchDocs<CouponUse>(
    store,
    'admin',
    orderIds.map((orderId) => couponUseId(code, orderId)),
  );
  const orders = await fetchDocs<StoredOrder>(store, 'orders', orderIds);
  let freed = 0;
  for (const hold of holds) {
    const marker = markers.get(couponUseId(code, hold.orderId));
    if (!isStale(code, hold, marker, orders.get(hold.orderId))) continue;
    if (await giveBack(store, hold, marker, now)) freed++;
  }
  return freed;
}

function isStale(
  code: string,
  hold: CouponSlot,
  marker: CouponUse | undefined,
  order: StoredOrder | undefined,
): boolean {
  // No marker points here: the order took another slot, gave this one back, or stopped before saying.
  const named = marker?.slot === hold.slot && (!marker.slotRev || marker.slotRev === hold._rev);
  if (!marker || !holdsUse(marker) || !named) return true;
  // The checkout stopped between its reservation and its order.
  if (!order) return marker.state === 'reserved';
  if (order.quote.coupon?.code !== code || endedWithoutConsultation(order)) return true;
  // Never paid, past the hold time.
  return marker.state === 'reserved' && order.payment.state === 'requires_payment';
}

async function giveBack(store: Store, hold: CouponSlot, marker: CouponUse | undefined, now: Date) {
  if (marker?._rev && holdsUse(marker) && marker.slot === hold.slot && marker.slotRev === hold._rev) {
    try {
      await replaceDoc<CouponUse>(store, 'admin', {
        ...marker,
        _rev: marker._rev,
        state: 'released',
        releasedAt: now.toISOString(),
      });
    } catch (error) {
      if (isConflict(error)) return false; // changed meanwhile (paid, most likely): left as it is
      throw error;
    }
    await giveBackClientSlot(store, marker);
  }
  await withdraw(store, 'admin', hold._id, hold._rev!);
  return true;
}

/** Every revision holding a slot of the code: the documents, and the losing sides of any conflict. */
async function slotHolds(store: Store, coupon: Coupon): Promise<CouponSlot[]> {
  const holds: CouponSlot[] = [];
  for (const doc of await slotDocs(store, coupon, { conflicts: true })) {
    const { _conflicts: conflicts = [], ...hold } = doc;
    holds.push(hold);
    for (const rev of conflicts) {
      try {
        holds.push(await admin<CouponSlot>(store).get(doc._id, { rev }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
  }
  return holds;
}

async function fetchDocs<T extends object>(
  store: Store,
  db: string,
  ids: string[],
): Promise<Map<string, T & { _id: string; _rev: string }>> {
  const { rows } = await store.db<T>(db).fetch({ keys: ids });
  const found = new Map<string, T & { _id: string; _rev: string }>();
  for (const row of rows) {
    if ('doc' in row && row.doc) found.set(row.id, row.doc as T & { _id: string; _rev: string });
  }
  return found;
}
