/**
 * - `GET /api/admin/pricing`: the prices (minor units, EUR and USD) and durations of the two calls,
 *   with the time of their last change.
 * - `PUT /api/admin/pricing` `{ lawyerCall: { prices: { EUR, USD }, durationMinutes, isActive },
 *   expatCall: … }`: replaces them; every browser follows by replication and checkout charges them
 *   from the next order on. 400 `validation` with a code per field (`lawyerCall.prices.EUR:
 *   price_out_of_range`…); audited.
 */
import type { Request, Router } from 'express';
import { PricingInvalid, readPricing, savePricing } from '../../services/admin/pricing';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import type { AdminContext, AdminResponse } from './index';

export function pricingRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/pricing', async (_req: Request, res: AdminResponse) => {
    res.json(await readPricing(store));
  });

  router.put('/admin/pricing', jsonBody('4kb'), async (req: Request, res: AdminResponse) => {
    try {
      res.json(await savePricing(store, { input: req.body, by: res.locals.adminUid }));
    } catch (error) {
      if (!(error instanceof PricingInvalid)) throw error;
      throw new ApiError(400, 'validation', 'Some prices or durations are not valid.', {
        fields: error.fields as Record<string, string>,
      });
    }
  });
}
