/**
 * - `GET /api/admin/dashboard?tz=`: the dashboard's figures (services/admin/dashboard.ts), "today"
 *   and "this month" in the time zone `tz` (IANA, UTC when absent; 400 when unknown), with the
 *   version of the `dashboard` topic to wait on.
 * - `GET /api/admin/live/:topic?after=&timeout=`: answers `{ version }` as soon as what the topic's
 *   screens show has changed since `after` (a version a read gave), or after `timeout` ms (at most
 *   30 s) with the same version: the console's live refresh, one store feed for every admin.
 */
import type { Request, Router } from 'express';
import { dashboardFigures, isTimeZone } from '../../services/admin/dashboard';
import { ADMIN_TOPICS, LIVE_WAIT_MAX_MS, adminLiveOf } from '../../services/admin/live';
import type { AdminTopic } from '../../services/admin/live';
import { ApiError } from '../errors';
import type { AdminContext, AdminResponse } from './index';
import { queryString } from './list-query';

function invalid(field: string): never {
  throw new ApiError(400, 'validation', `The parameter ${field} is not valid.`, {
    fields: { [field]: 'value_invalid' },
  });
}

export function dashboardRoutes(router: Router, { store }: AdminContext): void {
  const live = adminLiveOf(store);

  router.get('/admin/dashboard', async (req: Request, res: AdminResponse) => {
    const timeZone = queryString(req, 'tz', 64) ?? 'UTC';
    if (!isTimeZone(timeZone)) invalid('tz');
    const version = live.version('dashboard');
    res.json({ figures: await dashboardFigures(store, { timeZone }), version });
  });

  router.get('/admin/live/:topic', async (req: Request, res: AdminResponse) => {
    const topic = String(req.params.topic);
    if (!(ADMIN_TOPICS as readonly string[]).includes(topic)) {
      throw new ApiError(404, 'not_found', 'No such live topic.');
    }
    const after = queryString(req, 'after', 64);
    if (after === undefined) invalid('after');
    const rawTimeout = queryString(req, 'timeout', 6);
    const timeout = rawTimeout === undefined ? 25_000 : Number(rawTimeout);
    if (!Number.isInteger(timeout) || timeout < 0 || timeout > LIVE_WAIT_MAX_MS) invalid('timeout');
    const closed = new AbortController();
    res.on('close', () => closed.abort());
    const version = await live.waitForChange(topic as AdminTopic, after, timeout, closed.signal);
    if (!res.writableEnded && !closed.signal.aborted) res.json({ version });
  });
}
