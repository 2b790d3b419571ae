/**
 * The documents that record the uses of promo codes, in `admin`, beside the codes themselves
 * (`coupon:<CODE>`). Each one is a fact with an id fixed by what it records, never a counter
 * (DESIGN.md, "On a CouchDB cluster"):
 *
 * - `coupon-slot:<CODE>:<k>`: the k-th use of a code with `maxUses`, held by one order. k runs from the
 *   code's `uses` (the uses recorded before slots existed, which the server never writes) up to
 *   `maxUses - 1`. Created once (server/store/claim.ts), never updated, deleted to give the use back.
 * - `coupon-use:<CODE>:<orderId>`: what an order did with the code: `reserved` at checkout (with its
 *   slot, none for a code without limit), `used` once its payment is authorised, `released` when the
 *   use was given back, `refused` when a payment came after its use was given back and none was left.
 *   `counting` and `counted` are left by the earlier scheme, which added to `coupon.uses` instead.
 * - `coupon-client:<CODE>:<hex uid>:<k>`: the k-th use of a code with `perClientLimit` by one client
 *   (client-uses.ts), named in the order's marker.
 */
import type { Coupon } from '../../../src/domain/promo';
import { normalizePromoCode } from '../../../src/domain/promo';
import { followedDocsOf } from '../../store/followed-docs';
import { getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';

export type StoredCoupon = Coupon & { _id: string; _rev?: string; type?: 'coupon' };

export type CouponSlot = {
  _id: string;
  _rev?: string;
  type: 'coupon_slot';
  code: string;
  slot: number;
  orderId: string;
  reservedAt: string;
};

export type CouponUseState = 'reserved' | 'used' | 'released' | 'refused' | 'counting' | 'counted';

export type CouponUse = {
  _id: string;
  _rev?: string;
  type: 'coupon_use';
  code: string;
  orderId: string;
  state: CouponUseState;
  /** The slot held (codes with `maxUses`), and the revision that created it (to delete exactly it). */
  slot?: number | null;
  slotRev?: string;
  /** Codes with `perClientLimit`: the client's slot held, and its revision (client-uses.ts). */
  clientUid?: string;
  clientSlot?: number;
  clientSlotRev?: string;
  reservedAt?: string;
  usedAt?: string;
  releasedAt?: string;
};

/**
 * How long an order placed with a code may stay unpaid before its use can go to someone else (a
 * card form left open, a checkout stopped half-way). Long enough for a 3-D Secure step; its late
 * payment is then cancelled if no use is left for it.
 */
export const COUPON_HOLD_MS = 30 * 60_000;

export const couponSlotId = (code: string, slot: number) => `coupon-slot:${code}:${slot}`;
export const couponUseId = (code: string, orderId: string) => `coupon-use:${code}:${orderId}`;

/** A marker whose order holds a use (the earlier scheme's count included). */
export const holdsUse = (use: CouponUse | undefined): boolean =>
  use !== undefined && use.state !== 'released' && use.state !== 'refused';

export const admin = <T extends object>(store: Store) => store.db<T>('admin');

export function readCoupon(store: Store, code: string): Promise<StoredCoupon | undefined> {
  return getOrUndefined(admin<StoredCoupon>(store), `coupon:${normalizePromoCode(code)}`);
}

/**
 * A code's definition as the checkout and the public code check read it: from the copy of `admin`
 * kept current by the store's change feed (store/followed-docs.ts), read by id when it may have
 * changed. Never its uses: those are claims, decided by the store (uses.ts).
 */
export function couponDefinition(store: Store, code: string): Promise<Readonly<StoredCoupon> | undefined> {
  return followedDocsOf(store, 'admin').get<StoredCoupon>(`coupon:${normalizePromoCode(code)}`);
}

/** The uses recorded on the code itself, before slots (0 when absent or malformed). */
export const usesBefore = (coupon: Coupon) =>
  Number.isSafeInteger(coupon.uses) && coupon.uses > 0 ? coupon.uses : 0;

/** Documents of `admin` whose id starts with `prefix` (ids only, or with their documents). */
export async function listByPrefix<T extends object>(
  store: Store,
  prefix: string,
  options: { include_docs?: boolean } = {},
) {
  const { rows } = await admin<T>(store).list({ startkey: prefix, endkey: `${prefix}\ufff0`, ...options });
  return rows;
}

/** Ids asked for at once: a coupon's slots are read by id, a few hundred at a time. */
const KEYS_PER_READ = 500;

/** The ids of a limited code's slots, from its `uses` up to `maxUses - 1`. */
export function slotIds(coupon: Coupon): string[] {
  const code = normalizePromoCode(coupon.code);
  const ids: string[] = [];
  for (let k = usesBefore(coupon); k < (coupon.maxUses ?? 0); k++) ids.push(couponSlotId(code, k));
  return ids;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += KEYS_PER_READ) out.push(items.slice(i, i + KEYS_PER_READ));
  return out;
}

/**
 * The slots of a code taken now, by number. Read by id (`_all_docs` with `keys`), which a CouchDB
 * cluster answers from a quorum of copies, unlike a range of `_all_docs`, which can lag behind a
 * write or a deletion.
 */
export async function takenSlotNumbers(store: Store, coupon: Coupon): Promise<Set<number>> {
  const taken = new Set<number>();
  for (const keys of chunks(slotIds(coupon))) {
    const { rows } = await admin(store).fetchRevs({ keys });
    for (const row of rows) {
      if (!('value' in row) || !row.value || (row.value as { deleted?: boolean }).deleted) continue;
      taken.add(Number(row.id.slice(row.id.lastIndexOf(':') + 1)));
    }
  }
  return taken;
}

/** The slot documents of a code, by id; with `conflicts`, each lists its conflicting revisions. */
export async function slotDocs(
  store: Store,
  coupon: Coupon,
  options: { conflicts?: boolean } = {},
): Promise<(CouponSlot & { _conflicts?: string[] })[]> {
  const docs: (CouponSlot & { _conflicts?: string[] })[] = [];
  for (const keys of chunks(slotIds(coupon))) {
    const { rows } = await admin<CouponSlot>(store).fetch({ keys }, options);
    for (const row of rows) {
      if ('doc' in row && row.doc?.type === 'coupon_slot') docs.push(row.doc as CouponSlot);
    }
  }
  return docs;
}
