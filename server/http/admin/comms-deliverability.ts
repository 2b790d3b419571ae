/**
 * Deliverability and A/B tests of mail campaigns (admin screens `comms/deliverability`, a campaign's
 * page), see services/comms/mail-events.ts and ab-test.ts:
 * - `GET /api/admin/comms/deliverability`: `{ figures }` of every campaign mail over the last 30 days.
 * - `GET /api/admin/comms/deliverability/events?q=&limit=&token=`: bounces, complaints and failures,
 *   newest first (`q`: addresses starting so).
 * - `GET /api/admin/comms/campaigns/:id/deliverability`: `{ figures }` of one campaign.
 * - `GET /api/admin/comms/campaigns/:id/ab`: `{ results }` of its A/B test; 404 `not_ab` without one.
 * - `POST /api/admin/comms/campaigns/:id/ab/winner` `{ variant: 'a' | 'b' }`: the winner chosen early,
 *   mailed to the rest at once: `{ campaign }`; 409 `ab_closed` when chosen already or not sending.
 * Bad input is a 400 `validation` with a code per field; the choice is audited (service).
 */
import type { Request, Router } from 'express';
import { AB_VARIANTS } from '../../../src/domain/comms-ab';
import type { AbVariant } from '../../../src/domain/comms-ab';
import { suppressionSearch } from '../../../src/domain/comms-campaigns';
import { abResults, AbNotOpen, chooseWinner } from '../../services/comms/ab-test';
import { campaignSender } from '../../services/comms/campaign-sender';
import { CampaignNotFound, getCampaign } from '../../services/comms/campaigns';
import {
  campaignDeliverability,
  listMailEvents,
  recentDeliverability,
} from '../../services/comms/mail-events';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import { objectBody } from './comms';
import type { AdminContext, AdminResponse } from './index';
import { listQuery } from './list-query';

const WINNER_BODY_LIMIT = '1kb';

const attempt = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CampaignNotFound) throw new ApiError(404, 'not_found', 'No such campaign.');
    if (error instanceof AbNotOpen) {
      throw new ApiError(409, 'ab_closed', 'This A/B test has its winner already, or is not sending.');
    }
    throw error;
  }
};

function variantOf(body: Record<string, unknown>): AbVariant {
  const fields: Record<string, string> = {};
  for (const key of Object.keys(body)) if (key !== 'variant') fields[key] = 'unknown_field';
  if (body.variant === undefined) fields.variant = 'required';
  else if (!(AB_VARIANTS as readonly unknown[]).includes(body.variant)) fields.variant = 'value_invalid';
  if (Object.keys(fields).length)
    throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields });
  return body.variant as AbVariant;
}

export function commsDeliverabilityRoutes(router: Router, { store, config }: AdminContext): void {
  router.get('/admin/comms/deliverability', async (_req: Request, res: AdminResponse) => {
    res.json({ figures: await recentDeliverability(store) });
  });

  router.get('/admin/comms/deliverability/events', async (req: Request, res: AdminResponse) => {
    const { limit, token, q } = listQuery(req, ['at'] as const, { dir: 'desc' });
    const search = suppressionSearch(q);
    res.json(await withPageToken(() => listMailEvents(store, { search, limit, token })));
  });

  router.get('/admin/comms/campaigns/:id/deliverability', async (req: Request, res: AdminResponse) => {
    const campaign = await attempt(() => getCampaign(store, String(req.params.id)));
    res.json({ figures: await campaignDeliverability(store, campaign) });
  });

  router.get('/admin/comms/campaigns/:id/ab', async (req: Request, res: AdminResponse) => {
    const campaign = await attempt(() => getCampaign(store, String(req.params.id)));
    if (!campaign.ab) throw new ApiError(404, 'not_ab', 'This campaign is not an A/B test.');
    res.json({ results: await abResults(store, campaign.id, campaign.ab.measure) });
  });

  router.post(
    '/admin/comms/campaigns/:id/ab/winner',
    jsonBody(WINNER_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const variant = variantOf(objectBody(req));
      const id = String(req.params.id);
      const campaign = await attempt(() => chooseWinner(store, { id, variant, by: res.locals.adminUid }));
      campaignSender(store, config).kick(campaign.id);
      res.json({ campaign });
    },
  );
}
