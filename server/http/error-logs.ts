import { randomUUID } from 'node:crypto';
import express from 'express';
import type { Router } from 'express';
import { sanitizeForLog } from '../../src/domain/error-log';
import { ApiError } from './errors';
import { isConflict } from '../store/store';
import type { Store } from '../store/store';
import { jsonBody } from './json-body';

const ORIGINS = new Set(['boundary', 'error', 'unhandledrejection', 'resource']);

/**
 * `POST /api/logs/errors`: errors seen in browsers, sanitised again here, stored in `logs` with type
 * `error_log`. Idempotent on the browser's eventId, so its retries never duplicate an entry.
 */
export function errorLogsRouter(store: Store): Router {
  const router = express.Router();
  router.post('/logs/errors', jsonBody('64kb'), async (req, res) => {
    const body = req.body as Record<string, unknown> | undefined;
    const eventId =
      typeof body?.eventId === 'string' && /^[\w-]{8,64}$/.test(body.eventId) ? body.eventId : undefined;
    if (!body || !eventId || typeof body.origin !== 'string' || !ORIGINS.has(body.origin)) {
      throw new ApiError(400, 'invalid_error_log', 'An error log needs an eventId and a known origin.');
    }
    const clean = sanitizeForLog({
      origin: body.origin,
      error: body.error,
      name: body.name,
      context: body.context,
      timestamp: body.timestamp,
      userAgent: body.userAgent,
      url: body.url,
    }) as Record<string, unknown>;
    try {
      await store.db('logs').insert({
        _id: `error_log:${eventId}`,
        type: 'error_log',
        eventId,
        ...clean,
        receivedAt: new Date().toISOString(),
        requestId: randomUUID(),
      });
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
    res.status(201).json({ ok: true, eventId });
  });
  return router;
}
