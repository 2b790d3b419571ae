/**
 * The test profiles screen (admin "aaaprofiles"), see services/admin/test-profiles.ts:
 * - `GET /api/admin/test-profiles?limit=&token=`: newest first, `{ items, next? }`.
 * - `POST /api/admin/test-profiles` `{ role, firstName, lastName, country, languages, specialties?,
 *   bio?, online? }`: 201 with the new profile's line; 400 `validation` with a code per field.
 * - `DELETE /api/admin/test-profiles/:uid`: removes it and everything of it; 404 `not_found`, 409
 *   `not_test_profile` for any other account.
 */
import type { Request, Router } from 'express';
import { parseTestProfile } from '../../../src/domain/test-profile';
import { createTestProfile, removeTestProfile, TestProfileRefused } from '../../services/admin/test-profiles';
import { listTestProfiles } from '../../services/admin/users';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery } from './list-query';

export function testProfileRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/test-profiles', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['created'] as const, { dir: 'desc' });
    res.json(await withPageToken(() => listTestProfiles(store, { limit, token })));
  });

  router.post('/admin/test-profiles', jsonBody('4kb'), async (req: Request, res: AdminResponse) => {
    const parsed = parseTestProfile(req.body);
    if (parsed.problems) {
      throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields: parsed.problems });
    }
    res.status(201).json(await createTestProfile(store, parsed.value, res.locals.adminUid));
  });

  router.delete('/admin/test-profiles/:uid', async (req: Request, res: AdminResponse) => {
    const uid = String(req.params.uid);
    try {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) throw new TestProfileRefused('not_found');
      await removeTestProfile(store, uid, res.locals.adminUid);
    } catch (error) {
      if (!(error instanceof TestProfileRefused)) throw error;
      if (error.reason === 'not_found') throw new ApiError(404, 'not_found', 'No such test profile.');
      throw new ApiError(409, 'not_test_profile', 'Only test profiles are removed here.');
    }
    res.status(204).end();
  });
}
