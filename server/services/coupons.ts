/**
 * Counting the uses of a promo code (`admin/coupon:<CODE>`.uses), once per order, when the order's
 * payment is authorised. The checkout only checks that the code is usable; two checkouts may both
 * pass that check while one use remains, and the first authorised takes it.
 *
 * Once per order: a marker `coupon-use:<CODE>:<orderId>` is written first, and only the request that
 * creates it counts the use. The marker records when the count is done; a marker left unfinished by a
 * crash for more than a minute is taken over (with its revision, so by one request only), so a use is
 * neither lost nor counted twice.
 */
import { normalizePromoCode } from '../../src/domain/promo';
import type { Coupon } from '../../src/domain/promo';
import { getOrUndefined, isConflict } from '../store/store';
import type { Store } from '../store/store';

type StoredCoupon = Coupon & { _id: string; _rev?: string; type?: 'coupon' };

type CouponUse = {
  _id: string;
  _rev?: string;
  type: 'coupon_use';
  code: string;
  orderId: string;
  state: 'counting' | 'counted' | 'refused';
  claimedAt: string;
  countedAt?: string;
};

const STALE_CLAIM_MS = 60_000;
const WRITE_ATTEMPTS = 10;

export const couponUseId = (code: string, orderId: string) => `coupon-use:${code}:${orderId}`;

/**
 * Counts one use of `code` for `orderId`. True when the use is counted (now or by an earlier call);
 * false when the code is unknown or its last use was taken (`maxUses` reached).
 */
export async function redeemCoupon(store: Store, rawCode: string, orderId: string): Promise<boolean> {
  const code = normalizePromoCode(rawCode);
  const claim = await claimMarker(store, code, orderId);
  if (claim.kind === 'done') return claim.counted;

  const counted = await incrementUses(store, code);
  const finished: CouponUse = {
    ...claim.marker,
    state: counted ? 'counted' : 'refused',
    ...(counted ? { countedAt: new Date().toISOString() } : {}),
  };
  try {
    await store.db<CouponUse>('admin').insert(finished);
  } catch (error) {
    // Only a taker-over after more than a minute could have written in between: the use is counted.
    if (!isConflict(error)) throw error;
  }
  return counted;
}

type Claim = { kind: 'mine'; marker: CouponUse } | { kind: 'done'; counted: boolean };

async function claimMarker(store: Store, code: string, orderId: string): Promise<Claim> {
  const db = store.db<CouponUse>('admin');
  const id = couponUseId(code, orderId);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const now = new Date().toISOString();
    const fresh: CouponUse = {
      _id: id,
      type: 'coupon_use',
      code,
      orderId,
      state: 'counting',
      claimedAt: now,
    };
    try {
      const { rev } = await db.insert(fresh);
      return { kind: 'mine', marker: { ...fresh, _rev: rev } };
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
    const existing = await getOrUndefined(db, id);
    if (!existing) continue;
    if (existing.state !== 'counting') return { kind: 'done', counted: existing.state === 'counted' };
    // Another request is counting: its count stands, unless it died before finishing.
    if (Date.now() - Date.parse(existing.claimedAt) < STALE_CLAIM_MS) return { kind: 'done', counted: true };
    try {
      const { rev } = await db.insert({ ...existing, claimedAt: now });
      return { kind: 'mine', marker: { ...existing, claimedAt: now, _rev: rev } };
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  throw new Error(`Coupon ${code}: too many concurrent claims for order ${orderId}`);
}

/** Adds one use to the coupon, unless its uses are exhausted; retried on concurrent writes. */
async function incrementUses(store: Store, code: string): Promise<boolean> {
  const db = store.db<StoredCoupon>('admin');
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const coupon = await getOrUndefined(db, `coupon:${code}`);
    if (!coupon) return false;
    const uses = Number.isInteger(coupon.uses) ? coupon.uses : 0;
    if (coupon.maxUses !== null && uses >= coupon.maxUses) return false;
    try {
      await db.insert({ ...coupon, uses: uses + 1 });
      return true;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  throw new Error(`Coupon ${code}: too many concurrent writes`);
}
