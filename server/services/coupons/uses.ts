/**
 * The uses of promo codes. A use is reserved when an order is placed with a code, before the order
 * is written, so that no more orders than `maxUses` are ever priced with it however many clients
 * check out at once; the payment's authorisation only confirms it. It is given back when the order
 * ends without a consultation (payment cancelled or released, consultation failed), or, lazily, once
 * the order has stayed unpaid past the hold time (stale-holds.ts). A refund after a consultation that
 * took place gives nothing back: the discount was used.
 *
 * Reserving, for a code with `maxUses`: take the first free slot (`coupon-slot:<CODE>:<k>`, created
 * once, a 201 only: see server/store/claim.ts), then record it in the order's marker
 * (`coupon-use:<CODE>:<orderId>`). The marker is the one record per order: a checkout sent again
 * finds its reservation there. The sends of one checkout reserve one at a time (a lock on a cluster,
 * server/store/lock.ts); should two still both take a slot (a lock broken after its lease), the one
 * whose marker came second gives its slot back. Codes without a limit have no slots; the marker alone
 * records the use. The documents are described in records.ts.
 */
import { normalizePromoCode } from '../../../src/domain/promo';
import type { Coupon } from '../../../src/domain/promo';
import { claimDocument, contestPause, withdraw } from '../../store/claim';
import { withLock } from '../../store/lock';
import { getOrUndefined, isConflict, replaceDoc, StoreError, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import {
  admin,
  couponSlotId,
  couponUseId,
  holdsUse,
  listByPrefix,
  readCoupon,
  slotDocs,
  takenSlotNumbers,
  usesBefore,
} from './records';
import type { CouponSlot, CouponUse } from './records';
import { reclaimStaleHolds } from './stale-holds';
import { giveBackClientSlot, takeClientSlot, withdrawClientSlot } from './client-uses';
import type { TakenClientSlot } from './client-uses';

const WRITE_ATTEMPTS = 10;
/** Passes over the free slots when claims were contested (a CouchDB cluster under load). */
const CONTESTED_PASSES = 6;
/** How long a send of a checkout waits for another send of it to record its slot (rare: same key, same moment, last use). */
const SAME_CHECKOUT_POLLS = 20;
const SAME_CHECKOUT_POLL_MS = 50;

type Taken = { slot: number; rev: string } | null;
/** The client's own slot taken for the order (codes with `perClientLimit`). */
type ClientTaken = { uid: string; slot: TakenClientSlot } | null;

/** A code's per-client limit, when it has one. */
const perClientLimitOf = (coupon: Coupon) =>
  Number.isSafeInteger(coupon.perClientLimit) && (coupon.perClientLimit as number) > 0
    ? (coupon.perClientLimit as number)
    : undefined;

/**
 * Reserves a use of `coupon` for the order, or finds the one it holds. False when every use is
 * taken (after giving back the stale holds) or when the order already lost its use to a late payment;
 * `client_limit` when the client (`clientUid`) has used the code as often as its per-client limit allows.
 */
export async function reserveCouponUse(
  store: Store,
  coupon: Coupon,
  orderId: string,
  now: Date,
  clientUid?: string,
): Promise<boolean | 'client_limit'> {
  const code = normalizePromoCode(coupon.code);
  // The sends of one checkout reserve one after another (across the service's instances on a
  // cluster): each later one finds the first's marker. Sent at once, each would take a slot, and the
  // one whose marker lost a contested claim on a cluster could not tell whether the marker it then
  // read would stand: it kept its slot, held for nobody until the hold time was over.
  return withLock(store, `coupon-reservation:${code}:${orderId}`, () =>
    reserve(store, coupon, code, orderId, now, clientUid),
  );
}

async function reserve(
  store: Store,
  coupon: Coupon,
  code: string,
  orderId: string,
  now: Date,
  clientUid: string | undefined,
): Promise<boolean | 'client_limit'> {
  const marker = await getOrUndefined(admin<CouponUse>(store), couponUseId(code, orderId));
  if (marker && holdsUse(marker)) return true;
  if (marker?.state === 'refused') return false;
  const limit = perClientLimitOf(coupon);
  let client: ClientTaken = null;
  if (limit !== undefined && clientUid) {
    const slot = await takeClientSlot(store, { code, uid: clientUid, limit, orderId, now });
    if (!slot) return 'client_limit';
    client = { uid: clientUid, slot };
  }
  let taken: Taken = null;
  if (coupon.maxUses !== null) {
    const slot = await takeSlot(store, coupon, coupon.maxUses, orderId, now);
    if (!slot) {
      const recorded = await recordedByAnotherSend(store, code, orderId);
      if (client) await keepOrWithdrawClientSlot(store, code, orderId, client);
      return recorded;
    }
    taken = slot;
  }
  return recordReservation(store, code, orderId, taken, now, client);
}

/** After another send of the checkout recorded its use: the client slot taken here goes back unless it is that send's. */
async function keepOrWithdrawClientSlot(
  store: Store,
  code: string,
  orderId: string,
  client: NonNullable<ClientTaken>,
) {
  const marker = await getOrUndefined(admin<CouponUse>(store), couponUseId(code, orderId));
  const named =
    marker &&
    holdsUse(marker) &&
    marker.clientSlot === client.slot.slot &&
    marker.clientSlotRev === client.slot.rev;
  if (!named) await withdrawClientSlot(store, code, client.uid, client.slot);
}

/**
 * At the payment's authorisation: the order's use is confirmed (`used`: never given back after the
 * hold time). An order that has none (given back after the hold time, or placed before reservations)
 * takes one now if one is left. False when none is: the order must not be paid at its discount.
 */
export async function confirmCouponUse(
  store: Store,
  rawCode: string,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const code = normalizePromoCode(rawCode);
  const id = couponUseId(code, orderId);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const marker = await getOrUndefined(admin<CouponUse>(store), id);
    if (marker?.state === 'refused') return false;
    if (marker?.state === 'reserved') {
      try {
        await replaceDoc<CouponUse>(store, 'admin', { ...marker, state: 'used', usedAt: now.toISOString() });
        return true;
      } catch (error) {
        if (!isConflict(error)) throw error;
        continue;
      }
    }
    if (marker && holdsUse(marker)) return true;
    const coupon = await readCoupon(store, code);
    const clientUid = coupon && perClientLimitOf(coupon) ? await orderClient(store, orderId) : undefined;
    if (coupon && (await reserveCouponUse(store, coupon, orderId, now, clientUid)) === true) continue;
    const refused = await upsertDoc<CouponUse>(store, 'admin', id, (current) =>
      (current && holdsUse(current)) || current?.state === 'refused'
        ? undefined
        : { ...(current ?? newMarker(code, orderId)), state: 'refused', releasedAt: now.toISOString() },
    );
    if (refused) return false;
  }
  throw new StoreError(`Coupon ${code}: too many concurrent writes for order ${orderId}`, 409);
}

