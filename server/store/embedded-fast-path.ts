/**
 * The embedded store's short way for the service's own reads and writes of one document
 * (`GET` and `PUT /<db>/<id>`, with the admin's credentials, nothing else in the request): most of
 * what the service asks of its store. express-pouchdb spends about 3 ms of CPU on each, before
 * PouchDB does its part (0.3 to 0.7 ms): the admin's password hashed again at every request, the
 * users' database measured on disk, the list of databases and the security object read, and for a
 * write the database's size and design documents read again. Here PouchDB is called directly, on the
 * same LevelDB stores (PouchDB shares them, and their write queue, between instances of one name).
 *
 * What the short way keeps of CouchDB's rules, and when it steps aside:
 * - only the admin's exact `Authorization` (the service's): anyone else, and every other request,
 *   go to express-pouchdb as before; an admin sees and writes every database (no security object);
 * - only a database known to exist (express-pouchdb's list of databases; never created here);
 *   `DELETE /<db>` forgets it at once;
 * - a write only where every `validate_doc_update` of the database is a guard known to let the admin
 *   through (`adminGuards`, the texts of couchdb/design): the design documents are read once, and
 *   again after any other kind of write that could have changed them;
 * - answers as express-pouchdb gives them: the document, `{ ok, id, rev }` with 201, or
 *   `{ error, reason }` with PouchDB's status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Doc = Record<string, unknown>;
type PouchFailure = { status?: number; name?: string; message?: string };

/** What the short way needs of a PouchDB database (the package has no type declarations). */
export type LeanDb = {
  get(id: string): Promise<Doc>;
  put(doc: Doc): Promise<{ ok: boolean; id: string; rev: string }>;
  allDocs(options: {
    startkey: string;
    endkey: string;
    include_docs: true;
  }): Promise<{ rows: { doc?: { validate_doc_update?: unknown } }[] }>;
};

export type FastPathOptions = {
  /** A database on the store's LevelDB files, without express-pouchdb's per-request wrappers. */
  open(name: string): LeanDb;
  /** The databases that exist (express-pouchdb's own list). */
  allDbs(): Promise<string[]>;
  /** The `Authorization` header of the store's admin. */
  adminAuthorization: string;
  /** `validate_doc_update` texts known to let the admin write. */
  adminGuards: readonly string[];
};

export type FastPath = {
  /**
   * Serves the request when it is one the short way takes; false (at once, or once the database is
   * looked at): express-pouchdb must serve it.
   */
  serve(req: IncomingMessage, res: ServerResponse): false | Promise<boolean>;
  /** Told of every request express-pouchdb serves, so that what it writes is taken into account. */
  passedOn(req: IncomingMessage, res: ServerResponse): void;
};

/** A larger document goes the long way (express-pouchdb's body parser and its limits). */
const MAX_BODY_BYTES = 1024 * 1024;
const DB_NAME = /^[a-z][a-z0-9_-]*$/;

type Target = { db: string; id: string };

