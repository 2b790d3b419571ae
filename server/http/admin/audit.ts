/**
 * - `GET /api/admin/audit?kind=&id=&limit=&token=`: a record's audit trail, newest first (the trail
 *   every detail page shows); without `kind` and `id`, the whole trail.
 */
import type { Request, Router } from 'express';
import { auditLog, auditTrail, withActorNames } from '../../services/admin/audit';
import { BadPageToken } from '../../services/admin/paging';
import { ApiError } from '../errors';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryString } from './list-query';

export function auditRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/audit', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['at'] as const, { dir: 'desc' });
    const kind = queryString(req, 'kind', 40);
    const id = queryString(req, 'id', 200);
    if ((kind === undefined) !== (id === undefined)) {
      throw new ApiError(400, 'validation', 'kind and id go together.', {
        fields: { [kind === undefined ? 'kind' : 'id']: 'required' },
      });
    }
    const page = await withPageToken(() =>
      kind && id ? auditTrail(store, { kind, id }, { limit, token }) : auditLog(store, { limit, token }),
    );
    res.json(await withActorNames(store, page));
  });
}

/** Runs a paged read, answering a forged or stale page token with a 400 instead of a 500. */
export async function withPageToken<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BadPageToken) {
      throw new ApiError(400, 'validation', error.message, { fields: { token: 'value_invalid' } });
    }
    throw error;
  }
}
