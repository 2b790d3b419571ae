/**
 * `/api/admin/…`: the online-only operations of the admin console (DESIGN.md, "The admin console"),
 * denied by default: every path under `/admin` passes the admin guard first (401 signed out, 403 for
 * a suspended account or any other role), answers are never cached, and a path no screen claims is
 * 404. Each screen's routes live in their own module and are mounted from `ADMIN_SCREENS` below;
 * they stay thin (parse, authorise, call a service in `server/services/admin/` or the subject's own
 * service, map its domain errors to HTTP).
 */
import express from 'express';
import type { NextFunction, Request, Response, Router } from 'express';
import type { AppServices } from '../../app';
import type { Config } from '../../config/env';
import { readSession, sessionToken } from '../../services/sessions';
import type { Store } from '../../store/store';
import { ApiError } from '../errors';
import { affiliateRoutes } from './affiliates';
import { approvalRoutes } from './approvals';
import { b2bRoutes } from './b2b';
import { callRoutes } from './calls';
import { commsRoutes } from './comms';
import { commsCampaignRoutes } from './comms-campaigns';
import { commsAutomationRoutes } from './comms-automations';
import { commsDeliverabilityRoutes } from './comms-deliverability';
import { commsTemplateRoutes } from './comms-templates';
import { commsMessageRoutes } from './comms-messages';
import { paymentRoutes } from './payments';
import { invoiceRoutes } from './invoices';
import { contactMessageRoutes } from './contact-messages';
import { payoutRoutes } from './payouts';
import { ledgerRoutes } from './ledger';
import { reconciliationRoutes } from './reconciliation';
import { refundRoutes } from './refunds';
import { disputeRoutes } from './disputes';
import { exportRoutes } from './exports';
import { taxRoutes } from './taxes';
import { dashboardRoutes } from './dashboard';
import { countriesRoutes } from './countries';
import { couponsRoutes } from './coupons';
import { auditRoutes } from './audit';
import { backupRoutes } from './backups';
import { documentRoutes } from './documents';
import { kycRoutes } from './kyc';
import { pricingRoutes } from './pricing';
import { reviewRoutes } from './reviews';
import { settingsRoutes } from './settings';
import { testProfileRoutes } from './test-profiles';
import { userRoutes } from './users';

/** What every admin route module may use. */
export type AdminContext = { store: Store; config: Config; services: AppServices };

/** Set by the guard for every admin route: who is acting. */
export type AdminLocals = { adminUid: string };
export type AdminResponse = Response<unknown, AdminLocals>;

/** One screen's routes, registered on the admin router (paths start with `/admin/`). */
export type AdminRoutes = (router: Router, context: AdminContext) => void;

/** Every screen's routes. A new screen adds its module here. */
const ADMIN_SCREENS: AdminRoutes[] = [
  affiliateRoutes,
  refundRoutes,
  disputeRoutes,
  userRoutes,
  testProfileRoutes,
  approvalRoutes,
  settingsRoutes,
  pricingRoutes,
  couponsRoutes,
  countriesRoutes,
  auditRoutes,
  documentRoutes,
  backupRoutes,
  kycRoutes,
  reviewRoutes,
  dashboardRoutes,
  callRoutes,
  paymentRoutes,
  invoiceRoutes,
  contactMessageRoutes,
  payoutRoutes,
  ledgerRoutes,
  reconciliationRoutes,
  exportRoutes,
  taxRoutes,
  b2bRoutes,
  commsRoutes,
  commsCampaignRoutes,
  commsAutomationRoutes,
  commsDeliverabilityRoutes,
  commsTemplateRoutes,
  commsMessageRoutes,
];

export function adminRouter(context: AdminContext): Router {
  const router = express.Router();
  router.use('/admin', requireAdmin(context.store));
  router.use('/admin', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  for (const mount of ADMIN_SCREENS) mount(router, context);
  router.use('/admin', (_req: Request, _res: Response, next: NextFunction) => {
    next(new ApiError(404, 'not_found', 'No such admin operation.'));
  });
  return router;
}

function requireAdmin(store: Store) {
  return async (req: Request, res: AdminResponse, next: NextFunction) => {
    const state = await readSession(store, sessionToken(req));
    if (state.kind === 'none') return next(new ApiError(401, 'not_signed_in', 'Sign in first.'));
    if (state.kind === 'banned')
      return next(new ApiError(403, 'account_suspended', 'This account is suspended.'));
    if (state.account.role !== 'admin') return next(new ApiError(403, 'forbidden', 'Admins only.'));
    res.locals.adminUid = state.account.uid;
    next();
  };
}
