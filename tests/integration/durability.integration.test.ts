/**
 * The service and its embedded store are killed with SIGKILL in the middle of a stream of writes,
 * then started again on the same DATA_DIR: every write that had been acknowledged must be there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killService, startService } from '../support/service-process';
import { testStoreKind } from '../support/store-selection';
import type { RunningService } from '../support/service-process';
import { BROWSER_HEADERS } from '../support/sessions';
import { startTestStore } from '../support/test-server';

const start = async (dir: string) => {
  // A stream of hundreds of writes a second from one address: above the API rate limit on purpose.
  const service = await startService({
    DATA_DIR: dir,
    SEED_DEMO_DATA: 'false',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  running.push(service);
  return service;
};

let dataDir: string;
const running: RunningService[] = [];

afterAll(async () => {
  for (const service of running) service.child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function writeUntilKilled(url: string, kill: () => void): Promise<Set<string>> {
  const acknowledged = new Set<string>();
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (!killed) {
      const eventId = `durability-${String(next++).padStart(6, '0')}`;
      try {
        const response = await fetch(`${url}/api/logs/errors`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
          body: JSON.stringify({ eventId, origin: 'error', error: 'durability probe', name: 'Probe' }),
        });
        if (response.status === 201) acknowledged.add(eventId);
        if (acknowledged.size >= 300 && !killed) {
          killed = true;
          kill();
        }
      } catch {
        // the service is gone: stop writing
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return acknowledged;
}

describe('durability', () => {
  it('keeps every acknowledged write after SIGKILL of the service and its store', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-durability-'));
    const first = await start(dataDir);
    // The embedded store is a child of the service: the crash takes both (on a real CouchDB, the
    // service alone).
    if (testStoreKind() === 'embedded') expect(first.storePid).toBeGreaterThan(0);

    let killed: Promise<void> | undefined;
    const acknowledged = await writeUntilKilled(first.url, () => {
      killed = killService(first);
    });
    expect(acknowledged.size).toBeGreaterThanOrEqual(300);
    await killed;

    // The service starts again on the same directory and is healthy...
    const second = await start(dataDir);
    const health = await fetch(`${second.url}/api/health`);
    expect(health.status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;

    // ...and every acknowledged write is in the store.
    const { store } = await startTestStore(dataDir);
    try {
      const { rows } = await store.db('logs').list({ startkey: 'error_log:', endkey: 'error_log:\ufff0' });
      const stored = new Set(rows.map((row) => row.id.replace('error_log:', '')));
      const missing = [...acknowledged].filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
    } finally {
      await store.close();
    }
    // Two service starts and a recovery after SIGKILL: on a busy machine, more than the default.
  }, 150_000);
});

describe('a store fault', () => {
  // The embedded store's own supervision: a real CouchDB is not the service's child.
  it.skipIf(testStoreKind() !== 'embedded')(
    'does not take the API down: the embedded store is started again on the same data',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'sos-expat-restart-'));
      const service = await startService({ DATA_DIR: dir });
      running.push(service);
      try {
        const before = await fetch(`${service.url}/db/providers/demo-lawyer-001`);
        expect(before.status).toBe(200);
        process.kill(service.storePid!, 'SIGKILL');
        await expect
          .poll(async () => (await fetch(`${service.url}/db/providers/demo-lawyer-001`)).status, {
            timeout: 20_000,
          })
          .toBe(200);
        expect(await (await fetch(`${service.url}/api/health`)).json()).toMatchObject({ status: 'ok' });
        expect(service.output()).toContain('[store] embedded store running again');
      } finally {
        service.child.kill('SIGTERM');
        await service.exited;
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