export function createFastPath(options: FastPathOptions): FastPath {
  const guards = new Set(options.adminGuards);
  const known = new Map<string, LeanDb>();
  /** Databases being deleted now (how many deletions of each are under way): never opened here meanwhile. */
  const deleting = new Map<string, number>();
  /** Per database: whether the admin's writes pass its validation functions (read once, until a change). */
  const writable = new Map<string, Promise<boolean>>();

  /** `/<db>/<id>`, decoded, when the request is one of the admin's plain document requests. */
  function targetOf(req: IncomingMessage): Target | undefined {
    if (req.method !== 'GET' && req.method !== 'PUT') return undefined;
    if (req.headers.authorization !== options.adminAuthorization) return undefined;
    if (req.headers['if-match'] !== undefined || req.headers['if-none-match'] !== undefined) return undefined;
    const url = req.url ?? '';
    if (url.includes('?')) return undefined;
    const parts = url.split('/');
    if (parts.length !== 3 || parts[0] !== '') return undefined;
    try {
      const db = decodeURIComponent(parts[1]!);
      const id = decodeURIComponent(parts[2]!);
      return DB_NAME.test(db) && id !== '' && !id.startsWith('_') ? { db, id } : undefined;
    } catch {
      return undefined;
    }
  }

  function forget(db: string) {
    known.delete(db);
    writable.delete(db);
  }

  async function database(name: string): Promise<LeanDb | undefined> {
    const open = known.get(name);
    if (open) return open;
    if (deleting.has(name) || !(await options.allDbs()).includes(name)) return undefined;
    // Opening a database that is no longer there would make its files again.
    if (deleting.has(name)) return undefined;
    const db = known.get(name) ?? options.open(name);
    known.set(name, db);
    return db;
  }

  function adminMayWrite(name: string, db: LeanDb): Promise<boolean> {
    let decided = writable.get(name);
    if (!decided) {
      decided = db
        .allDocs({ startkey: '_design/', endkey: '_design0', include_docs: true })
        .then(({ rows }) =>
          rows.every((row) => {
            const guard = row.doc?.validate_doc_update;
            return guard === undefined || (typeof guard === 'string' && guards.has(guard));
          }),
        );
      writable.set(name, decided);
      decided.catch(() => {
        if (writable.get(name) === decided) writable.delete(name);
      });
    }
    return decided;
  }

  function writableBody(req: IncomingMessage): boolean {
    const type = req.headers['content-type'] ?? '';
    const length = Number(req.headers['content-length']);
    return (
      /^application\/json\s*(;|$)/i.test(type) &&
      Number.isSafeInteger(length) &&
      length >= 0 &&
      length <= MAX_BODY_BYTES &&
      req.headers['transfer-encoding'] === undefined
    );
  }

  async function serveDocument(target: Target, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    let db: LeanDb | undefined;
    try {
      db = await database(target.db);
      if (!db || (req.method === 'PUT' && !(await adminMayWrite(target.db, db)))) return false;
    } catch {
      return false;
    }
    if (req.method === 'GET') {
      db.get(target.id).then(
        (doc) => send(res, 200, doc),
        (error: PouchFailure) => sendFailure(res, error),
      );
      return true;
    }
    const writer = db;
    readBody(req).then(
      (text) => {
        const doc = parseDoc(text);
        if (!doc) return send(res, 400, { error: 'bad_request', reason: 'invalid_json' });
        // As express-pouchdb's PUT: the body's own id, else the URL's (the short way takes one id only).
        if (doc._id !== undefined && doc._id !== target.id) {
          return send(res, 400, { error: 'bad_request', reason: 'The document id must match the URL.' });
        }
        writer.put({ ...doc, _id: target.id }).then(
          (written) => send(res, 201, written, { ETag: `"${written.rev}"` }),
          (error: PouchFailure) => sendFailure(res, error),
        );
      },
      () => res.destroy(),
    );
    return true;
  }

  return {
    serve(req, res) {
      const target = targetOf(req);
      if (!target || (req.method === 'PUT' && !writableBody(req))) return false;
      return serveDocument(target, req, res);
    },

    passedOn(req, res) {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
      const parts = (req.url ?? '').split('?')[0]!.split('/');
      let db: string;
      try {
        db = decodeURIComponent(parts[1] ?? '');
      } catch {
        return;
      }
      if (!db || db.startsWith('_')) return;
      // The database itself created or deleted (or anything else at its root): forgotten.
      if (parts.length <= 2 || parts[2] === '') {
        forget(db);
        if (req.method !== 'DELETE') return;
        deleting.set(db, (deleting.get(db) ?? 0) + 1);
        res.once('close', () => {
          const left = (deleting.get(db) ?? 1) - 1;
          if (left > 0) deleting.set(db, left);
          else deleting.delete(db);
          forget(db);
        });
        return;
      }
      // A write that cannot reach a design document leaves the validation functions as they were.
      // Another is looked at again once it is done (a look taken meanwhile may precede it).
      const id = parts[2]!;
      const plainDocument = (req.method === 'PUT' || req.method === 'DELETE') && !id.startsWith('_');
      if (plainDocument) return;
      writable.delete(db);
      res.once('close', () => writable.delete(db));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseDoc(text: string): Doc | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Doc) : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body) + '\n';
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'must-revalidate',
  });
  res.end(text);
}

/** A PouchDB refusal as express-pouchdb words it (`utils.sendError`). */
function sendFailure(res: ServerResponse, error: PouchFailure) {
  const status = error.status ?? 500;
  let name = error.name ?? 'error';
  const message = error.message ?? 'Unknown error';
  if (name === 'Error' || name === 'TypeError') {
    name = message.includes('Bad special document member') ? 'doc_validation' : 'bad_request';
  }
  send(res, status, { error: name, reason: message });
}
