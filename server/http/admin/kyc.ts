/**
 * - `GET /api/admin/kyc?status=pending|verified|rejected&role=&dir=&limit=&token=`: providers'
 *   identity records in a status, oldest first, bank details masked to their last 4 characters.
 * - `GET /api/admin/kyc/:uid`: one record (404 when there is none).
 * - `PUT /api/admin/kyc/:uid/status` `{ status, reason? }`: sets the status; a reason is required to
 *   reject (at most 1000 characters). Audited; `{ kyc, changed }`.
 * - `GET /api/admin/kyc/:uid/document`: the identity document itself (image or PDF), shown inline
 *   in the console; like every admin path, to admins only and never cached.
 */
import type { Request, Router } from 'express';
import { adminReasonProblem } from '../../../src/domain/admin-reason';
import { KYC_STATUSES } from '../../../src/domain/kyc';
import type { KycStatus } from '../../../src/domain/kyc';
import { PROVIDER_ROLES } from '../../../src/domain/professions';
import { KycNotFound, listKyc, readKyc, readKycDocument, setKycStatus } from '../../services/admin/kyc';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice } from './list-query';

const notFound = () => new ApiError(404, 'not_found', 'No identity record for this provider.');

function parseDecision(body: unknown): { status: KycStatus; reason?: string } {
  const { status, reason } = (body ?? {}) as { status?: unknown; reason?: unknown };
  const fields: Record<string, string> = {};
  if (typeof status !== 'string' || !(KYC_STATUSES as readonly string[]).includes(status)) {
    fields.status = status === undefined ? 'required' : 'value_invalid';
  }
  if (status === 'rejected') {
    const problem = adminReasonProblem(reason);
    if (problem) fields.reason = problem;
  } else if (
    reason !== undefined &&
    (typeof reason !== 'string' || adminReasonProblem(reason) === 'too_long')
  ) {
    fields.reason = typeof reason === 'string' ? 'too_long' : 'value_invalid';
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, 'validation', 'The status decision is not valid.', { fields });
  }
  return { status: status as KycStatus, ...(typeof reason === 'string' ? { reason } : {}) };
}

export function kycRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/kyc', async (req: Request, res: AdminResponse) => {
    const { limit, token, dir } = listQuery(req, ['createdAt'] as const, { dir: 'asc' });
    const status = queryChoice(req, 'status', KYC_STATUSES) ?? 'pending';
    const role = queryChoice(req, 'role', PROVIDER_ROLES);
    res.json(await withPageToken(() => listKyc(store, { status, role, dir, limit, token })));
  });

  router.get('/admin/kyc/:uid', async (req: Request, res: AdminResponse) => {
    try {
      res.json({ kyc: await readKyc(store, String(req.params.uid)) });
    } catch (error) {
      if (error instanceof KycNotFound) throw notFound();
      throw error;
    }
  });

  router.put('/admin/kyc/:uid/status', jsonBody('8kb'), async (req: Request, res: AdminResponse) => {
    const decision = parseDecision(req.body);
    try {
      res.json(
        await setKycStatus(store, { uid: String(req.params.uid), ...decision, by: res.locals.adminUid }),
      );
    } catch (error) {
      if (error instanceof KycNotFound) throw notFound();
      throw error;
    }
  });

  router.get('/admin/kyc/:uid/document', async (req: Request, res: AdminResponse) => {
    const file = await readKycDocument(store, String(req.params.uid));
    if (!file) throw new ApiError(404, 'not_found', 'No identity document for this provider.');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `inline; filename="${file.filename}"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    // Nothing in the file may run or load anything; the console may frame it (PDFs).
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
    res.setHeader('Content-Length', String(file.bytes.length));
    res.end(file.bytes);
  });
}
