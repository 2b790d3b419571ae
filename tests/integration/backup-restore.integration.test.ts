/**
 * A backup and restore round trip with the real embedded store: a seeded, used store is backed up
 * while it keeps being written, restored with the documented command (`npm run restore`) into a new
 * data directory, and every database comes back (documents at their revisions, histories,
 * conflicts, deletions, attachments, `_security`, design documents, users' own databases); the
 * service then runs on it and a restored account signs in. A restore into a store that holds data,
 * or from a cut archive, is refused and writes nothing.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../server/services/backup/backups';
import {
  BackupArchiveInvalid,
  RestoreTargetNotEmpty,
  restoreArchive,
} from '../../server/services/backup/restore';
import { listDatabases } from '../../server/services/backup/snapshot';
import type { Store } from '../../server/store/store';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import { createPasswordAccount } from '../support/accounts';
import { ensureUserDatabase } from '../../server/services/user-databases';
import { startTestServer, startTestStore } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const run = promisify(execFile);
const PASSWORD = 'sauvegarde-2025';
/** Documents rewritten in turn during the backup (see the consistency test). */
const COUNTERS = 250;

let source: TestServer;
let work: string;
let archive: string;
let restoredDir: string;
let userDb: string;
let email: string;
let finalCounter = 0;

type Dump = Record<string, { security: unknown; docs: unknown[]; leaves: unknown[] }>;

/**
 * Everything a database holds as a reader sees it: documents with conflicts and attachments'
 * bytes, every document's leaf revisions (deletions included), and `_security`.
 *
 * Locks (`lock:` in `admin`) are left out: they are the service's own coordination, not data, and
 * on a cluster one may change after the backup without anyone writing. A claim the cluster answered
 * late can surface on every copy after its holder released the lock (server/store/lock.ts, "stray
 * claims"): the seed's lock of `config/service-status` did so once between the backup and this
 * comparison. A restored lock is harmless either way: its lease ended long ago.
 */
async function dump(store: Store): Promise<Dump> {
  const out: Dump = {};
  for (const name of await listDatabases(store)) {
    const all = (await store.server.request({
      db: name,
      path: '_all_docs',
      qs: { include_docs: true, attachments: true, conflicts: true },
    })) as { rows: { id: string; doc: unknown }[] };
    const changes = (await store.server.request({
      db: name,
      path: '_changes',
      qs: { style: 'all_docs' },
    })) as { results: { id: string; changes: { rev: string }[]; deleted?: boolean }[] };
    const kept = (id: string) => name !== 'admin' || !id.startsWith('lock:');
    out[name] = {
      security: await store.server.request({ db: name, path: '_security' }),
      docs: all.rows.filter((row) => kept(row.id)).map((row) => row.doc),
      leaves: changes.results
        .filter((row) => kept(row.id))
        .map((row) => ({ id: row.id, revs: row.changes.map((c) => c.rev).sort(), deleted: !!row.deleted }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    };
  }
  return out;
}

async function signIn(url: string) {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sos-expat-backup-'));
  source = await startTestServer({ seed: true });
  const { store } = source;
  const user = await createPasswordAccount(store, { email: 'restored@example.test', password: PASSWORD });
  email = user.email;
  userDb = await ensureUserDatabase(store, user.uid);
  // An attachment (bytes that are not text), a document rewritten, a conflict, a deletion.
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256));
  await store.db(userDb).insert({
    _id: 'draft',
    type: 'draft',
    _attachments: {
      'scan.bin': { content_type: 'application/octet-stream', data: bytes.toString('base64') },
    },
  } as never);
  let note = await store.db(userDb).insert({ _id: 'note', text: 'one' });
  note = await store.db(userDb).insert({ _id: 'note', _rev: note.rev, text: 'two' });
  await store.db(userDb).insert({ _id: 'note', _rev: note.rev, text: 'three' });
  await store.server.request({
    db: userDb,
    path: '_bulk_docs',
    method: 'POST',
    body: {
      docs: [{ _id: 'note', _rev: '1-0123456789abcdef0123456789abcdef', text: 'conflicting' }],
      new_edits: false,
    },
  });
  const gone = await store.db(userDb).insert({ _id: 'gone', text: 'deleted later' });
  await store.db(userDb).destroy('gone', gone.rev);
  await store.server.db.create('counters');
  await store.db('counters').bulk({
    docs: Array.from({ length: COUNTERS }, (_, j) => ({ _id: `c${String(j).padStart(4, '0')}`, value: j })),
  });
}, 120_000);

