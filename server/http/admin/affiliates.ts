/**
 * Affiliates (admin screens `affiliates`, `affiliates/commissions`; their payouts are the payout
 * routes' with `payee=affiliate`):
 * - `GET /api/admin/affiliates?q=&active=&limit=&token=` · `POST /api/admin/affiliates` (201; 409
 *   `code_taken`) · `GET|PUT /api/admin/affiliates/:id` (the id is the referral code, fixed once made);
 * - `GET /api/admin/affiliates/:id/referrals?limit=&token=`: the clients it brought, newest first;
 * - `GET /api/admin/affiliates/commissions?affiliate=&from=&to=&limit=&token=`: commissions earned
 *   and taken back, newest first.
 * Bad input is a 400 `validation` with a code per field; every change is audited once.
 */
import type { Request, Router } from 'express';
import { AFFILIATE_ID_PATTERN } from '../../../src/domain/affiliates';
import {
  AffiliateCodeTaken,
  AffiliateInvalid,
  AffiliateNotFound,
  createAffiliate,
  getAffiliate,
  listAffiliates,
  updateAffiliate,
} from '../../services/affiliates/accounts';
import { listCommissions } from '../../services/affiliates/commissions';
import { listReferrals } from '../../services/affiliates/referrals';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryBoolean, queryInstant, queryString } from './list-query';
import { refusingWith } from './refusals';

const NO_SORT = ['default'] as const;

function refusal(error: unknown): never {
  if (error instanceof AffiliateInvalid) {
    throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields: error.fields });
  }
  if (error instanceof AffiliateCodeTaken) {
    throw new ApiError(409, 'code_taken', 'This referral code is taken.', { fields: { code: 'code_taken' } });
  }
  if (error instanceof AffiliateNotFound) throw new ApiError(404, 'not_found', 'No such affiliate.');
  throw error;
}

const attempt = refusingWith(refusal);

function affiliateId(value: unknown): string {
  const id = String(value);
  if (!AFFILIATE_ID_PATTERN.test(id)) throw new ApiError(404, 'not_found', 'No such affiliate.');
  return id;
}

export function affiliateRoutes(router: Router, { store, config }: AdminContext): void {
  const json = jsonBody('4kb');
  const publicUrl = config.publicUrl;

  router.get('/admin/affiliates', async (req: Request, res: AdminResponse) => {
    const { limit, token, q } = listQuery(req, NO_SORT);
    const active = queryBoolean(req, 'active');
    res.json(await withPageToken(() => listAffiliates(store, publicUrl, { q, active, limit, token })));
  });

  router.post('/admin/affiliates', json, async (req: Request, res: AdminResponse) => {
    const affiliate = await attempt(() =>
      createAffiliate(store, publicUrl, { input: req.body, by: res.locals.adminUid }),
    );
    res.status(201).json({ affiliate });
  });

  router.get('/admin/affiliates/commissions', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, NO_SORT);
    const raw = queryString(req, 'affiliate', 40);
    if (raw !== undefined && !AFFILIATE_ID_PATTERN.test(raw)) {
      throw new ApiError(400, 'validation', 'The affiliate is not valid.', {
        fields: { affiliate: 'value_invalid' },
      });
    }
    const query = {
      ...(raw ? { affiliateId: raw } : {}),
      from: queryInstant(req, 'from', 'start'),
      to: queryInstant(req, 'to', 'end'),
      limit,
      token,
    };
    res.json(await withPageToken(() => listCommissions(store, query)));
  });

  router.get('/admin/affiliates/:id', async (req: Request, res: AdminResponse) => {
    const id = affiliateId(req.params.id);
    res.json({ affiliate: await attempt(() => getAffiliate(store, publicUrl, id)) });
  });

  router.put('/admin/affiliates/:id', json, async (req: Request, res: AdminResponse) => {
    const id = affiliateId(req.params.id);
    const affiliate = await attempt(() =>
      updateAffiliate(store, publicUrl, { id, input: req.body, by: res.locals.adminUid }),
    );
    res.json({ affiliate });
  });

  router.get('/admin/affiliates/:id/referrals', async (req: Request, res: AdminResponse) => {
    const id = affiliateId(req.params.id);
    const { limit, token } = listQuery(req, NO_SORT);
    res.json(await withPageToken(() => listReferrals(store, { affiliateId: id, limit, token })));
  });
}
