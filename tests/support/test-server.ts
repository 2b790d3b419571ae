/**
 * The real service for integration tests: the embedded store in a fresh temporary directory, the
 * start-up migration, optionally the demo data, and the Express app on a free port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import { readConfig } from '../../server/config/env';
import { seedDemoData } from '../../server/seed/seed';
import { startEmbeddedStore } from '../../server/store/embedded';
import { migrate } from '../../server/store/migrate';
import type { Store } from '../../server/store/store';

export type TestServer = { url: string; store: Store; dataDir: string; close(): Promise<void> };

export async function startTestStore(dataDir?: string): Promise<{ store: Store; dataDir: string }> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'sos-expat-test-')));
  const store = await startEmbeddedStore(dir);
  return { store, dataDir: dir };
}

export async function startTestServer(
  options: { seed?: boolean; distDir?: string } = {},
): Promise<TestServer> {
  const { store, dataDir } = await startTestStore();
  await migrate(store);
  if (options.seed) await seedDemoData(store, new Date());
  const { config } = readConfig({ DATA_DIR: dataDir });
  const app = createApp({ config, store, distDir: options.distDir ?? path.join(dataDir, 'no-dist') });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    dataDir,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