/** Gives the order's use back (its slot to the next client). Idempotent; nothing for the earlier scheme. */
export async function releaseCouponUse(
  store: Store,
  rawCode: string,
  orderId: string,
  now: Date,
): Promise<void> {
  const code = normalizePromoCode(rawCode);
  let released: CouponUse | undefined;
  await upsertDoc<CouponUse>(store, 'admin', couponUseId(code, orderId), (current) => {
    released = current?.state === 'reserved' || current?.state === 'used' ? current : undefined;
    return released && { ...released, state: 'released', releasedAt: now.toISOString() };
  });
  if (typeof released?.slot === 'number')
    await giveBackSlot(store, code, orderId, released.slot, released.slotRev);
  if (released) await giveBackClientSlot(store, released);
}

/** The client of an order (the per-client limit of a use taken late, at payment). */
async function orderClient(store: Store, orderId: string): Promise<string | undefined> {
  const order = await getOrUndefined(store.db<{ client?: { uid?: string } }>('orders'), orderId);
  return order?.client?.uid;
}

/** How many uses the code has had: those recorded on it before slots, plus the slots taken (or, for a
 * code without limit, the orders holding a use). What the admin console shows. A code without limit
 * is counted from a range listing: on a cluster it may miss, for a moment, a use just taken (one copy
 * of each shard answers it); nothing is decided on that count. */
export async function couponUses(store: Store, rawCode: string): Promise<number> {
  const code = normalizePromoCode(rawCode);
  const coupon = await readCoupon(store, code);
  if (!coupon) return 0;
  if (coupon.maxUses !== null) return usesBefore(coupon) + (await takenSlotNumbers(store, coupon)).size;
  const rows = await listByPrefix<CouponUse>(store, `coupon-use:${code}:`, { include_docs: true });
  const holding = rows.filter(
    (row) =>
      row.doc?.type === 'coupon_use' &&
      row.doc.code === code &&
      (row.doc.state === 'reserved' || row.doc.state === 'used'),
  );
  return usesBefore(coupon) + holding.length;
}

/** Whether a use of the code is left now (the public code check): the stale holds are given back first. */
export async function couponHasUseLeft(store: Store, coupon: Coupon, now: Date): Promise<boolean> {
  if (coupon.maxUses === null) return true;
  if ((await couponUses(store, coupon.code)) < coupon.maxUses) return true;
  return (await reclaimStaleHolds(store, coupon, now)) > 0;
}

// ---------------------------------------------------------------------------------------------

function newMarker(code: string, orderId: string): CouponUse {
  return { _id: couponUseId(code, orderId), type: 'coupon_use', code, orderId, state: 'reserved' };
}

/**
 * The first free slot, created for the order; undefined when none is left. Only a creation of its own
 * counts: a slot found taken is never taken over, even one naming this order (on a cluster, that can
 * be a revision its creator just withdrew). A concurrent send of the same checkout is met in the marker.
 */
