/**
 * Demo mode only (mounted by app.ts then; 404 otherwise): a client opens the stand-in of a demo
 * expert they booked, to read and answer as that expert, and comes back
 * (server/services/demo-stand-ins.ts).
 *
 * - `POST /api/demo/stand-ins/:orderId/open` → 200 `{ user }`, the stand-in; 404 `not_found` for an
 *   order that is not the caller's or has no stand-in; 409 `stand_in_open` when one is open already.
 * - `POST /api/demo/stand-ins/return` → 200 `{ user }`, the client again; 409 `no_stand_in` when the
 *   session shows none.
 */
import express from 'express';
import type { Request, Response, Router } from 'express';
import { sessionUserView } from '../services/accounts';
import { leaveStandIn, openStandIn, StandInRefused } from '../services/demo-stand-ins';
import { readSession, sessionToken } from '../services/sessions';
import type { SessionState } from '../services/sessions';
import type { Store } from '../store/store';
import { ApiError } from './errors';

export function demoStandInsRouter(store: Store): Router {
  const router = express.Router();

  async function signedIn(req: Request, res: Response) {
    // The API's rate limiter has usually read the session already.
    const state =
      (res.locals.session as SessionState | undefined) ?? (await readSession(store, sessionToken(req)));
    if (state.kind === 'banned') throw new ApiError(403, 'account_suspended', 'This account is suspended.');
    if (state.kind === 'none') throw new ApiError(401, 'not_signed_in', 'Sign in first.');
    return state;
  }

  router.post('/demo/stand-ins/return', async (req, res) => {
    const state = await signedIn(req, res);
    if (!state.actor) throw new ApiError(409, 'no_stand_in', 'This session shows no demo expert.');
    await leaveStandIn(store, state.sessionId);
    res.json({ user: sessionUserView(state.actor) });
  });

  router.post('/demo/stand-ins/:orderId/open', async (req, res) => {
    const state = await signedIn(req, res);
    if (state.actor) throw new ApiError(409, 'stand_in_open', 'Come back to your own account first.');
    try {
      const standIn = await openStandIn(store, state.account, state.sessionId, String(req.params.orderId));
      res.json({ user: sessionUserView(standIn) });
    } catch (error) {
      if (error instanceof StandInRefused) throw new ApiError(404, 'not_found', 'No such order.');
      throw error;
    }
  });

  return router;
}
