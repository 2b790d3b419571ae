/**
 * The embedded CouchDB-compatible store: express-pouchdb over PouchDB on LevelDB, in its own
 * process, listening on loopback only, with an admin whose password the parent chooses at each
 * start. It is reached only through the service (nano for the server, the `/db/` gateway for
 * browsers), never directly. It exits when its parent goes away, so that a killed service never
 * leaves a process holding the LevelDB locks.
 *
 * Protocol with the parent (IPC): the parent sends nothing; the child reads its settings from the
 * environment (STORE_DIR, STORE_ADMIN_PASSWORD) and answers `{ ready: port }` or `{ failed }`.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createFastPath } from './embedded-fast-path';
import type { LeanDb } from './embedded-fast-path';

const require = createRequire(import.meta.url);
// These CommonJS packages have no type declarations; the child uses only their documented entry points.
const PouchDB = require('pouchdb-core') as PouchStatic;
const expressPouchDB = require('express-pouchdb') as (pouch: PouchStatic, opts: object) => ExpressApp;

type PouchStatic = {
  plugin(p: unknown): PouchStatic;
  defaults(opts: object): PouchStatic;
  /** Added by express-pouchdb (pouchdb-all-dbs): the databases that exist. */
  allDbs?(): Promise<string[]>;
};
type ExpressApp = (req: IncomingMessage, res: ServerResponse) => void;

const dir = process.env.STORE_DIR;
const password = process.env.STORE_ADMIN_PASSWORD;

function fail(message: string): never {
  process.send?.({ failed: message });
  process.exit(1);
}

if (!dir || !password) fail('STORE_DIR and STORE_ADMIN_PASSWORD are required');

mkdirSync(dir, { recursive: true });
// The admin is re-created at each start with the password the parent chose; express-pouchdb
// hashes it when it loads this file.
const configPath = path.join(dir, 'store-config.json');
writeFileSync(
  configPath,
  JSON.stringify({ admins: { admin: password }, log: { level: 'error' }, couchdb: { max_dbs_open: '2000' } }),
);

const Pouch = PouchDB.plugin(require('pouchdb-adapter-leveldb'))
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-mapreduce'))
  .plugin(require('pouchdb-replication'))
  .defaults({ prefix: dir + path.sep });

const adminAuthorization = 'Basic ' + Buffer.from(`admin:${password}`).toString('base64');

// The service's own document reads and writes skip express-pouchdb's per-request work
// (embedded-fast-path.ts). Its databases, on the same files, without express-pouchdb's wrappers:
const Lean = PouchDB.defaults({ prefix: dir + path.sep }) as unknown as new (name: string) => LeanDb;
const designDir = new URL('../../couchdb/design/', import.meta.url);
const fastPath = createFastPath({
  open: (name) => new Lean(name),
  allDbs: () => (Pouch.allDbs ? Pouch.allDbs() : Promise.resolve([])),
  adminAuthorization,
  // The guard of the server's own databases (it lets admins write): the migration applies this text.
  adminGuards: [
    (
      JSON.parse(readFileSync(new URL('server-writes-only.json', designDir), 'utf8')) as {
        validate_doc_update: string;
      }
    ).validate_doc_update,
  ],
});

const app = expressPouchDB(Pouch, {
  mode: 'fullCouchDB',
  configPath,
  logPath: path.join(dir, 'store.log'),
  overrideMode: { exclude: ['routes/fauxton', 'routes/http-log', 'replicator', 'routes/replicate'] },
});

/**
 * `GET /_db_updates?feed=continuous`, which express-pouchdb leaves unimplemented: one line per
 * database written, as CouchDB's own feed gives them, so that the service follows every database
 * (public ones and users' own) through one connection instead of one long poll per browser. Every
 * write reaches this store through its HTTP interface, so a write is noticed here once it has been
 * answered with success: by then a `_changes` read shows it.
 */
const updates = new EventEmitter();
updates.setMaxListeners(0);
let updateSeq = 0;
const READ_POSTS = new Set([
  '_all_docs',
  '_changes',
  '_find',
  '_explain',
  '_bulk_get',
  '_revs_diff',
  '_view',
  '_temp_view',
]);

function writtenDatabase(req: IncomingMessage): { db: string; type: string } | undefined {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return undefined;
  const segments = (req.url ?? '/').split('?')[0]!.split('/').filter(Boolean);
  let db: string | undefined;
  try {
    db = segments[0] ? decodeURIComponent(segments[0]) : undefined;
  } catch {
    return undefined;
  }
  if (!db || db.startsWith('_')) return undefined;
  if (segments.length === 1) {
    if (req.method === 'PUT') return { db, type: 'created' };
    if (req.method === 'DELETE') return { db, type: 'deleted' };
  }
  if (req.method === 'POST' && segments.some((segment) => READ_POSTS.has(segment))) return undefined;
  return { db, type: 'updated' };
}

function dbUpdates(req: IncomingMessage, res: ServerResponse) {
  if (req.headers.authorization !== adminAuthorization) {
    res.writeHead(401, { 'content-type': 'application/json' });
    return void res.end('{"error":"unauthorized","reason":"Name or password is incorrect."}\n');
  }
  const query = new URL(req.url ?? '/', 'http://store').searchParams;
  if (query.get('feed') !== 'continuous') {
    res.writeHead(400, { 'content-type': 'application/json' });
    return void res.end('{"error":"bad_request","reason":"Only feed=continuous is supported here."}\n');
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  // Sent now, as CouchDB does: the service counts the feed open once it has the answer's head, and
  // without this Node sends it with the first line, which may be a heartbeat 20 s later.
  res.flushHeaders();
  const heartbeatMs = Math.max(1000, Number(query.get('heartbeat')) || 60_000);
  const heartbeat = setInterval(() => res.write('\n'), heartbeatMs);
  const listener = (line: string) => res.write(line);
  updates.on('update', listener);
  const stop = () => res.end();
  updates.once('stop', stop);
  res.on('close', () => {
    clearInterval(heartbeat);
    updates.off('update', listener);
    updates.off('stop', stop);
  });
}

const server = createServer((req, res) => {
  if ((req.url ?? '').split('?')[0] === '/_db_updates') return dbUpdates(req, res);
  const written = writtenDatabase(req);
  if (written) {
    res.on('finish', () => {
      if (res.statusCode >= 300 || updates.listenerCount('update') === 0) return;
      updates.emit(
        'update',
        JSON.stringify({ db_name: written.db, type: written.type, seq: String(++updateSeq) }) + '\n',
      );
    });
  }
  const passOn = () => {
    fastPath.passedOn(req, res);
    app(req, res);
  };
  const served = fastPath.serve(req, res);
  if (served === false) passOn();
  else void served.then((done) => done || passOn());
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ ready: port });
});
server.keepAliveTimeout = 65_000;
server.on('error', (err) => fail(String(err)));

process.on('disconnect', () => process.exit(0));
// Writes under way finish; feeds that only wait (the service's `_db_updates`) are ended so that
// they do not hold the stop up.
process.on('SIGTERM', () => {
  updates.emit('stop');
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
});
