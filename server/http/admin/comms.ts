/**
 * Communications (admin screens `comms/segments` and `comms/notifications`), see services/comms/:
 * - `GET /api/admin/comms/segments?limit=&token=`: saved segments by name, `{ items, next? }`.
 * - `POST /api/admin/comms/segments` `{ name, rules }`: 201 `{ segment }` (with its `id` and `rev`).
 * - `GET /api/admin/comms/segments/:id`: `{ segment }`.
 * - `PUT /api/admin/comms/segments/:id` `{ name, rules, rev? }`: `{ segment }`; 409 `segment_changed`
 *   when `rev` is not the current revision (another admin changed it meanwhile).
 * - `DELETE /api/admin/comms/segments/:id?rev=`: `{ deleted: true }`; 409 `segment_changed` as above.
 * - `POST /api/admin/comms/segments/count` `{ rules }`: the live count of unsaved rules,
 *   `{ count, sample }` (the first few users, as the users list shows them).
 * - `POST /api/admin/comms/notifications` `{ target: { kind: 'user', uid } | { kind: 'segment',
 *   segmentId }, texts: { fr: { title, body }, en?, es?, ru?, de? }, scheduledAt? }`: 202
 *   `{ broadcast }`, sent in the background (at `scheduledAt` when given); 404 `segment_not_found` /
 *   `recipient_not_found`, 409 `recipient_unreachable`.
 * - `GET /api/admin/comms/notifications?limit=&token=`: broadcasts, newest first.
 * - `GET /api/admin/comms/notifications/:id`: `{ broadcast }` with its state and counts.
 * - `GET /api/admin/comms/notifications/:id/recipients?state=queued|sent|failed&limit=&token=`.
 * - `POST /api/admin/comms/notifications/:id/cancel`: `{ broadcast }`; 409 `broadcast_not_scheduled`
 *   once it started, ended or was cancelled.
 * Bad input is a 400 `validation` with a code per field (`required`, `too_long`, `value_invalid`,
 * `unknown_field`, `empty_range`, and for a schedule `in_past`, `too_far`); every change is audited
 * (services).
 */
import type { Request, Router } from 'express';
import type { DeliveryState } from '../../services/comms/records';
import {
  BroadcastNotFound,
  BroadcastNotScheduled,
  cancelBroadcast,
  createBroadcast,
  getBroadcast,
  listBroadcasts,
  listDeliveries,
  RecipientRefused,
} from '../../services/comms/broadcasts';
import { broadcastSender } from '../../services/comms/sender';
import {
  CommsInvalid,
  countSegment,
  createSegment,
  deleteSegment,
  getSegment,
  listSegments,
  SegmentChanged,
  SegmentNotFound,
  updateSegment,
} from '../../services/comms/segments';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryString } from './list-query';

/** Rules name at most a few hundred countries; texts are at most 5 × 1,120 characters. */
const SEGMENT_BODY_LIMIT = '8kb';
const NOTIFICATION_BODY_LIMIT = '32kb';

function refusal(error: unknown, notFound = 'segment_not_found'): never {
  if (error instanceof CommsInvalid) {
    throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields: error.fields });
  }
  if (error instanceof SegmentNotFound) throw new ApiError(404, notFound, 'No such segment.');
  if (error instanceof SegmentChanged) {
    throw new ApiError(409, 'segment_changed', 'Another admin changed this segment meanwhile; reload it.');
  }
  if (error instanceof BroadcastNotFound) throw new ApiError(404, 'not_found', 'No such notification.');
  if (error instanceof BroadcastNotScheduled) {
    throw new ApiError(
      409,
      'broadcast_not_scheduled',
      'This notification is no longer scheduled: it started, ended or was cancelled.',
    );
  }
  if (error instanceof RecipientRefused) {
    throw error.reason === 'recipient_not_found'
      ? new ApiError(404, error.reason, 'No such user.')
      : new ApiError(
          409,
          error.reason,
          'This user cannot receive notifications (banned, deactivated or an admin).',
        );
  }
  throw error;
}

const attempt = async <T>(work: () => Promise<T>, notFound?: string): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    return refusal(error, notFound);
  }
};

/** A body must be a JSON object (an empty or missing body is refused too). */
export function objectBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'validation', 'The body must be a JSON object.', {
      fields: { body: 'value_invalid' },
    });
  }
  return body as Record<string, unknown>;
}

export function commsRoutes(router: Router, { store, config }: AdminContext): void {
  const sender = () => broadcastSender(store, { batchPauseMs: config.comms.batchPauseMs });

  router.get('/admin/comms/segments', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['name'] as const);
    res.json(await withPageToken(() => listSegments(store, { limit, token })));
  });

  // Before `/:id`, which would otherwise take `count` for an id.
  router.post(
    '/admin/comms/segments/count',
    jsonBody(SEGMENT_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const body = objectBody(req);
      const unknown = Object.keys(body).find((key) => key !== 'rules');
      if (unknown)
        throw new ApiError(400, 'validation', 'Only rules are counted.', {
          fields: { [unknown]: 'unknown_field' },
        });
      res.json(await attempt(() => countSegment(store, body.rules)));
    },
  );

  router.post(
    '/admin/comms/segments',
    jsonBody(SEGMENT_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const segment = await attempt(() =>
        createSegment(store, { input: objectBody(req), by: res.locals.adminUid }),
      );
      res.status(201).json({ segment });
    },
  );

  router.get('/admin/comms/segments/:id', async (req: Request, res: AdminResponse) => {
    res.json({ segment: await attempt(() => getSegment(store, String(req.params.id))) });
  });

  router.put(
    '/admin/comms/segments/:id',
    jsonBody(SEGMENT_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const input = objectBody(req);
      const segment = await attempt(() =>
        updateSegment(store, { id: String(req.params.id), input, by: res.locals.adminUid }),
      );
      res.json({ segment });
    },
  );

  router.delete('/admin/comms/segments/:id', async (req: Request, res: AdminResponse) => {
    const rev = queryString(req, 'rev', 100);
    await attempt(() => deleteSegment(store, { id: String(req.params.id), rev, by: res.locals.adminUid }));
    res.json({ deleted: true });
  });

  router.post(
    '/admin/comms/notifications',
    jsonBody(NOTIFICATION_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const input = objectBody(req);
      const broadcast = await attempt(() => createBroadcast(store, { input, by: res.locals.adminUid }));
      sender().kick(broadcast.id);
      res.status(202).json({ broadcast });
    },
  );

  router.get('/admin/comms/notifications', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['created'] as const, { dir: 'desc' });
    res.json(await withPageToken(() => listBroadcasts(store, { limit, token })));
  });

  router.get('/admin/comms/notifications/:id', async (req: Request, res: AdminResponse) => {
    res.json({ broadcast: await attempt(() => getBroadcast(store, String(req.params.id))) });
  });

  router.get('/admin/comms/notifications/:id/recipients', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['uid'] as const);
    const state = queryChoice<DeliveryState>(req, 'state', ['queued', 'sent', 'failed']);
    const page = await attempt(() =>
      withPageToken(() => listDeliveries(store, String(req.params.id), { state, limit, token })),
    );
    res.json(page);
  });

  router.post('/admin/comms/notifications/:id/cancel', async (req: Request, res: AdminResponse) => {
    const id = String(req.params.id);
    const broadcast = await attempt(() => cancelBroadcast(store, { id, by: res.locals.adminUid }));
    res.json({ broadcast });
  });
}
