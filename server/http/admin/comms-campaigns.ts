/**
 * Mail campaigns and the suppression list (admin screens `comms/campaigns`, `comms/suppression`),
 * see services/comms/campaigns.ts and suppression.ts:
 * - `POST /api/admin/comms/campaigns` `{ segmentId, texts: { fr: { subject, body }, en?, … },
 *   scheduledAt? }`: 202 `{ campaign }`, mailed in the background (at `scheduledAt` when given);
 *   404 `segment_not_found`.
 * - `GET /api/admin/comms/campaigns?limit=&token=`: campaigns, newest first.
 * - `GET /api/admin/comms/campaigns/:id`: `{ campaign }` with its state and counts.
 * - `GET /api/admin/comms/campaigns/:id/recipients?state=queued|sending|sent|failed|suppressed&…`.
 * - `POST /api/admin/comms/campaigns/:id/cancel`: `{ campaign }`; 409 `campaign_closed` when finished.
 * - `GET /api/admin/comms/suppression?q=&limit=&token=`: addresses by address (`q`: their start).
 * - `POST /api/admin/comms/suppression` `{ email, reason?: 'admin' | 'bounce', note? }`: 201
 *   `{ suppression }`; 409 `already_suppressed`.
 * - `DELETE /api/admin/comms/suppression/:email`: `{ deleted: true }`; 404 when not listed.
 * Bad input is a 400 `validation` with a code per field; every change is audited (services).
 */
import type { Request, Router } from 'express';
import { MAIL_DELIVERY_STATES, suppressionSearch } from '../../../src/domain/comms-campaigns';
import type { MailDeliveryState } from '../../../src/domain/comms-campaigns';
import { campaignSender } from '../../services/comms/campaign-sender';
import {
  cancelCampaign,
  CampaignClosed,
  CampaignInvalid,
  CampaignNotFound,
  createCampaign,
  getCampaign,
  listCampaignDeliveries,
  listCampaigns,
} from '../../services/comms/campaigns';
import { CommsInvalid, SegmentNotFound } from '../../services/comms/segments';
import {
  AlreadySuppressed,
  listSuppressions,
  removeSuppression,
  suppressAddress,
  SuppressionNotFound,
} from '../../services/comms/suppression';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import { objectBody } from './comms';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice } from './list-query';
import { refusingWith } from './refusals';

/** Subjects and bodies are at most 5 × 10,150 characters, up to 4 bytes each in UTF-8. */
const CAMPAIGN_BODY_LIMIT = '256kb';
const SUPPRESSION_BODY_LIMIT = '4kb';

function refusal(error: unknown): never {
  if (error instanceof CommsInvalid || error instanceof CampaignInvalid) {
    throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields: error.fields });
  }
  if (error instanceof SegmentNotFound) throw new ApiError(404, 'segment_not_found', 'No such segment.');
  if (error instanceof CampaignNotFound) throw new ApiError(404, 'not_found', 'No such campaign.');
  if (error instanceof CampaignClosed) {
    throw new ApiError(409, 'campaign_closed', 'This campaign is finished already.');
  }
  if (error instanceof AlreadySuppressed) {
    throw new ApiError(409, 'already_suppressed', 'This address is on the suppression list already.');
  }
  if (error instanceof SuppressionNotFound) {
    throw new ApiError(404, 'not_found', 'This address is not on the suppression list.');
  }
  throw error;
}

const attempt = refusingWith(refusal);

export function commsCampaignRoutes(router: Router, { store, config }: AdminContext): void {
  const sender = () => campaignSender(store, config);

  router.post(
    '/admin/comms/campaigns',
    jsonBody(CAMPAIGN_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const input = objectBody(req);
      const campaign = await attempt(() => createCampaign(store, { input, by: res.locals.adminUid }));
      sender().kick(campaign.id);
      res.status(202).json({ campaign });
    },
  );

  router.get('/admin/comms/campaigns', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['created'] as const, { dir: 'desc' });
    res.json(await withPageToken(() => listCampaigns(store, { limit, token })));
  });

  router.get('/admin/comms/campaigns/:id', async (req: Request, res: AdminResponse) => {
    res.json({ campaign: await attempt(() => getCampaign(store, String(req.params.id))) });
  });

  router.get('/admin/comms/campaigns/:id/recipients', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['uid'] as const);
    const state = queryChoice<MailDeliveryState>(req, 'state', MAIL_DELIVERY_STATES);
    const id = String(req.params.id);
    res.json(
      await attempt(() => withPageToken(() => listCampaignDeliveries(store, id, { state, limit, token }))),
    );
  });

  router.post('/admin/comms/campaigns/:id/cancel', async (req: Request, res: AdminResponse) => {
    const id = String(req.params.id);
    const campaign = await attempt(() => cancelCampaign(store, { id, by: res.locals.adminUid }));
    res.json({ campaign });
  });

  router.get('/admin/comms/suppression', async (req: Request, res: AdminResponse) => {
    const { limit, token, q } = listQuery(req, ['email'] as const);
    const search = suppressionSearch(q);
    res.json(await withPageToken(() => listSuppressions(store, { search, limit, token })));
  });

  router.post(
    '/admin/comms/suppression',
    jsonBody(SUPPRESSION_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const input = objectBody(req);
      const suppression = await attempt(() => suppressAddress(store, { input, by: res.locals.adminUid }));
      res.status(201).json({ suppression });
    },
  );

  router.delete('/admin/comms/suppression/:email', async (req: Request, res: AdminResponse) => {
    const email = String(req.params.email);
    if (email.length > 254) {
      throw new ApiError(400, 'validation', 'Not an address.', { fields: { email: 'value_invalid' } });
    }
    await attempt(() => removeSuppression(store, { email, by: res.locals.adminUid }));
    res.json({ deleted: true });
  });
}