afterAll(async () => {
  await source?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('backs up every database consistently while the store keeps being written', async () => {
    // Counter k is written into document k mod COUNTERS, one write after the other: at any update
    // sequence, document j holds the greatest k ≤ m congruent to j, where m is the greatest held.
    let writing = true;
    const counters = source.store.db<{ _id: string; _rev?: string; value: number }>('counters');
    const writer = (async () => {
      let k = COUNTERS;
      while (writing) {
        const id = `c${String(k % COUNTERS).padStart(4, '0')}`;
        const doc = await counters.get(id);
        await counters.insert({ ...doc, value: k });
        k += 1;
      }
      finalCounter = k - 1;
    })();
    const written = await writeBackup(source.store, path.join(work, 'backups'), { trigger: 'manual' });
    writing = false;
    await writer;
    archive = path.join(work, 'backups', written.name);
    expect(written.size).toBeGreaterThan(0);

    const lines = gunzipSync(await readFile(archive))
      .toString('utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            kind: string;
            db?: string;
            name?: string;
            doc?: { _id: string; value: number };
          },
      );
    expect(lines[0]).toMatchObject({ kind: 'manifest', format: 'sos-expat-backup', trigger: 'manual' });
    expect(lines.at(-1)).toMatchObject({ kind: 'end' });
    const databases = lines.filter((line) => line.kind === 'database').map((line) => line.name);
    expect(databases).toEqual(await listDatabases(source.store));
    expect(databases).toEqual(expect.arrayContaining(['accounts', 'content', 'audit', userDb, 'counters']));

    // The counters as the archive holds them (the last line of a document wins).
    const held = new Map<string, number>();
    for (const line of lines)
      if (line.kind === 'doc' && line.db === 'counters') held.set(line.doc!._id, line.doc!.value);
    const m = Math.max(...held.values());
    for (let j = 0; j < COUNTERS; j++) {
      const expected = m - ((((m - j) % COUNTERS) + COUNTERS) % COUNTERS);
      expect(held.get(`c${String(j).padStart(4, '0')}`)).toBe(expected);
    }
    expect(m).toBeLessThanOrEqual(finalCounter);
  });

  it('restores every document into an empty data directory with `npm run restore`', async () => {
    restoredDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-restored-'));
    const { stdout } = await run('npm', ['run', '--silent', 'restore', '--', archive], {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: restoredDir, COUCHDB_URL: '' },
    });
    expect(stdout).toMatch(/Restored \d+ databases/);

    // Restored into an embedded store (the command's target here), whichever store was backed up.
    const { store } = await startTestStore(restoredDir, 'embedded');
    try {
      const [before, after] = [await dump(source.store), await dump(store)];
      // The counters moved on after their backup; everything else is exactly as it was.
      delete before.counters;
      delete after.counters;
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const name of Object.keys(before)) expect(after[name], name).toEqual(before[name]);
      const note = (await store.db(userDb).get('note', { conflicts: true })) as unknown as {
        text: string;
        _conflicts?: string[];
      };
      expect(note.text).toBe('three');
      expect(note._conflicts).toEqual(['1-0123456789abcdef0123456789abcdef']);
      const draft = (await store.db(userDb).get('draft', { attachments: true })) as {
        _attachments: Record<string, { data: string }>;
      };
      expect(Buffer.from(draft._attachments['scan.bin']!.data, 'base64')).toHaveLength(3000);

      // Into a store that holds data, nothing is written.
      await expect(restoreArchive(store, archive)).rejects.toBeInstanceOf(RestoreTargetNotEmpty);
    } finally {
      await store.close();
    }
  }, 180_000);

  it('refuses a cut archive, and a non-empty target, from the command line too', async () => {
    const whole = gunzipSync(await readFile(archive))
      .toString('utf8')
      .trim()
      .split('\n');
    const cut = path.join(work, 'cut.ndjson.gz');
    await writeFile(cut, gzipSync(whole.slice(0, -1).join('\n') + '\n'));
    const empty = await startTestStore(undefined, 'embedded');
    try {
      await expect(restoreArchive(empty.store, cut)).rejects.toBeInstanceOf(BackupArchiveInvalid);
      const broken = path.join(work, 'broken.ndjson.gz');
      await copyFile(archive, broken);
      const bytes = await readFile(broken);
      await writeFile(broken, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(restoreArchive(empty.store, broken)).rejects.toBeInstanceOf(BackupArchiveInvalid);
      expect(await listDatabases(empty.store)).toEqual([]);
    } finally {
      await empty.store.close();
      await rm(empty.dataDir, { recursive: true, force: true });
    }
    const refused = await run('npm', ['run', '--silent', 'restore', '--', archive], {
      env: { ...process.env, DATA_DIR: restoredDir, COUCHDB_URL: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(/not empty/);
  }, 180_000);

  it('the service runs on the restored store, and a restored account signs in', async () => {
    const restored = await startTestServer({ dataDir: restoredDir, storeKind: 'embedded' });
    try {
      const answer = await signIn(restored.url);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ user: { email } });
      // What a browser replicates is there too.
      const legal = await fetch(`${restored.url}/db/content/_all_docs?include_docs=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
        body: JSON.stringify({ keys: ['legal:fr:privacy-policy'] }),
      });
      expect(await legal.json()).toMatchObject({ rows: [{ doc: { version: '2.2' } }] });
    } finally {
      await restored.close();
    }
  }, 120_000);
});
