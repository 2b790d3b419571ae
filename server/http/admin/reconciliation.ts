/**
 * Reconciliation (admin screen `finance/reconciliation`), read only:
 * - `GET /api/admin/reconciliation?from=&to=`: the ledger and the orders against the gateway's own
 *   records over the range (days or instants; `to` included; today by default), every mismatch
 *   listed (server/services/admin/reconciliation.ts). At most RECONCILIATION_MAX_DAYS days, else a
 *   400 `range_too_long`; a range with more records than the cap is answered `partial: true`.
 *   A gateway that does not answer is a 502 `gateway_unavailable`.
 */
import type { Request, Router } from 'express';
import { RECONCILIATION_MAX_DAYS } from '../../../src/domain/reconciliation';
import { GatewayRecordsError } from '../../adapters/payments/records';
import { reconcile } from '../../services/admin/reconciliation';
import { ApiError } from '../errors';
import type { AdminContext, AdminResponse } from './index';
import { queryInstant } from './list-query';

const DAY_MS = 86_400_000;

export function reconciliationRoutes(router: Router, { store, services }: AdminContext): void {
  router.get('/admin/reconciliation', async (req: Request, res: AdminResponse) => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const from = new Date(queryInstant(req, 'from', 'start') ?? `${today}T00:00:00.000Z`);
    // `to` is the range's last instant: the range read is [from, to + 1 ms).
    const to = new Date(Date.parse(queryInstant(req, 'to', 'end') ?? `${today}T23:59:59.999Z`) + 1);
    if (from >= to) {
      throw new ApiError(400, 'validation', 'from is after to.', { fields: { to: 'value_invalid' } });
    }
    // An hour of slack: local days sent as instants span a summer-time change.
    if (to.getTime() - from.getTime() > RECONCILIATION_MAX_DAYS * DAY_MS + 3_600_000) {
      throw new ApiError(400, 'range_too_long', `At most ${RECONCILIATION_MAX_DAYS} days at a time.`, {
        fields: { to: 'range_too_long' },
      });
    }
    try {
      res.json(await reconcile(store, services.gateway, { from, to }));
    } catch (error) {
      if (error instanceof GatewayRecordsError) {
        throw new ApiError(502, 'gateway_unavailable', 'The payment gateway did not answer.');
      }
      throw error;
    }
  });
}
