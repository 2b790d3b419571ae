/**
 * The payments (admin screen `finance/payments`), read only:
 * - `GET /api/admin/payments?state=&gateway=&currency=&from=&to=&q=&sort=createdAt|amount&dir=&limit=&token=`:
 *   a page, newest first by default; `from` / `to` bound the creation date (a day or an instant).
 * - `GET /api/admin/payments/:orderId`: one payment with its consultation, ledger (running total).
 * Both answer the version of the `calls` topic (orders and calls) to wait on for a live refresh.
 * Giving money back stays on the consultation (`POST /api/admin/calls/:orderId/refund`).
 */
import type { Request, Router } from 'express';
import { PAYMENT_SORTS } from '../../../src/domain/admin-payments';
import { CURRENCIES } from '../../../src/domain/config';
import { PAYMENT_STATES } from '../../../src/domain/order';
import type { PaymentGatewayKind } from '../../../src/domain/order';
import { adminLiveOf } from '../../services/admin/live';
import { listPayments, paymentDetail } from '../../services/admin/payments';
import { ApiError } from '../errors';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryInstant } from './list-query';

const GATEWAYS: readonly PaymentGatewayKind[] = ['stripe', 'simulated'];
const ORDER_ID = /^[\w-]{1,80}$/;

export function paymentRoutes(router: Router, { store }: AdminContext): void {
  const live = adminLiveOf(store);

  router.get('/admin/payments', async (req: Request, res: AdminResponse) => {
    const { limit, token, q, sort, dir } = listQuery(req, PAYMENT_SORTS, { dir: 'desc' });
    const filter = {
      state: queryChoice(req, 'state', PAYMENT_STATES),
      gateway: queryChoice(req, 'gateway', GATEWAYS),
      currency: queryChoice(req, 'currency', CURRENCIES),
      from: queryInstant(req, 'from', 'start'),
      to: queryInstant(req, 'to', 'end'),
      q,
      sort,
      dir,
      limit,
      token,
    };
    const version = live.version('calls');
    const page = await withPageToken(() => listPayments(store, filter));
    res.json({ ...page, version });
  });

  router.get('/admin/payments/:orderId', async (req: Request, res: AdminResponse) => {
    const orderId = String(req.params.orderId);
    if (!ORDER_ID.test(orderId)) throw new ApiError(404, 'not_found', 'No such payment.');
    const version = live.version('calls');
    const payment = await paymentDetail(store, orderId);
    if (!payment) throw new ApiError(404, 'not_found', 'No such payment.');
    res.json({ payment, version });
  });
}