async function takeSlot(
  store: Store,
  coupon: Coupon,
  maxUses: number,
  orderId: string,
  now: Date,
): Promise<Taken | undefined> {
  const code = normalizePromoCode(coupon.code);
  let reclaimed = false;
  let everContested = false;
  for (let pass = 0; pass < CONTESTED_PASSES; pass++) {
    const taken = await takenSlotNumbers(store, coupon);
    let contested = false;
    for (let k = usesBefore(coupon); k < maxUses; k++) {
      if (taken.has(k)) continue;
      const slot: CouponSlot = {
        _id: couponSlotId(code, k),
        type: 'coupon_slot',
        code,
        slot: k,
        orderId,
        reservedAt: now.toISOString(),
      };
      const claim = await claimDocument(store, 'admin', slot);
      if (claim.claimed) return { slot: k, rev: claim.rev };
      if (claim.contested) contested = true;
    }
    // Every contender may have withdrawn from a contested slot (some still withdrawing): look again.
    everContested ||= contested;
    if (everContested && pass < CONTESTED_PASSES - 1) {
      await contestPause(pass);
      continue;
    }
    if (reclaimed || (await reclaimStaleHolds(store, coupon, now)) === 0) return undefined;
    reclaimed = true;
  }
  return undefined;
}

/**
 * No slot was left for this send of a checkout: another send of the same checkout, at the same
 * moment, may hold one and be about to record it. Waits a little for its marker, only then.
 */
async function recordedByAnotherSend(store: Store, code: string, orderId: string): Promise<boolean> {
  for (let attempt = 0; attempt < SAME_CHECKOUT_POLLS; attempt++) {
    const marker = await getOrUndefined(admin<CouponUse>(store), couponUseId(code, orderId));
    if (marker && holdsUse(marker)) return true;
    if (attempt === 0) {
      const coupon = await readCoupon(store, code);
      const slots = coupon ? await slotDocs(store, coupon) : [];
      if (!slots.some((slot) => slot.orderId === orderId)) return false;
    }
    await new Promise((resolve) => setTimeout(resolve, SAME_CHECKOUT_POLL_MS));
  }
  return false;
}

/**
 * Records the slot taken in the order's marker. When another send of the same checkout recorded
 * first, its reservation stands and this one's slot (if another) is given back; after a contested
 * claim of the marker (a cluster) what is read may be a withdrawn revision, so the slot is kept
 * instead, left to be given back after the hold time if no marker names it.
 */
async function recordReservation(
  store: Store,
  code: string,
  orderId: string,
  taken: Taken,
  now: Date,
  client: ClientTaken = null,
): Promise<boolean> {
  const db = admin<CouponUse>(store);
  const id = couponUseId(code, orderId);
  const withdrawn = new Set<string>();
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const current = await getOrUndefined(db, id);
    if (current && withdrawn.has(current._rev)) {
      await contestPause(attempt); // our own marker, given up, still seen: not settled yet
      continue;
    }
    const refused = current?.state === 'refused';
    if (refused || (current && holdsUse(current))) {
      const duplicate =
        taken !== null && (refused || current?.slot !== taken.slot || current.slotRev !== taken.rev);
      if (duplicate && withdrawn.size === 0)
        await withdraw(store, 'admin', couponSlotId(code, taken.slot), taken.rev);
      const clientDuplicate =
        client !== null &&
        (refused || current?.clientSlot !== client.slot.slot || current.clientSlotRev !== client.slot.rev);
      if (clientDuplicate && withdrawn.size === 0)
        await withdrawClientSlot(store, code, client.uid, client.slot);
      return !refused;
    }
    const marker: CouponUse = {
      ...(current ?? newMarker(code, orderId)),
      state: 'reserved',
      slot: taken?.slot ?? null,
      ...(taken ? { slotRev: taken.rev } : {}),
      reservedAt: now.toISOString(),
    };
    if (!taken) delete marker.slotRev;
    if (client)
      Object.assign(marker, {
        clientUid: client.uid,
        clientSlot: client.slot.slot,
        clientSlotRev: client.slot.rev,
      });
    else {
      delete marker.clientUid;
      delete marker.clientSlot;
      delete marker.clientSlotRev;
    }
    delete marker.releasedAt;
    delete marker.usedAt;
    // The first marker of the order is a claim (one creator, on a cluster too); later ones go by revision.
    if (!current) {
      const claim = await claimDocument(store, 'admin', marker);
      if (claim.claimed) return true;
      if (claim.contested) {
        withdrawn.add(claim.contested.rev);
        await contestPause(attempt);
      }
      continue;
    }
    try {
      await replaceDoc<CouponUse>(store, 'admin', { ...marker, _rev: current._rev });
      return true;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  throw new StoreError(`Coupon ${code}: too many concurrent writes for order ${orderId}`, 409);
}

/** Deletes the order's slot: by the revision it created when known, else if the slot is still its. */
async function giveBackSlot(store: Store, code: string, orderId: string, slot: number, rev?: string) {
  const id = couponSlotId(code, slot);
  if (rev) return withdraw(store, 'admin', id, rev);
  const holder = await getOrUndefined(admin<CouponSlot>(store), id);
  if (holder?.orderId === orderId) await withdraw(store, 'admin', id, holder._rev);
}
