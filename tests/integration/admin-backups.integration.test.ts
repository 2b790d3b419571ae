/**
 * The backups screen's endpoints on the real service: admins only; "back up now" writes a dated
 * archive under DATA_DIR/backups (one audit entry), listed with its size, downloadable as the same
 * bytes, deletable (one audit entry); bad names and missing archives get coded answers; one backup
 * at a time.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsDir } from '../../server/services/backup/backups';
import { BackupRunning, backupRunner } from '../../server/services/backup/runner';
import { BROWSER_HEADERS, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { settled } from '../support/settled';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type Listing = {
  items: { name: string; size: number; createdAt: string; trigger: string }[];
  running: unknown;
  schedule: { dailyAt: string | null; keep: number; nextAt: string | null };
};

let server: TestServer;
let admin: TestUser;
let others: TestUser[];

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await mintUser(server.store, 'backup-admin', 'admin');
  others = [
    await mintUser(server.store, 'backup-client', 'client'),
    await mintUser(server.store, 'backup-lawyer', 'lawyer'),
    await mintUser(server.store, 'backup-expat', 'expat'),
  ];
});

afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, cookie = admin.cookie) =>
  browserCall(server.url, method, path, cookie);
const runner = () => backupRunner(server.store, backupsDir(server.dataDir));
const list = async () => (await call('GET', '/api/admin/backups')).json as Listing;

/** A backup's trail as the console shows it, once `count` entries are there (see `settled`). */
async function auditOf(name: string, count = 0) {
  const read = async () => {
    const answer = await call('GET', `/api/admin/audit?kind=backup&id=${encodeURIComponent(name)}`);
    expect(answer.status).toBe(200);
    return (answer.json as { items: { action: string; actor: string; before: unknown; after: unknown }[] })
      .items;
  };
  return settled(read, (items) => items.length >= count);
}

const SOME_NAME = 'backup-2025-06-16T03-00-00-000Z-scheduled.ndjson.gz';

describe('backups in the admin console', () => {
  it('refuses every endpoint to anyone but an admin, and starts nothing', async () => {
    const endpoints: [string, string][] = [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups'],
      ['GET', `/api/admin/backups/${SOME_NAME}`],
      ['DELETE', `/api/admin/backups/${SOME_NAME}`],
    ];
    for (const [method, path] of endpoints) {
      expect((await call(method, path, '')).json).toMatchObject({ error: { code: 'not_signed_in' } });
      for (const user of others) {
        const answer = await call(method, path, user.cookie);
        expect(answer.status, `${method} ${path} as ${user.uid}`).toBe(403);
      }
    }
    expect(runner().running()).toBeUndefined();
    expect((await list()).items).toEqual([]);
  });

  it('lists nothing at first, with the daily schedule', async () => {
    const listing = await list();
    expect(listing).toMatchObject({ items: [], running: null, schedule: { dailyAt: '03:00', keep: 14 } });
    expect(new Date(listing.schedule.nextAt!).toISOString().slice(11, 16)).toBe('03:00');
  });

  it('backs up now: a dated archive, listed with its size, downloaded as the same bytes, audited once', async () => {
    const started = await call('POST', '/api/admin/backups');
    expect(started.status).toBe(202);
    const { backup } = started.json as { backup: { name: string; trigger: string } };
    expect(backup.name).toMatch(/^backup-\d{4}-\d{2}-\d{2}T[\d-]+Z-manual\.ndjson\.gz$/);
    const written = await runner().idle();
    expect(written?.name).toBe(backup.name);

    const { items } = await list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: backup.name, trigger: 'manual' });
    const file = path.join(server.dataDir, 'backups', backup.name);
    const bytes = await readFile(file);
    expect(items[0]!.size).toBe(bytes.length);

    const download = await fetch(`${server.url}/api/admin/backups/${backup.name}`, {
      headers: { ...BROWSER_HEADERS, cookie: admin.cookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${backup.name}"`);
    expect(download.headers.get('cache-control')).toBe('no-store');
    const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));

    const trail = await auditOf(backup.name, 1);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'backup_start', actor: admin.uid });
  });

  it('runs one backup at a time', async () => {
    const first = runner().start('manual');
    expect(() => runner().start('manual')).toThrow(BackupRunning);
    expect((await list()).running).toMatchObject({ name: first.name });
    await runner().idle();
    expect((await list()).running).toBeNull();
  });

  it('answers a coded error for a bad name or a missing archive', async () => {
    for (const name of ['..%2Fstore%2Fstore-config.json', 'backup-nope.ndjson.gz', '.backup-x.partial']) {
      const answer = await call('GET', `/api/admin/backups/${name}`);
      expect(answer.status, name).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'validation', fields: { name: 'value_invalid' } } });
      expect((await call('DELETE', `/api/admin/backups/${name}`)).status).toBe(400);
    }
    expect((await call('GET', `/api/admin/backups/${SOME_NAME}`)).json).toMatchObject({
      error: { code: 'not_found' },
    });
    expect((await call('DELETE', `/api/admin/backups/${SOME_NAME}`)).status).toBe(404);
    expect(await auditOf(SOME_NAME)).toEqual([]);
  });

  it('deletes an archive, audited once', async () => {
    const [newest, older] = (await list()).items;
    expect(older).toBeDefined();
    const answer = await call('DELETE', `/api/admin/backups/${newest!.name}`);
    expect(answer.status).toBe(200);
    expect((await list()).items.map((item) => item.name)).toEqual([older!.name]);
    const trail = await auditOf(newest!.name, 1);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'backup_delete',
      actor: admin.uid,
      before: { name: newest!.name, size: newest!.size },
      after: null,
    });
    expect((await call('GET', `/api/admin/backups/${newest!.name}`)).status).toBe(404);
  });
});
