/**
 * A promo code's per-client limit (`perClientLimit`): how many orders one client may price with it.
 * Like the code's own limit (uses.ts), each use is a fact with a fixed id, never a counter
 * (DESIGN.md, "On a CouchDB cluster"): `coupon-client:<CODE>:<hex uid>:<k>`, the k-th use of the code
 * by that client (k < perClientLimit), created once for an order (server/store/claim.ts), deleted to
 * give the use back. The order's marker (`coupon-use:<CODE>:<orderId>`) names the slot it holds, so
 * that the use comes back with the order's: abandoned, ended without a consultation, or unpaid past
 * the hold time.
 *
 * A client slot whose order no longer holds the code's use is stale; it is given back when the
 * client finds every slot taken, as the code's own slots are (stale-holds.ts): nothing needs a timer.
 */
import { claimDocument, contestPause, withdraw } from '../../store/claim';
import { getOrUndefined, isConflict, replaceDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredOrder } from '../consultation/types';
import { admin, COUPON_HOLD_MS, couponSlotId, couponUseId, holdsUse } from './records';
import type { CouponUse } from './records';

export type ClientSlot = {
  _id: string;
  _rev?: string;
  type: 'coupon_client_slot';
  code: string;
  uid: string;
  slot: number;
  orderId: string;
  reservedAt: string;
  /** Read with the slot: other live revisions (a claim a cluster's copy took, soon withdrawn). */
  _conflicts?: string[];
};

/** A slot taken: its number and the revision that created it (to delete exactly it). */
export type TakenClientSlot = { slot: number; rev: string };

const hex = (uid: string) => Buffer.from(uid, 'utf8').toString('hex');

export const clientSlotId = (code: string, uid: string, slot: number) =>
  `coupon-client:${code}:${hex(uid)}:${slot}`;

async function clientSlots(store: Store, code: string, uid: string, limit: number): Promise<ClientSlot[]> {
  const keys = Array.from({ length: limit }, (_, k) => clientSlotId(code, uid, k));
  const { rows } = await admin<ClientSlot>(store).fetch({ keys }, { conflicts: true });
  return rows.flatMap((row) =>
    'doc' in row && row.doc?.type === 'coupon_client_slot' ? [row.doc as ClientSlot] : [],
  );
}

/** Passes over the client's free slots when claims were contested (a CouchDB cluster under load). */
const CONTESTED_PASSES = 6;

/**
 * One of the client's uses of the code, taken for the order (or the one a stopped earlier send of
 * the same checkout took); undefined when the client has none left.
 */
export async function takeClientSlot(
  store: Store,
  input: { code: string; uid: string; limit: number; orderId: string; now: Date },
): Promise<TakenClientSlot | undefined> {
  const { code, uid, limit, orderId, now } = input;
  let reclaimed = false;
  for (let pass = 0; pass < CONTESTED_PASSES; pass++) {
    const held = await clientSlots(store, code, uid, limit);
    // A slot of this order's, from a stopped earlier send. Not one beside another live revision: on a
    // cluster a claim answered 409 may still be taken by one copy (a stray, withdrawn a moment later),
    // and shown as the slot while another order holds it (3 uses of a code limited to 2 per client).
    const own = held.find((slot) => slot.orderId === orderId && !slot._conflicts?.length);
    if (own?._rev) return { slot: own.slot, rev: own._rev };
    const taken = new Set(held.map((slot) => slot.slot));
    let contested = false;
    for (let k = 0; k < limit; k++) {
      if (taken.has(k)) continue;
      const slot: ClientSlot = {
        _id: clientSlotId(code, uid, k),
        type: 'coupon_client_slot',
        code,
        uid,
        slot: k,
        orderId,
        reservedAt: now.toISOString(),
      };
      const claim = await claimDocument(store, 'admin', slot);
      if (claim.claimed) return { slot: k, rev: claim.rev };
      if (claim.contested) contested = true;
    }
    // Every contender may have withdrawn from a contested slot: look again, after a pause.
    if (contested) {
      await contestPause(pass);
      continue;
    }
    if (reclaimed || (await reclaimStaleClientSlots(store, held, now)) === 0) return undefined;
    reclaimed = true;
  }
  return undefined;
}

/** Gives back the client slot an order's marker names. Idempotent. */
export async function giveBackClientSlot(store: Store, marker: CouponUse): Promise<void> {
  if (typeof marker.clientSlot !== 'number' || !marker.clientUid) return;
  const id = clientSlotId(marker.code, marker.clientUid, marker.clientSlot);
  if (marker.clientSlotRev) return withdraw(store, 'admin', id, marker.clientSlotRev);
  const holder = await getOrUndefined(admin<ClientSlot>(store), id);
  if (holder?.orderId === marker.orderId) await withdraw(store, 'admin', id, holder._rev);
}

/** Gives back the slot just taken by a send whose order turned out to hold another use (or none). */
export function withdrawClientSlot(store: Store, code: string, uid: string, taken: TakenClientSlot) {
  return withdraw(store, 'admin', clientSlotId(code, uid, taken.slot), taken.rev);
}

/**
 * Gives back the client's slots whose orders hold no use of the code any more: the use released or
 * refused, the checkout stopped before its marker (past the hold time), or the order unpaid past the
 * hold time (its marker released first, by revision, so that a payment at the same moment wins).
 */
async function reclaimStaleClientSlots(store: Store, held: ClientSlot[], now: Date): Promise<number> {
  const cutoff = now.getTime() - COUPON_HOLD_MS;
  let freed = 0;
  for (const slot of held) {
    const marker = await getOrUndefined(admin<CouponUse>(store), couponUseId(slot.code, slot.orderId));
    const old = Date.parse(slot.reservedAt) <= cutoff;
    const named =
      marker?.clientSlot === slot.slot && (!marker.clientSlotRev || marker.clientSlotRev === slot._rev);
    if (marker && holdsUse(marker) && named) {
      if (!old || marker.state !== 'reserved') continue;
      const order = await getOrUndefined(store.db<StoredOrder>('orders'), slot.orderId);
      if (order && order.payment.state !== 'requires_payment') continue;
      try {
        await replaceDoc<CouponUse>(store, 'admin', {
          ...marker,
          state: 'released',
          releasedAt: now.toISOString(),
        });
      } catch (error) {
        if (isConflict(error)) continue; // paid meanwhile: the use stands
        throw error;
      }
      if (typeof marker.slot === 'number' && marker.slotRev)
        await withdraw(store, 'admin', couponSlotId(slot.code, marker.slot), marker.slotRev);
    } else if (!marker && !old) {
      continue; // a checkout under way, about to write its marker
    }
    await withdraw(store, 'admin', slot._id, slot._rev!);
    freed++;
  }
  return freed;
}
