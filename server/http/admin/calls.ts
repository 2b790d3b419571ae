/**
 * The consultations (admin screens `calls` and `calls/sessions`):
 * - `GET /api/admin/calls?state=&phase=&from=&to=&q=&limit=&token=&dir=`: a page, newest first by
 *   default, with the version of the `calls` topic to wait on for a live refresh.
 * - `GET /api/admin/calls/:orderId`: one consultation in full (legs, callbacks, ledger, actions).
 * - `POST /api/admin/calls/:orderId/end`: ends a consultation under way (409 `call_not_running`).
 * - `POST /api/admin/calls/:orderId/release` · `/refund` `{ reason? }`: gives the client's money
 *   back through the consultation service, once (a repeat answers `changed: false`); 409
 *   `call_in_progress`, `not_held`, `not_captured`.
 * Each change writes one audit entry (`call_end`, `payment_release`, `payment_refund`).
 */
import type { Request, Router } from 'express';
import { CALL_PHASES, ORDER_STATES, isFinalPhase } from '../../../src/domain/order';
import { recordAudit } from '../../services/admin/audit';
import { consultationDetail, listConsultations } from '../../services/admin/consultations';
import { adminLiveOf } from '../../services/admin/live';
import { MoneyBackRefused } from '../../services/consultation/money-back';
import type { MoneyBackAction } from '../../services/consultation/money-back';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryInstant } from './list-query';

const REASON_MAX = 500;
const ORDER_ID = /^[\w-]{1,80}$/;

function invalid(field: string, code = 'value_invalid'): never {
  throw new ApiError(400, 'validation', `The field ${field} is not valid.`, { fields: { [field]: code } });
}

function orderIdOf(req: Request): string {
  const id = String(req.params.orderId);
  if (!ORDER_ID.test(id)) throw new ApiError(404, 'not_found', 'No such consultation.');
  return id;
}

function reasonOf(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) invalid('body');
  const reason = (body as { reason?: unknown }).reason;
  if (reason === undefined || reason === null || reason === '') return undefined;
  if (typeof reason !== 'string') invalid('reason');
  if (reason.length > REASON_MAX) invalid('reason', 'too_long');
  return reason.trim() || undefined;
}

const REFUSALS: Record<Exclude<MoneyBackRefused['reason'], 'not_found'>, string> = {
  call_in_progress: 'The consultation is under way: end it first.',
  not_held: 'No payment is held on this order.',
  not_captured: 'Nothing was charged on this order.',
  billed_to_account: 'This consultation is billed to a company account: correct its monthly invoice.',
  refused_by_gateway: 'The payment gateway refused the refund.',
  disputed: 'The cardholder disputes this payment: it cannot be refunded until the dispute is settled.',
};

export function callRoutes(router: Router, { store, services }: AdminContext): void {
  const live = adminLiveOf(store);

  router.get('/admin/calls', async (req: Request, res: AdminResponse) => {
    const { limit, token, q, dir } = listQuery(req, ['createdAt'] as const, { dir: 'desc' });
    const filter = {
      state: queryChoice(req, 'state', ORDER_STATES),
      phase: queryChoice(req, 'phase', CALL_PHASES),
      from: queryInstant(req, 'from', 'start'),
      to: queryInstant(req, 'to', 'end'),
      q,
      limit,
      token,
      dir,
    };
    const version = live.version('calls');
    const page = await withPageToken(() => listConsultations(store, filter));
    res.json({ ...page, version });
  });

  router.get('/admin/calls/:orderId', async (req: Request, res: AdminResponse) => {
    const version = live.version('calls');
    const detail = await consultationDetail(store, orderIdOf(req));
    if (!detail) throw new ApiError(404, 'not_found', 'No such consultation.');
    res.json({ consultation: detail, version });
  });

  router.post('/admin/calls/:orderId/end', jsonBody('2kb'), async (req: Request, res: AdminResponse) => {
    const orderId = orderIdOf(req);
    const reason = reasonOf(req.body);
    const before = await consultationDetail(store, orderId);
    if (!before) throw new ApiError(404, 'not_found', 'No such consultation.');
    if (!before.actions.end)
      throw new ApiError(409, 'call_not_running', 'This consultation is not under way.');
    const call = await services.consultations.endCall(orderId);
    const phase = call?.state.phase ?? before.phase;
    // Two admins ending the same call: the one whose request ended it records it.
    if (isFinalPhase(phase)) {
      await recordAudit(store, {
        actor: res.locals.adminUid,
        action: 'call_end',
        subject: { kind: 'consultation', id: orderId },
        before: { phase: before.phase },
        after: { phase },
        ...(reason ? { reason } : {}),
        key: `call_end:${orderId}`,
      });
    }
    res.json({ consultation: await consultationDetail(store, orderId) });
  });

  for (const action of ['release', 'refund'] as const satisfies readonly MoneyBackAction[]) {
    router.post(
      `/admin/calls/:orderId/${action}`,
      jsonBody('2kb'),
      async (req: Request, res: AdminResponse) => {
        const orderId = orderIdOf(req);
        const reason = reasonOf(req.body);
        let result;
        try {
          result = await services.consultations.giveMoneyBack(orderId, action, {
            by: res.locals.adminUid,
            ...(reason ? { reason } : {}),
          });
        } catch (error) {
          if (!(error instanceof MoneyBackRefused)) throw error;
          if (error.reason === 'not_found') throw new ApiError(404, 'not_found', 'No such consultation.');
          throw new ApiError(409, error.reason, REFUSALS[error.reason]);
        }
        if (result.changed) {
          await recordAudit(store, {
            actor: res.locals.adminUid,
            action: action === 'release' ? 'payment_release' : 'payment_refund',
            subject: { kind: 'consultation', id: orderId },
            before: { payment: action === 'release' ? 'authorised' : 'captured' },
            after: {
              payment: result.order.payment.state,
              amount: result.order.quote.total,
              currency: result.order.quote.currency,
            },
            ...(reason ? { reason } : {}),
            key: `payment_${action}:${orderId}`,
          });
        }
        res.json({ changed: result.changed, consultation: await consultationDetail(store, orderId) });
      },
    );
  }
}
