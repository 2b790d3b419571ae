/**
 * Refunds (admin screen `finance/refunds`, and the refund form of a payment's detail):
 * - `GET /api/admin/refunds?state=&from=&to=&order=&limit=&token=`: every refund, newest first.
 * - `POST /api/admin/payments/:orderId/refunds` `{ key, amount?, reason }`: refunds `amount` (minor
 *   units; all that is left when absent) of a captured payment, with the admin's reason. `key` is the
 *   form's idempotency key: sent again (a retry, a double click), it answers the same refund, never a
 *   second one, whatever amount comes with it. The refund recovers the provider's share, issues a
 *   credit note for an invoiced consultation and tells the client (services/consultation/refunds.ts).
 *   A refusal is a 409 with its code (`exceeds_refundable` says what is left), 404 for no order.
 */
import type { Request, Router } from 'express';
import { REFUND_STATES } from '../../../src/domain/admin-refunds';
import type { RefundRefusalCode } from '../../../src/domain/admin-refunds';
import { refundRequestErrors } from '../../../src/domain/refund';
import { recordAudit } from '../../services/admin/audit';
import { listRefunds, refundRow, withActorNames } from '../../services/admin/refunds';
import { RefundRefused } from '../../services/consultation/refunds';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryInstant, queryString } from './list-query';

const ORDER_ID = /^[\w-]{1,80}$/;

const REFUSALS: Record<Exclude<RefundRefusalCode, 'not_found'>, string> = {
  not_captured: 'Only a captured payment can be refunded.',
  call_in_progress: 'The consultation is under way: end it first.',
  nothing_left: 'This payment has been refunded in full already.',
  exceeds_refundable: 'The amount is more than what is left to refund.',
  refused_by_gateway: 'The payment gateway refused the refund.',
  billed_to_account: 'This consultation is billed to a company account: correct its monthly invoice.',
  disputed: 'The cardholder disputes this payment: it cannot be refunded until the dispute is settled.',
};

export function refundRoutes(router: Router, { store, services }: AdminContext): void {
  router.get('/admin/refunds', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['requestedAt'] as const, { dir: 'desc' });
    const orderId = queryString(req, 'order', 80);
    if (orderId !== undefined && !ORDER_ID.test(orderId)) {
      throw new ApiError(400, 'validation', 'The parameter order is not valid.', {
        fields: { order: 'value_invalid' },
      });
    }
    const filter = {
      state: queryChoice(req, 'state', REFUND_STATES),
      from: queryInstant(req, 'from', 'start'),
      to: queryInstant(req, 'to', 'end'),
      ...(orderId ? { orderId } : {}),
      limit,
      token,
    };
    res.json(await withPageToken(() => listRefunds(store, filter)));
  });

  router.post(
    '/admin/payments/:orderId/refunds',
    jsonBody('4kb'),
    async (req: Request, res: AdminResponse) => {
      const orderId = String(req.params.orderId);
      if (!ORDER_ID.test(orderId)) throw new ApiError(404, 'not_found', 'No such payment.');
      const body: unknown = req.body;
      const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      const errors = refundRequestErrors({ key: input.key, amount: input.amount, reason: input.reason });
      if (errors.length > 0) {
        throw new ApiError(400, 'validation', 'Some fields of the refund are not valid.', {
          fields: Object.fromEntries(errors.map((field) => [field, 'value_invalid'])),
        });
      }
      const request = {
        key: input.key as string,
        ...(input.amount !== undefined ? { amount: input.amount as number } : {}),
        reason: (input.reason as string).trim(),
        by: res.locals.adminUid,
      };
      let outcome;
      try {
        outcome = await services.consultations.refund(orderId, request);
      } catch (error) {
        if (!(error instanceof RefundRefused)) throw error;
        if (error.reason === 'not_found') throw new ApiError(404, 'not_found', 'No such payment.');
        throw new ApiError(409, error.reason, REFUSALS[error.reason], {
          ...(error.left !== undefined ? { left: error.left } : {}),
        });
      }
      const { order, refund, changed } = outcome;
      if (changed) {
        await recordAudit(store, {
          actor: res.locals.adminUid,
          action: 'payment_refund',
          subject: { kind: 'consultation', id: orderId },
          before: { refunded: (order.payment.refunded ?? 0) - (refund.state === 'done' ? refund.amount : 0) },
          after: {
            refunded: order.payment.refunded ?? 0,
            amount: refund.amount,
            currency: order.quote.currency,
            ...(refund.creditNote ? { creditNote: refund.creditNote.number } : {}),
          },
          reason: request.reason,
          key: `payment_refund:${orderId}:${refund.key}`,
        });
      }
      const [row] = await withActorNames(store, [refundRow(order, refund)]);
      res.json({ changed, refund: row });
    },
  );
}
