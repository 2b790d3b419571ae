/**
 * Promo codes as the admin console manages them (`admin/coupon:<CODE>`): a paged list searchable by
 * code and filtered by state, one code with its uses, and its creation, edits and (de)activation,
 * each written with one audit entry. The rules are the ones checkout applies (coupon-rules.ts);
 * what this service saves is what a client can use.
 *
 * Uses are never a counter on the code (DESIGN.md, "On a CouchDB cluster"): checkout reserves one per
 * order (`coupon-use:<CODE>:<orderId>`, services/coupons/uses.ts); the console shows those of paid
 * orders (`used`), those held by orders awaiting payment (`reserved`), plus any recorded on the code
 * before those records existed (`uses`), counted by the `coupons/uses` view.
 */
import { checkCouponInput, couponState } from '../../../src/domain/coupon-rules';
import type { CouponFieldProblem, CouponInput, CouponState } from '../../../src/domain/coupon-rules';
import { normalizePromoCode } from '../../../src/domain/promo';
import type { Coupon } from '../../../src/domain/promo';
import { createOnce, getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredCoupon } from '../coupons/records';
import { usesBefore } from '../coupons/records';
import { readPricing } from '../platform-config';
import { recordAudit } from './audit';
import { changedFields } from './changes';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';

export class CouponInvalid extends Error {
  constructor(readonly fields: Partial<Record<string, CouponFieldProblem | 'limit_after_use'>>) {
    super('Promo code refused');
    this.name = 'CouponInvalid';
  }
}

export class CouponExists extends Error {
  constructor(readonly code: string) {
    super(`The promo code ${code} exists`);
    this.name = 'CouponExists';
  }
}

export class CouponNotFound extends Error {
  constructor(readonly code: string) {
    super(`No promo code ${code}`);
    this.name = 'CouponNotFound';
  }
}

/** The uses of a code: by paid orders, held by orders awaiting payment. */
export type CouponUses = { paid: number; reserved: number };

export type CouponView = Coupon & { perClientLimit: number | null; state: CouponState; usage: CouponUses };

export const COUPON_SORTS = ['code', 'validUntil', 'createdAt'] as const;
export type CouponSort = (typeof COUPON_SORTS)[number];

export type CouponListQuery = {
  q?: string;
  state?: CouponState;
  sort: CouponSort;
  dir: 'asc' | 'desc';
  limit: number;
  token?: string;
  now?: Date;
};

const couponId = (code: string) => `coupon:${normalizePromoCode(code)}`;
const admin = (store: Store) => store.db<StoredCoupon>('admin');

function fields(coupon: StoredCoupon): Coupon {
  const { _id, _rev, type: _type, ...rest } = coupon;
  return rest;
}

type UsesRow = { key: [string, string]; value: number };

/** The uses of these codes, from the `coupons/uses` view (one grouped read per code). */
async function usesOf(store: Store, codes: readonly string[]): Promise<Map<string, CouponUses>> {
  const found = new Map<string, CouponUses>();
  await Promise.all(
    [...new Set(codes)].map(async (code) => {
      const answer = await admin(store).view<number>('coupons', 'uses', {
        startkey: [code],
        endkey: [code, PREFIX_END],
        group: true,
      });
      const uses: CouponUses = { paid: 0, reserved: 0 };
      for (const row of answer.rows as unknown as UsesRow[]) {
        const state = row.key[1];
        // `counted` and `counting`: uses recorded by the earlier scheme, which did so at payment.
        if (state === 'used' || state === 'counted' || state === 'counting') uses.paid += row.value;
        else if (state === 'reserved') uses.reserved += row.value;
      }
      found.set(code, uses);
    }),
  );
  return found;
}

function view(coupon: Coupon, uses: CouponUses | undefined, now: Date): CouponView {
  return {
    ...coupon,
    perClientLimit: coupon.perClientLimit ?? null,
    state: couponState(coupon, now),
    usage: { paid: usesBefore(coupon) + (uses?.paid ?? 0), reserved: uses?.reserved ?? 0 },
  };
}

const isCoupon = (doc: StoredCoupon) =>
  doc._id.startsWith('coupon:') && typeof doc.code === 'string' && typeof doc.validUntil === 'string';

/** One page of codes, by code (a search is a prefix of it), end of validity or creation. */
export async function listCoupons(store: Store, query: CouponListQuery): Promise<Page<CouponView>> {
  const now = query.now ?? new Date();
  const prefix = query.q ? normalizePromoCode(query.q) : '';
  const descending = query.dir === 'desc';
  const keep = (doc: StoredCoupon) =>
    isCoupon(doc) && doc.code.startsWith(prefix) && (!query.state || couponState(doc, now) === query.state);
  const range =
    query.sort === 'code'
      ? {
          view: '_all_docs',
          startkey: descending ? `coupon:${prefix}${PREFIX_END}` : `coupon:${prefix}`,
          endkey: descending ? `coupon:${prefix}` : `coupon:${prefix}${PREFIX_END}`,
        }
      : { view: query.sort === 'validUntil' ? 'coupons/by_valid_until' : 'coupons/by_created' };
  const page = await scanPage<StoredCoupon, Coupon>(admin(store), {
    ...range,
    descending,
    limit: query.limit,
    token: query.token,
    pick: (doc) => (keep(doc) ? fields(doc) : undefined),
  });
  const uses = await usesOf(
    store,
    page.items.map((coupon) => coupon.code),
  );
  return {
    items: page.items.map((coupon) => view(coupon, uses.get(coupon.code), now)),
    ...(page.next ? { next: page.next } : {}),
  };
}

