import express from 'express';
import type { Router } from 'express';
import { adapterModes } from '../config/env';
import type { Config } from '../config/env';
import { storeHealth } from '../store/store';
import type { Store } from '../store/store';
import type { LiveChanges } from './live-changes';

/**
 * `GET /api/health`: 200 when the store answers, 503 otherwise, with the mode of each adapter and
 * the number of live change feeds held (browsers waiting for changes).
 */
export function healthRouter(store: Store, config: Config, live?: LiveChanges): Router {
  const router = express.Router();
  router.get('/health', async (_req, res) => {
    const storeState = await storeHealth(store);
    res.setHeader('Cache-Control', 'no-store');
    res.status(storeState.ok ? 200 : 503).json({
      status: storeState.ok ? 'ok' : 'degraded',
      store: storeState,
      adapters: adapterModes(config),
      ...(live ? { liveFeeds: live.held() } : {}),
    });
  });
  return router;
}
