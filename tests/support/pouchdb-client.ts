/**
 * A PouchDB client, as a CouchDB-compatible app other than the browser's RxDB would sync: local
 * databases on LevelDB in a temporary directory, remote ones through the gateway's `/db/` with the
 * browser's session cookie and CSRF header (PouchDB's own HTTP adapter, its own replicator).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROWSER_HEADERS } from './sessions';

const require = createRequire(import.meta.url);

// These CommonJS packages have no type declarations: the few calls used here are typed below.
export type PouchError = { status?: number; name?: string; error?: string; reason?: string };
export type ReplicationResult = { ok: boolean; docs_written: number; doc_write_failures: number };
export type PouchDatabase = {
  get(id: string): Promise<Record<string, unknown> & { _id: string; _rev: string }>;
  put(doc: object): Promise<{ ok: boolean; id: string; rev: string }>;
  remove(doc: { _id: string; _rev: string }): Promise<unknown>;
  allDocs(options?: object): Promise<{ rows: { id: string }[]; total_rows: number }>;
  replicate: {
    to(
      target: PouchDatabase,
    ): Promise<ReplicationResult> & { on(event: string, listener: (x: unknown) => void): unknown };
    from(source: PouchDatabase): Promise<ReplicationResult>;
  };
  close(): Promise<void>;
};
type PouchConstructor = {
  new (name: string, options?: object): PouchDatabase;
  plugin(plugin: unknown): PouchConstructor;
};

const PouchDB = (require('pouchdb-core') as PouchConstructor)
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-adapter-leveldb'))
  .plugin(require('pouchdb-replication'));

export type PouchClient = {
  local(name: string): PouchDatabase;
  /** A database through the gateway, as the holder of `cookie` (anonymous without). */
  remote(url: string, db: string, cookie?: string): PouchDatabase;
  close(): Promise<void>;
};

export async function pouchClient(): Promise<PouchClient> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sos-expat-pouch-'));
  const opened: PouchDatabase[] = [];
  const keep = (db: PouchDatabase) => (opened.push(db), db);
  return {
    local: (name) => keep(new PouchDB(path.join(dir, name), { adapter: 'leveldb' })),
    remote: (url, db, cookie) =>
      keep(
        new PouchDB(`${url}/db/${db}`, {
          adapter: 'http',
          skip_setup: true,
          fetch: (input: string, init: RequestInit = {}) => {
            const headers = new Headers(init.headers);
            for (const [name, value] of Object.entries(BROWSER_HEADERS)) headers.set(name, value);
            if (cookie) headers.set('cookie', cookie);
            return fetch(input, { ...init, headers });
          },
        }),
      ),
    async close() {
      await Promise.all(opened.map((db) => db.close().catch(() => undefined)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