export async function getCoupon(store: Store, code: string, now = new Date()): Promise<CouponView> {
  const stored = await getOrUndefined(admin(store), couponId(code));
  if (!stored || !isCoupon(stored)) throw new CouponNotFound(normalizePromoCode(code));
  const uses = await usesOf(store, [stored.code]);
  return view(fields(stored), uses.get(stored.code), now);
}

async function checked(store: Store, input: unknown): Promise<CouponInput> {
  const { pricing } = await readPricing(store);
  const check = checkCouponInput(input, pricing);
  if (!check.ok) throw new CouponInvalid(check.fields);
  return check.value;
}

type Change = { input: unknown; by: string; now?: Date };

export async function createCoupon(
  store: Store,
  { input, by, now = new Date() }: Change,
): Promise<CouponView> {
  const coupon = await checked(store, input);
  const at = now.toISOString();
  const stored: StoredCoupon = {
    _id: couponId(coupon.code),
    type: 'coupon',
    ...coupon,
    uses: 0,
    createdAt: at,
    updatedAt: at,
  };
  if (!(await createOnce(store, 'admin', stored))) throw new CouponExists(coupon.code);
  await recordAudit(store, {
    actor: by,
    action: 'coupon_create',
    subject: { kind: 'coupon', id: coupon.code },
    before: null,
    after: coupon,
    now,
  });
  return view(fields(stored), undefined, now);
}

/** What an admin may change of a code: everything but the code itself and its recorded uses. */
const EDITABLE = [
  'kind',
  'value',
  'currency',
  'services',
  'validFrom',
  'validUntil',
  'maxUses',
  'perClientLimit',
  'isActive',
] as const;

function editable(coupon: Coupon): Record<string, unknown> {
  return Object.fromEntries(EDITABLE.map((key) => [key, coupon[key] ?? null]));
}

/**
 * Changes a code. The code and its recorded uses stay; a limit cannot be put on a code already used
 * without one (its past uses hold no slot, so checkout could not count them against the new limit).
 */
export async function updateCoupon(
  store: Store,
  { code, input, by, now = new Date() }: Change & { code: string },
): Promise<CouponView> {
  const id = couponId(code);
  const { usage, isActive } = await getCoupon(store, code, now);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new CouponInvalid({ coupon: 'value_invalid' });
  }
  const sent = input as Record<string, unknown>;
  if (
    'code' in sent &&
    (typeof sent.code !== 'string' || normalizePromoCode(sent.code) !== normalizePromoCode(code))
  ) {
    throw new CouponInvalid({ code: 'value_invalid' });
  }
  // A form that does not send the switch leaves it as it is.
  const next = await checked(store, { isActive, ...sent, code: normalizePromoCode(code) });
  const used = usage.paid + usage.reserved > 0;
  let before: Coupon | undefined;
  let refused: CouponInvalid | undefined;
  const written = await upsertDoc<StoredCoupon>(store, 'admin', id, (current) => {
    if (!current || !isCoupon(current)) return undefined;
    before = fields(current);
    const limitAdded = {
      ...(before.maxUses === null && next.maxUses !== null ? { maxUses: 'limit_after_use' as const } : {}),
      ...(!before.perClientLimit && next.perClientLimit !== null
        ? { perClientLimit: 'limit_after_use' as const }
        : {}),
    };
    if (used && Object.keys(limitAdded).length > 0) {
      refused = new CouponInvalid(limitAdded);
      return undefined;
    }
    if (!changedFields(editable(before), editable({ ...before, ...next }))) return undefined;
    const { currency: _currency, ...rest } = current;
    return {
      ...rest,
      ...next,
      ...(next.kind === 'fixed' ? { currency: next.currency } : {}),
      type: 'coupon',
      updatedAt: now.toISOString(),
    };
  });
  if (refused) throw refused;
  if (!before) throw new CouponNotFound(next.code);
  if (written) {
    const change = changedFields(editable(before), editable(fields(written)))!;
    const onlyActivation = Object.keys(change.after).length === 1 && 'isActive' in change.after;
    await recordAudit(store, {
      actor: by,
      action: onlyActivation ? (next.isActive ? 'coupon_enable' : 'coupon_disable') : 'coupon_update',
      subject: { kind: 'coupon', id: next.code },
      before: change.before,
      after: change.after,
      now,
    });
  }
  return getCoupon(store, code, now);
}

/** Switches a code off (no checkout takes it from now on) or on again. */
export async function setCouponActive(
  store: Store,
  { code, active, by, now = new Date() }: { code: string; active: boolean; by: string; now?: Date },
): Promise<CouponView> {
  let before: boolean | undefined;
  const written = await upsertDoc<StoredCoupon>(store, 'admin', couponId(code), (current) => {
    if (!current || !isCoupon(current)) return undefined;
    before = current.isActive;
    if (current.isActive === active) return undefined;
    return { ...current, isActive: active, updatedAt: now.toISOString() };
  });
  if (before === undefined) throw new CouponNotFound(normalizePromoCode(code));
  if (written) {
    await recordAudit(store, {
      actor: by,
      action: active ? 'coupon_enable' : 'coupon_disable',
      subject: { kind: 'coupon', id: written.code },
      before: { isActive: before },
      after: { isActive: active },
      now,
    });
  }
  return getCoupon(store, code, now);
}
