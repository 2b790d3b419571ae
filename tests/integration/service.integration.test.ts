/**
 * The service as `npm start` runs it (server/main.ts in its own process): health, error logs, and
 * COUCHDB_URL switching to an external CouchDB-compatible store instead of the embedded one.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnService, startService } from '../support/service-process';
import { testStoreKind } from '../support/store-selection';
import { BROWSER_HEADERS } from '../support/sessions';
import { startTestServer, startTestStore } from '../support/test-server';

const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the service', () => {
  it('uses the CouchDB named by COUCHDB_URL instead of starting its own store', async () => {
    const external = await startTestStore();
    cleanups.push(async () => {
      await external.store.close();
      await rm(external.dataDir, { recursive: true, force: true });
    });
    const credentials = Buffer.from(external.store.authorization.replace('Basic ', ''), 'base64').toString();
    const couchdbUrl = external.store.origin.replace('http://', `http://${credentials}@`);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-couch-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    const service = await startService({ COUCHDB_URL: couchdbUrl, DATA_DIR: dataDir });
    cleanups.push(async () => {
      service.child.kill('SIGTERM');
      await service.exited;
    });
    const health = await (await fetch(`${service.url}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', store: { ok: true, kind: 'couchdb' } });
    expect(service.output()).toContain(`[store] CouchDB at ${external.store.origin}`);
    expect(existsSync(path.join(dataDir, 'store'))).toBe(false);
    expect((await external.store.db('providers').info()).doc_count).toBe(72);
    const pulled = await (await fetch(`${service.url}/db/providers/demo-expat-001`)).json();
    expect(pulled).toMatchObject({ type: 'provider' });
  });

  it('refuses to start on a malformed configuration, listing every problem', async () => {
    const service = spawnService({ PORT: 'x', COUCHDB_URL: 'ftp://nowhere', STRIPE_SECRET_KEY: 'sk_test_1' });
    const code = await service.exited;
    const output = service.output();
    expect(code).toBe(1);
    expect(output).toContain('PORT is malformed');
    expect(output).toContain('COUCHDB_URL is malformed');
    expect(output).toContain('STRIPE_PUBLISHABLE_KEY is missing');
  });
});

describe('API edge', () => {
  it('reports health, stores sanitised error logs once per event, and answers JSON errors', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'ok',
      store: { ok: true, kind: testStoreKind() },
      adapters: {
        payments: 'simulated',
        telephony: 'simulated',
        mail: 'simulated',
        googleSignIn: 'disabled',
      },
      liveFeeds: 0,
    });

    const entry = {
      eventId: 'evt-12345678',
      origin: 'error',
      error: 'x'.repeat(3000),
      name: 'Error',
      context: {},
    };
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${server.url}/api/logs/errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
        body: JSON.stringify(entry),
      });
      expect(answer.status).toBe(201);
    }
    const stored = await server.store
      .db<{ error: string; type: string }>('logs')
      .get('error_log:evt-12345678');
    expect(stored.type).toBe('error_log');
    expect(stored.error).toHaveLength(1000);

    const bad = await fetch(`${server.url}/api/logs/errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
      body: JSON.stringify({ origin: 'nowhere' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_error_log' } });
    const unknown = await fetch(`${server.url}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('provider reports', () => {
  it('stores a report once per id and refuses invalid ones with a code', async () => {
    const server = await startTestServer({ seed: true });
    cleanups.push(() => server.close());
    const post = (body: object) =>
      fetch(`${server.url}/api/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
        body: JSON.stringify(body),
      });
    const report = { id: 'report-12345678', providerId: 'demo-lawyer-001', reason: 'spam', details: '' };
    expect((await post(report)).status).toBe(201);
    expect((await post(report)).status).toBe(201);
    const stored = await server.store.db('admin').list({ startkey: 'report:', endkey: 'report:\ufff0' });
    expect(stored.rows.map((row) => row.id)).toEqual(['report:report-12345678']);

    for (const [body, status, code] of [
      [{ ...report, id: 'report-2-abcdefgh', reason: 'boring' }, 400, 'invalid_reason'],
      [{ ...report, id: 'report-3-abcdefgh', reason: 'other', details: '  ' }, 400, 'details_required'],
      [{ ...report, id: 'report-4-abcdefgh', providerId: 'nobody' }, 404, 'provider_not_found'],
      [{ ...report, id: 'x' }, 400, 'invalid_report_id'],
    ] as const) {
      const answer = await post(body);
      expect(answer.status).toBe(status);
      expect(await answer.json()).toMatchObject({ error: { code } });
    }
  });
});
