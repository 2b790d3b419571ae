/**
 * - `GET /api/admin/approvals?role=lawyer|expat&status=pending|rejected&dir=&limit=&token=`: the
 *   queue of one role, oldest request first, each with its age and everything the provider
 *   submitted (profile, identity record with bank details masked).
 * - `GET /api/admin/approvals/:uid`: one provider's request (404 for no such provider).
 * - `POST /api/admin/providers/:uid/approval` `{ approved }`: approves a lawyer or expat (their
 *   public profile is published) or withdraws the approval (see `setProviderApproval`); 404 for no
 *   such account, 409 `not_provider` for a client or admin, 409 `profile_incomplete` when the record
 *   lacks what a public profile needs. An approval is mailed to the provider in their language, once
 *   per approval (see `mailApproval`); answers `{ isApproved, published, mailed }`.
 * - `POST /api/admin/providers/:uid/rejection` `{ reason }`: rejects the registration with a reason
 *   (required, at most 1000 characters), mailed to the provider in their language; 409
 *   `already_approved` for an approved provider. Answers `{ request, changed, mailed }`.
 */
import type { Request, Router } from 'express';
import { adminReasonProblem } from '../../../src/domain/admin-reason';
import { APPROVAL_STATUSES } from '../../../src/domain/approval';
import { PROVIDER_ROLES } from '../../../src/domain/professions';
import {
  listApprovalQueue,
  readApprovalRequest,
  rejectProvider,
  RejectionRefused,
} from '../../services/admin/approvals';
import { logError } from '../../log';
import { ApprovalRefused, mailApproval, setProviderApproval } from '../../services/provider-approval';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice } from './list-query';

function refusal(error: unknown): never {
  if (error instanceof RejectionRefused || error instanceof ApprovalRefused) {
    if (error.reason === 'not_found') throw new ApiError(404, 'not_found', 'No such account.');
    if (error.reason === 'not_provider') {
      throw new ApiError(409, 'not_provider', 'Only lawyers and expats are approved.');
    }
    if (error.reason === 'already_approved') {
      throw new ApiError(409, 'already_approved', 'This provider is approved: withdraw the approval first.');
    }
    throw new ApiError(409, 'profile_incomplete', 'The profile lacks a name, a country or a language.');
  }
  throw error;
}

export function approvalRoutes(router: Router, { store, config }: AdminContext): void {
  router.get('/admin/approvals', async (req: Request, res: AdminResponse) => {
    const { limit, token, dir } = listQuery(req, ['createdAt'] as const, { dir: 'asc' });
    const role = queryChoice(req, 'role', PROVIDER_ROLES);
    if (!role) {
      throw new ApiError(400, 'validation', 'role is required.', { fields: { role: 'required' } });
    }
    const status = queryChoice(req, 'status', APPROVAL_STATUSES) ?? 'pending';
    res.json(await withPageToken(() => listApprovalQueue(store, { role, status, dir, limit, token })));
  });

  router.get('/admin/approvals/:uid', async (req: Request, res: AdminResponse) => {
    try {
      res.json({ request: await readApprovalRequest(store, String(req.params.uid)) });
    } catch (error) {
      if (error instanceof RejectionRefused) throw new ApiError(404, 'not_found', 'No such provider.');
      throw error;
    }
  });

  router.post('/admin/providers/:uid/approval', jsonBody('1kb'), async (req: Request, res: AdminResponse) => {
    const approved = (req.body as { approved?: unknown } | undefined)?.approved;
    if (typeof approved !== 'boolean') {
      throw new ApiError(400, 'validation', 'approved must be true or false.', {
        fields: { approved: 'value_invalid' },
      });
    }
    const uid = String(req.params.uid);
    let result: Awaited<ReturnType<typeof setProviderApproval>>;
    try {
      result = await setProviderApproval(store, { uid, approved, by: res.locals.adminUid });
    } catch (error) {
      refusal(error);
    }
    // The decision stands whatever becomes of its mail (a mail not sent goes with the next request).
    const mailed = approved
      ? await mailApproval(store, config, uid).catch((error: unknown) => {
          logError('[mail] approval mail not sent:', error);
          return false;
        })
      : false;
    res.json({ ...result, mailed });
  });

  router.post(
    '/admin/providers/:uid/rejection',
    jsonBody('8kb'),
    async (req: Request, res: AdminResponse) => {
      const reason = (req.body as { reason?: unknown } | undefined)?.reason;
      const problem = adminReasonProblem(reason);
      if (problem) {
        throw new ApiError(400, 'validation', 'A reason is required (at most 1000 characters).', {
          fields: { reason: problem },
        });
      }
      try {
        res.json(
          await rejectProvider(store, config, {
            uid: String(req.params.uid),
            reason: reason as string,
            by: res.locals.adminUid,
          }),
        );
      } catch (error) {
        refusal(error);
      }
    },
  );
}
