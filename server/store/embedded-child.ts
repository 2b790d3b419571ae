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
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);
// These CommonJS packages have no type declarations; the child uses only their documented entry points.
const PouchDB = require('pouchdb-core') as PouchStatic;
const expressPouchDB = require('express-pouchdb') as (pouch: PouchStatic, opts: object) => ExpressApp;

type PouchStatic = { plugin(p: unknown): PouchStatic; defaults(opts: object): PouchStatic };
type ExpressApp = { listen(port: number, host: string, cb: () => void): Server };

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

const app = expressPouchDB(Pouch, {
  mode: 'fullCouchDB',
  configPath,
  logPath: path.join(dir, 'store.log'),
  overrideMode: { exclude: ['routes/fauxton', 'routes/http-log', 'replicator', 'routes/replicate'] },
});

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ ready: port });
});
server.keepAliveTimeout = 65_000;
server.on('error', (err) => fail(String(err)));

process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
