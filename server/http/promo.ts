import express from 'express';
import type { Router } from 'express';
import { CURRENCIES } from '../../src/domain/config';
import type { Currency } from '../../src/domain/config';
import { SERVICES, couponUsable, normalizePromoCode } from '../../src/domain/promo';
import type { ServiceKey } from '../../src/domain/promo';
import { couponDefinition } from '../services/coupons/records';
import { couponHasUseLeft } from '../services/coupons/uses';
import type { Store } from '../store/store';
import { ApiError } from './errors';
import { jsonBody } from './json-body';

/**
 * `POST /api/promo/validate` `{ code, service }`: whether a promo code can be used now for that
 * service, and what it takes off. Codes live in the `admin` database, managed by the admin console.
 * A use left now is no promise: the checkout reserves one, or answers the same error.
 */
export function promoRouter(store: Store): Router {
  const router = express.Router();
  router.post('/promo/validate', jsonBody('4kb'), async (req, res) => {
    const body = (req.body ?? {}) as { code?: unknown; service?: unknown };
    const code = typeof body.code === 'string' ? normalizePromoCode(body.code) : '';
    if (!code) throw new ApiError(400, 'promo_required', 'Please enter a promo code');
    const service = body.service as ServiceKey;
    if (!SERVICES.includes(service)) throw new ApiError(400, 'invalid_service', 'Unknown service.');
    const coupon = await couponDefinition(store, code);
    const now = new Date();
    if (!coupon || !couponUsable(coupon, service, now) || !(await couponHasUseLeft(store, coupon, now))) {
      throw new ApiError(404, 'promo_invalid', 'Invalid or expired promo code');
    }
    res.json({
      code: coupon.code,
      kind: coupon.kind,
      value: coupon.value,
      currency:
        coupon.kind === 'fixed' && CURRENCIES.includes(coupon.currency as Currency)
          ? coupon.currency
          : undefined,
      validUntil: coupon.validUntil,
    });
  });
  return router;
}
