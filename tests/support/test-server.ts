/**
 * The real service for integration tests: the embedded store in a fresh temporary directory, the
 * start-up migration, optionally the demo data, and the Express app on a free port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp, createAppServices } from '../../server/app';
import type { AppServices } from '../../server/app';
import type { LimiterOptions } from '../../server/services/rate-limit';
import { readConfig } from '../../server/config/env';
import type { Config } from '../../server/config/env';
import { seedDemoData } from '../../server/seed/seed';
import { startEmbeddedStore } from '../../server/store/embedded';
import { connectStore } from '../../server/store/store';
import { migrate } from '../../server/store/migrate';
import type { Store } from '../../server/store/store';
import { testCouchdbUrl } from './store-selection';

export type TestServer = {
  url: string;
  store: Store;
  dataDir: string;
  config: Config;
  services: AppServices;
  close(): Promise<void>;
};

/**
 * The store of a test: the embedded store in `dataDir` (a fresh temporary directory by default), or,
 * when the suite runs on a real CouchDB (`TEST_STORE=couchdb`, see store-selection.ts), that
 * CouchDB, whose databases each test file starts without (tests/support/fresh-store.ts).
 */
export async function startTestStore(
  dataDir?: string,
  /** `embedded`: an embedded store whatever the selection (a restore's own target, say). */
  kind?: 'embedded',
): Promise<{ store: Store; dataDir: string }> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'sos-expat-test-')));
  const couchdb = kind === 'embedded' ? undefined : testCouchdbUrl();
  const store = couchdb ? connectStore(couchdb, 'couchdb') : await startEmbeddedStore(dir);
  return { store, dataDir: dir };
}

export async function startTestServer(
  options: {
    seed?: boolean;
    distDir?: string;
    /** More environment variables, given the server's own URL (for PUBLIC_URL). */
    env?: (url: string) => Record<string, string>;
    /** Other payment and consultation services than the configuration's (SDKs pointed at local fakes). */
    services?: (config: Config, store: Store) => AppServices;
    /** The interface to listen on (loopback by default; `0.0.0.0` to be reached from another address). */
    host?: string;
    /** Smaller rate limits and the limiters' clock, so that a test reaches a limit or a delay's end quickly. */
    limits?: LimiterOptions;
    /** An existing data directory (a restored one, say) instead of a fresh one; removed on close. */
    dataDir?: string;
    /** `embedded`: on an embedded store whatever the suite's selection (a restored directory's). */
    storeKind?: 'embedded';
  } = {},
): Promise<TestServer> {
  const { store, dataDir } = await startTestStore(options.dataDir, options.storeKind);
  await migrate(store);
  if (options.seed) await seedDemoData(store, new Date());
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const { config } = readConfig({ DATA_DIR: dataDir, ...options.env?.(url) });
  const services = (options.services ?? createAppServices)(config, store);
  const app = createApp({
    config,
    store,
    distDir: options.distDir ?? path.join(dataDir, 'no-dist'),
    services,
    limits: options.limits,
  });
  server.on('request', app);
  return {
    url,
    store,
    dataDir,
    config,
    services,
    async close() {
      services.consultations.stop();
      await services.consultations.idle();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
