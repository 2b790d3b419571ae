/**
 * - `GET /api/admin/countries`: the supported countries, in order, each with the services it is
 *   enabled for: `{ countries: [{ code, lawyerCall, expatCall }] }`.
 * - `PUT /api/admin/countries/:code` `{ lawyerCall, expatCall }`: adds the country (201) or changes
 *   its services (200); 400 `validation` for an unknown code or a missing switch; audited.
 * - `DELETE /api/admin/countries/:code`: removes it from the list (204); 404 when it is not listed;
 *   audited.
 */
import type { Request, Router } from 'express';
import {
  CountryInvalid,
  CountryNotListed,
  listCountries,
  putCountry,
  removeCountry,
} from '../../services/admin/countries';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import type { AdminContext, AdminResponse } from './index';

export function countriesRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/countries', async (_req: Request, res: AdminResponse) => {
    res.json(await listCountries(store));
  });

  router.put('/admin/countries/:code', jsonBody('1kb'), async (req: Request, res: AdminResponse) => {
    try {
      const { country, created } = await putCountry(store, {
        code: String(req.params.code),
        input: req.body,
        by: res.locals.adminUid,
      });
      res.status(created ? 201 : 200).json({ country });
    } catch (error) {
      if (!(error instanceof CountryInvalid)) throw error;
      throw new ApiError(400, 'validation', 'This country setting is not valid.', { fields: error.fields });
    }
  });

  router.delete('/admin/countries/:code', async (req: Request, res: AdminResponse) => {
    try {
      await removeCountry(store, { code: String(req.params.code), by: res.locals.adminUid });
      res.status(204).end();
    } catch (error) {
      if (!(error instanceof CountryNotListed)) throw error;
      throw new ApiError(404, 'not_found', 'This country is not in the list.');
    }
  });
}
