/**
 * - `GET /api/admin/reviews?state=visible|hidden&provider=&q=&limit=&token=`: published reviews
 *   (or the hidden ones, most recently hidden first), filtered by provider and searched in the
 *   author's name and the text.
 * - `POST /api/admin/reviews/:id/moderation` `{ state: 'hidden' | 'visible', reason }`: hides or
 *   restores a review with a reason (required, at most 1000 characters); the provider's rating and
 *   review count follow, once. `{ review, changed }`; 404 for no such review.
 */
import type { Request, Router } from 'express';
import { adminReasonProblem } from '../../../src/domain/admin-reason';
import { REVIEW_ID_PATTERN, REVIEW_STATES } from '../../../src/domain/review-moderation';
import type { ReviewState } from '../../../src/domain/review-moderation';
import { listReviews, moderateReview, ReviewNotFound } from '../../services/admin/review-moderation';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryString } from './list-query';

function parseDecision(body: unknown): { state: ReviewState; reason: string } {
  const { state, reason } = (body ?? {}) as { state?: unknown; reason?: unknown };
  const fields: Record<string, string> = {};
  if (typeof state !== 'string' || !(REVIEW_STATES as readonly string[]).includes(state)) {
    fields.state = state === undefined ? 'required' : 'value_invalid';
  }
  const problem = adminReasonProblem(reason);
  if (problem) fields.reason = problem;
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, 'validation', 'The moderation decision is not valid.', { fields });
  }
  return { state: state as ReviewState, reason: reason as string };
}

export function reviewRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/reviews', async (req: Request, res: AdminResponse) => {
    const { limit, token, q } = listQuery(req, ['id'] as const);
    const state = queryChoice(req, 'state', REVIEW_STATES) ?? 'visible';
    const providerId = queryString(req, 'provider', 64);
    res.json(await withPageToken(() => listReviews(store, { state, providerId, q, limit, token })));
  });

  router.post('/admin/reviews/:id/moderation', jsonBody('8kb'), async (req: Request, res: AdminResponse) => {
    const reviewId = String(req.params.id);
    if (!REVIEW_ID_PATTERN.test(reviewId)) throw new ApiError(404, 'not_found', 'No such review.');
    const decision = parseDecision(req.body);
    try {
      res.json(await moderateReview(store, { reviewId, ...decision, by: res.locals.adminUid }));
    } catch (error) {
      if (error instanceof ReviewNotFound) throw new ApiError(404, 'not_found', 'No such review.');
      throw error;
    }
  });
}
