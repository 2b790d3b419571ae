/**
 * `POST /api/availability` `{ online }`: a lawyer or expat goes online (available) or offline
 * (unavailable). The user record and the public profile change together (see `setAvailability`).
 * 401 signed out, 403 for other roles (the control is theirs only), 409 `profile_not_approved`
 * before approval, 400 for a body without a boolean `online`, 503 `status_sync_failed` when the
 * user record changed but the public profile did not follow; anything else is an update failure.
 */
import express from 'express';
import type { Router } from 'express';
import { isProviderRole } from '../../src/domain/mine';
import { AvailabilityRefused, setAvailability, StatusSyncFailed } from '../services/profile';
import { readSession, sessionToken } from '../services/sessions';
import type { Store } from '../store/store';
import { ApiError } from './errors';
import { jsonBody } from './json-body';
import { logError } from '../log';

export function availabilityRouter(store: Store): Router {
  const router = express.Router();
  router.post('/availability', jsonBody('1kb'), async (req, res) => {
    const state = await readSession(store, sessionToken(req));
    if (state.kind === 'banned') throw new ApiError(403, 'account_suspended', 'This account is suspended.');
    if (state.kind === 'none') throw new ApiError(401, 'not_signed_in', 'Sign in first.');
    if (!isProviderRole(state.account.role)) {
      throw new ApiError(403, 'forbidden', 'Only lawyers and expats have an availability.');
    }
    const online = (req.body as { online?: unknown } | undefined)?.online;
    if (typeof online !== 'boolean') {
      throw new ApiError(400, 'validation', 'online must be true or false.', {
        fields: { online: 'value_invalid' },
      });
    }
    try {
      const profile = await setAvailability(store, state.account.uid, online);
      res.json({
        isOnline: profile.isOnline,
        availability: profile.availability,
        lastStatusChange: profile.lastStatusChange,
      });
    } catch (error) {
      if (error instanceof AvailabilityRefused && error.reason === 'profile_not_approved') {
        throw new ApiError(409, 'profile_not_approved', 'The profile is not approved yet.');
      }
      if (error instanceof AvailabilityRefused && error.reason === 'not_provider') {
        throw new ApiError(403, 'forbidden', 'Only lawyers and expats have an availability.');
      }
      if (error instanceof StatusSyncFailed) {
        logError('[availability] public profile not updated:', error.cause);
        throw new ApiError(
          503,
          'status_sync_failed',
          'The availability was saved but the directory did not follow.',
        );
      }
      logError('[availability] update failed:', error);
      throw new ApiError(500, 'update_failed', 'The availability could not be updated.');
    }
  });
  return router;
}
