/**
 * `/api/admin/…`: the online-only operations of the admin console (DESIGN.md), for admins only:
 * 401 signed out, 403 for a suspended account or any other role.
 *
 * - `POST /api/admin/providers/:uid/approval` `{ approved }`: approves a lawyer or expat (their
 *   public profile is published) or withdraws the approval (see `setProviderApproval`); 404 for no
 *   such account, 409 `not_provider` for a client or admin, 409 `profile_incomplete` when the record
 *   lacks what a public profile needs.
 */
import express from 'express';
import type { NextFunction, Request, Response, Router } from 'express';
import { ApprovalRefused, setProviderApproval } from '../services/provider-approval';
import { readSession, sessionToken } from '../services/sessions';
import type { Store } from '../store/store';
import { ApiError } from './errors';
import { jsonBody } from './json-body';

type AdminLocals = { adminUid: string };

export function adminRouter(store: Store): Router {
  const router = express.Router();

  async function requireAdmin(req: Request, res: Response<unknown, AdminLocals>, next: NextFunction) {
    const state = await readSession(store, sessionToken(req));
    if (state.kind === 'none') return next(new ApiError(401, 'not_signed_in', 'Sign in first.'));
    if (state.kind === 'banned')
      return next(new ApiError(403, 'account_suspended', 'This account is suspended.'));
    if (state.account.role !== 'admin') return next(new ApiError(403, 'forbidden', 'Admins only.'));
    res.locals.adminUid = state.account.uid;
    next();
  }

  router.post(
    '/admin/providers/:uid/approval',
    requireAdmin,
    jsonBody('1kb'),
    async (req: Request, res: Response<unknown, AdminLocals>) => {
      const approved = (req.body as { approved?: unknown } | undefined)?.approved;
      if (typeof approved !== 'boolean') {
        throw new ApiError(400, 'validation', 'approved must be true or false.', {
          fields: { approved: 'value_invalid' },
        });
      }
      try {
        const result = await setProviderApproval(store, {
          uid: String(req.params.uid),
          approved,
          by: res.locals.adminUid,
        });
        res.json(result);
      } catch (error) {
        if (!(error instanceof ApprovalRefused)) throw error;
        if (error.reason === 'not_found') throw new ApiError(404, 'not_found', 'No such account.');
        if (error.reason === 'not_provider') {
          throw new ApiError(409, 'not_provider', 'Only lawyers and expats are approved.');
        }
        throw new ApiError(409, 'profile_incomplete', 'The profile lacks a name, a country or a language.');
      }
    },
  );
  return router;
}
