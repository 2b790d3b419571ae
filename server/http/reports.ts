import express from 'express';
import type { Router } from 'express';
import { reportProblem } from '../../src/domain/report';
import type { ProviderReport } from '../../src/domain/report';
import { getOrUndefined, isConflict } from '../store/store';
import type { Store } from '../store/store';
import { ApiError } from './errors';
import { jsonBody } from './json-body';

/**
 * `POST /api/reports`: a visitor reports a provider profile, for the admin console. Idempotent on the
 * report's id (the browser's outbox may send it twice after a lost answer).
 */
export function reportsRouter(store: Store): Router {
  const router = express.Router();
  router.post('/reports', jsonBody('16kb'), async (req, res) => {
    const report = (req.body ?? {}) as Partial<ProviderReport>;
    const problem = reportProblem(report);
    if (problem) throw new ApiError(400, problem, 'The report is not valid.');
    if (!(await getOrUndefined(store.db('providers'), report.providerId!))) {
      throw new ApiError(404, 'provider_not_found', 'No such provider.');
    }
    try {
      await store.db('admin').insert({
        _id: `report:${report.id}`,
        type: 'provider_report',
        providerId: report.providerId,
        reason: report.reason,
        details: (report.details ?? '').trim(),
        status: 'open',
        createdAt: new Date().toISOString(),
      });
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
    res.status(201).json({ ok: true, id: report.id });
  });
  return router;
}
