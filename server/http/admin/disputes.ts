/**
 * Disputes (admin screen `finance/disputes`, and the disputes of a payment's detail):
 * - `GET /api/admin/disputes?status=open|won|lost&limit=&token=`: the disputes, newest first.
 * - `GET /api/admin/payments/:orderId/disputes`: one payment's disputes.
 * Demo only (the simulated gateway; 404 when Stripe is configured, where the cardholder's bank opens
 * and decides disputes), each audited:
 * - `POST /api/admin/payments/:orderId/disputes/simulate` `{ amount?, reason }`: the cardholder
 *   disputes `amount` (minor units; all that is left when absent) of a captured payment.
 * - `POST /api/admin/disputes/:disputeId/simulate` `{ outcome: 'won' | 'lost' }`: the bank decides.
 * Either is then recorded as a Stripe notice would be (consultation/disputes.ts).
 */
import type { Request, Router } from 'express';
import { DISPUTE_STATES } from '../../../src/domain/disputes';
import type { DisputeDoc } from '../../../src/domain/disputes';
import { isSimulatedGateway } from '../../adapters/payments/simulated';
import type { SimulatedGateway } from '../../adapters/payments/simulated';
import { SimulatedDisputeError } from '../../adapters/payments/simulated-disputes';
import { recordAudit } from '../../services/admin/audit';
import { listDisputes, orderDisputes } from '../../services/admin/disputes';
import { createDisputes } from '../../services/consultation/disputes';
import type { StoredOrder } from '../../services/consultation/types';
import { getOrUndefined } from '../../store/store';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice } from './list-query';

const ORDER_ID = /^[\w-]{1,80}$/;
const DISPUTE_ID = /^dp_[\w]{1,80}$/;
const REASONS = [
  'general',
  'fraudulent',
  'duplicate',
  'product_not_received',
  'product_unacceptable',
  'unrecognized',
  'credit_not_processed',
  'subscription_canceled',
] as const;

const REFUSALS: Record<SimulatedDisputeError['code'], [number, string]> = {
  resource_missing: [404, 'No such dispute.'],
  not_captured: [409, 'Only a captured payment can be disputed.'],
  already_disputed: [409, 'This payment is disputed already.'],
  amount_invalid: [409, 'The amount is more than what is left of the payment.'],
  already_closed: [409, 'This dispute has been decided already.'],
};

const notFound = () => new ApiError(404, 'not_found', 'No such API endpoint.');

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

function refused(error: unknown): never {
  if (!(error instanceof SimulatedDisputeError)) throw error;
  const [status, message] = REFUSALS[error.code];
  throw new ApiError(status, error.code === 'resource_missing' ? 'not_found' : error.code, message);
}

export function disputeRoutes(router: Router, { store, config, services }: AdminContext): void {
  const disputes = createDisputes({ store, gateway: services.gateway, now: () => new Date() });

  /** The simulated gateway in demo mode; a 404 otherwise, as if the demo routes did not exist. */
  function demoGateway(): SimulatedGateway {
    if (config.stripe || !isSimulatedGateway(services.gateway)) throw notFound();
    return services.gateway;
  }

  router.get('/admin/disputes', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['openedAt'] as const, { dir: 'desc' });
    const state = queryChoice(req, 'status', DISPUTE_STATES);
    res.json(await withPageToken(() => listDisputes(store, { limit, token, ...(state ? { state } : {}) })));
  });

  router.get('/admin/payments/:orderId/disputes', async (req: Request, res: AdminResponse) => {
    const orderId = String(req.params.orderId);
    if (!ORDER_ID.test(orderId)) throw new ApiError(404, 'not_found', 'No such payment.');
    res.json({ items: await orderDisputes(store, orderId) });
  });

  router.post(
    '/admin/payments/:orderId/disputes/simulate',
    jsonBody('2kb'),
    async (req: Request, res: AdminResponse) => {
      const gateway = demoGateway();
      const orderId = String(req.params.orderId);
      const input = bodyOf(req);
      const fields: Record<string, string> = {};
      if (input.amount !== undefined && (!Number.isInteger(input.amount) || (input.amount as number) <= 0))
        fields.amount = 'value_invalid';
      if (typeof input.reason !== 'string' || !(REASONS as readonly string[]).includes(input.reason))
        fields.reason = 'value_invalid';
      if (Object.keys(fields).length > 0)
        throw new ApiError(400, 'validation', 'Some fields of the dispute are not valid.', { fields });
      const order = ORDER_ID.test(orderId)
        ? await getOrUndefined(store.db<StoredOrder>('orders'), orderId)
        : undefined;
      if (order?.type !== 'order' || order.payment.gateway !== 'simulated')
        throw new ApiError(404, 'not_found', 'No such payment.');
      const opened = await gateway
        .openDispute(order.payment.intentId, {
          reason: input.reason as string,
          ...(input.amount !== undefined ? { amount: input.amount as number } : {}),
        })
        .catch(refused);
      const recorded = await disputes.record(opened);
      await recordAudit(store, {
        actor: res.locals.adminUid,
        action: 'dispute_simulate_open',
        subject: { kind: 'consultation', id: orderId },
        before: {},
        after: {
          disputeId: opened.disputeId,
          amount: opened.amount,
          currency: opened.currency,
          status: opened.status,
        },
        key: `dispute_simulate_open:${opened.disputeId}`,
      });
      res.status(201).json({ dispute: recorded });
    },
  );

  router.post(
    '/admin/disputes/:disputeId/simulate',
    jsonBody('1kb'),
    async (req: Request, res: AdminResponse) => {
      const gateway = demoGateway();
      const disputeId = String(req.params.disputeId);
      const { outcome } = bodyOf(req);
      if (outcome !== 'won' && outcome !== 'lost')
        throw new ApiError(400, 'validation', 'The outcome is not valid.', {
          fields: { outcome: 'value_invalid' },
        });
      if (!DISPUTE_ID.test(disputeId)) throw new ApiError(404, 'not_found', 'No such dispute.');
      const before = await gateway.retrieveDispute(disputeId).catch(refused);
      const after = await gateway.closeDispute(disputeId, outcome).catch(refused);
      const recorded: DisputeDoc | undefined = await disputes.record(after);
      if (before.status !== after.status) {
        // On the payment's trail (its detail page shows it), as the opening is.
        await recordAudit(store, {
          actor: res.locals.adminUid,
          action: 'dispute_simulate_close',
          subject: { kind: 'consultation', id: recorded?.orderId ?? disputeId },
          before: { disputeId, status: before.status },
          after: { disputeId, status: after.status },
          key: `dispute_simulate_close:${disputeId}`,
        });
      }
      res.json({ changed: before.status !== after.status, dispute: recorded });
    },
  );
}
