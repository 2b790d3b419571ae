/**
 * The promo codes (admin screens `coupons` and `promos/codes`, one screen):
 * - `GET /api/admin/coupons?q=&state=active|scheduled|expired|disabled&sort=code|validUntil|createdAt
 *   &dir=&limit=&token=`: a page of codes (`q`: the start of a code), each with its state and uses.
 * - `GET /api/admin/coupons/:code`: one code (404 when there is none).
 * - `POST /api/admin/coupons` `{ code, kind, value, currency?, services, validFrom, validUntil,
 *   maxUses, perClientLimit, isActive? }`: creates it (201); 409 `coupon_exists` for a code taken.
 * - `PUT /api/admin/coupons/:code` (same fields but the code): changes it.
 * - `POST /api/admin/coupons/:code/disable` and `/enable`: switches it off or on.
 * Bad input is a 400 `validation` with a code per field; every change is audited.
 */
import type { Request, Router } from 'express';
import { COUPON_STATES } from '../../../src/domain/coupon-rules';
import {
  COUPON_SORTS,
  CouponExists,
  CouponInvalid,
  CouponNotFound,
  createCoupon,
  getCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from '../../services/admin/coupons';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice } from './list-query';
import { refusingWith } from './refusals';

function refusal(error: unknown): never {
  if (error instanceof CouponInvalid) {
    throw new ApiError(400, 'validation', 'Some fields of the promo code are not valid.', {
      fields: error.fields as Record<string, string>,
    });
  }
  if (error instanceof CouponExists) {
    throw new ApiError(409, 'coupon_exists', 'This promo code exists already.', {
      fields: { code: 'taken' },
    });
  }
  if (error instanceof CouponNotFound) throw new ApiError(404, 'not_found', 'No such promo code.');
  throw error;
}

const attempt = refusingWith(refusal);

export function couponsRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/coupons', async (req: Request, res: AdminResponse) => {
    const { limit, token, q, sort, dir } = listQuery(req, COUPON_SORTS);
    const state = queryChoice(req, 'state', COUPON_STATES);
    res.json(await withPageToken(() => listCoupons(store, { q, state, sort, dir, limit, token })));
  });

  router.get('/admin/coupons/:code', async (req: Request, res: AdminResponse) => {
    res.json({ coupon: await attempt(() => getCoupon(store, String(req.params.code))) });
  });

  router.post('/admin/coupons', jsonBody('4kb'), async (req: Request, res: AdminResponse) => {
    const coupon = await attempt(() => createCoupon(store, { input: req.body, by: res.locals.adminUid }));
    res.status(201).json({ coupon });
  });

  router.put('/admin/coupons/:code', jsonBody('4kb'), async (req: Request, res: AdminResponse) => {
    const coupon = await attempt(() =>
      updateCoupon(store, { code: String(req.params.code), input: req.body, by: res.locals.adminUid }),
    );
    res.json({ coupon });
  });

  for (const [action, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    router.post(`/admin/coupons/:code/${action}`, async (req: Request, res: AdminResponse) => {
      const coupon = await attempt(() =>
        setCouponActive(store, { code: String(req.params.code), active, by: res.locals.adminUid }),
      );
      res.json({ coupon });
    });
  }
}
