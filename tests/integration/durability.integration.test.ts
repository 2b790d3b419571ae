/**
 * The service and its embedded store are killed with SIGKILL in the middle of a stream of writes,
 * then started again on the same DATA_DIR: every write that had been acknowledged must be there.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestStore } from '../support/test-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Started = { child: ChildProcess; url: string; storePid: number; exited: Promise<unknown> };

function startService(dir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, SEED_DEMO_DATA: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.push(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    let storePid = 0;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      storePid = Number(/embedded store \(pid (\d+)\)/.exec(output)?.[1] ?? storePid);
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}`, storePid, exited });
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code}: ${output}`)));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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
          headers: { 'content-type': 'application/json' },
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
    const first = await startService(dataDir);
    expect(first.storePid).toBeGreaterThan(0);

    const acknowledged = await writeUntilKilled(first.url, () => {
      process.kill(first.storePid, 'SIGKILL');
      first.child.kill('SIGKILL');
    });
    expect(acknowledged.size).toBeGreaterThanOrEqual(300);
    await first.exited;
    for (let i = 0; i < 50 && isAlive(first.storePid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(first.storePid)).toBe(false);

    // The service starts again on the same directory and is healthy...
    const second = await startService(dataDir);
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
  });
});
