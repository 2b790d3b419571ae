/**
 * Automations (admin screen `comms/automations`), see services/comms/automations.ts:
 * - `GET /api/admin/comms/automations?limit=&token=`: automations, newest first, each with its
 *   figures (`counts`: sent, failed, suppressed, queued; `lastRunAt`).
 * - `POST /api/admin/comms/automations` `{ name, trigger, delay: { value, unit }, channel, texts,
 *   enabled? }`: 201 `{ automation }`.
 * - `GET /api/admin/comms/automations/:id`: `{ automation }` with its figures.
 * - `PUT /api/admin/comms/automations/:id` `{ name, trigger, delay, channel, texts, rev }`:
 *   `{ automation }`; 409 `automation_changed` when `rev` is not the current revision.
 * - `POST /api/admin/comms/automations/:id/enable` and `…/disable`: `{ automation }`.
 * - `GET /api/admin/comms/automations/:id/sends?state=&limit=&token=`: its latest sends, newest first.
 * Bad input is a 400 `validation` with a code per field; every change is audited (services).
 */
import type { Request, Router } from 'express';
import { AUTOMATION_SEND_STATES } from '../../../src/domain/comms-automations';
import type { AutomationSendState } from '../../../src/domain/comms-automations';
import {
  AutomationChanged,
  AutomationInvalid,
  AutomationNotFound,
  createAutomation,
  getAutomation,
  listAutomations,
  listAutomationSends,
  setAutomationEnabled,
  updateAutomation,
} from '../../services/comms/automations';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import { objectBody } from './comms';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice } from './list-query';
import { refusingWith } from './refusals';

/** Mail texts are at most 5 × 10,150 characters, up to 4 bytes each in UTF-8, as campaigns'. */
const AUTOMATION_BODY_LIMIT = '256kb';

function refusal(error: unknown): never {
  if (error instanceof AutomationInvalid) {
    throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields: error.fields });
  }
  if (error instanceof AutomationNotFound) throw new ApiError(404, 'not_found', 'No such automation.');
  if (error instanceof AutomationChanged) {
    throw new ApiError(
      409,
      'automation_changed',
      'Another admin changed this automation meanwhile; reload it.',
    );
  }
  throw error;
}

const attempt = refusingWith(refusal);

export function commsAutomationRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/comms/automations', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['created'] as const, { dir: 'desc' });
    res.json(await withPageToken(() => listAutomations(store, { limit, token })));
  });

  router.post(
    '/admin/comms/automations',
    jsonBody(AUTOMATION_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const input = objectBody(req);
      const automation = await attempt(() => createAutomation(store, { input, by: res.locals.adminUid }));
      res.status(201).json({ automation });
    },
  );

  router.get('/admin/comms/automations/:id', async (req: Request, res: AdminResponse) => {
    res.json({ automation: await attempt(() => getAutomation(store, String(req.params.id))) });
  });

  router.put(
    '/admin/comms/automations/:id',
    jsonBody(AUTOMATION_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const input = objectBody(req);
      const id = String(req.params.id);
      const automation = await attempt(() => updateAutomation(store, { id, input, by: res.locals.adminUid }));
      res.json({ automation });
    },
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(`/admin/comms/automations/:id/${action}`, async (req: Request, res: AdminResponse) => {
      const id = String(req.params.id);
      const automation = await attempt(() =>
        setAutomationEnabled(store, { id, enabled, by: res.locals.adminUid }),
      );
      res.json({ automation });
    });
  }

  router.get('/admin/comms/automations/:id/sends', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['created'] as const, { dir: 'desc' });
    const state = queryChoice<AutomationSendState>(req, 'state', AUTOMATION_SEND_STATES);
    const id = String(req.params.id);
    res.json(
      await attempt(() => withPageToken(() => listAutomationSends(store, id, { state, limit, token }))),
    );
  });
}
