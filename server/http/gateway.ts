/**
 * The replication gateway, mounted at `/db/`: the only door from a browser to the store.
 *
 * Invariants:
 * - Public databases (`providers`, `content`, `config`) can be pulled by anyone and written by
 *   nobody through here.
 * - A signed-in user can pull and push their own `userdb-<hex>` and nothing else of any user.
 * - Only what RxDB's CouchDB replication needs is allowed (`GET _changes`, `GET|POST _all_docs`,
 *   `POST _bulk_docs` on one's own database, plus the database info and single-document reads);
 *   everything else, server-wide paths (`_all_dbs`, `_users`, `_session`, `_replicate`…), design
 *   documents, `_security`, creating or deleting a database, is answered 401/403 here with a JSON
 *   body and never reaches the store.
 * - Every pushed document is checked against the shared schema of its type. A refused document is
 *   answered as a `conflict` row carrying the reason (RxDB retries any other error for ever, which
 *   would stall the whole push), the valid documents of the same batch are written, and when RxDB
 *   then asks for the server's version of a refused document the server has no copy of, the
 *   gateway answers a tombstone, so the browser ends on the server's state.
 * Reads are streamed through untouched, so that pulling through the gateway costs about what
 * pulling from the store does.
 */
import express from 'express';
import type { NextFunction, Request, Response, Router } from 'express';
import { createMineValidator } from '../../src/domain/mine-validation';
import { MINE_TYPES } from '../../src/domain/mine';
import type { MineType } from '../../src/domain/mine';
import { isUserDbName, userDbName } from '../../src/domain/user-db';
import { SESSION_COOKIE, parseCookies, resolveSession } from '../services/sessions';
import type { SessionUser } from '../services/sessions';
import { logError } from '../log';
import { dbUpdatesOf } from '../store/db-updates';
import { passThrough } from '../store/passthrough';
import type { Store } from '../store/store';
import { jsonBody } from './json-body';
import { createLiveChanges } from './live-changes';
import type { FeedHolder, LiveChanges } from './live-changes';

export const PUBLIC_DATABASES = new Set(['providers', 'content', 'config']);
const MAX_PUSH_DOCS = 500;
const MAX_PUSH_BYTES = '2mb';
const CHANGES_PARAMS = new Set([
  'style',
  'feed',
  'include_docs',
  'since',
  'heartbeat',
  'limit',
  'seq_interval',
  'timeout',
  'descending',
]);
const ALL_DOCS_PARAMS = new Set([
  'include_docs',
  'keys',
  'key',
  'startkey',
  'endkey',
  'start_key',
  'end_key',
  'limit',
  'skip',
  'descending',
  'inclusive_end',
]);

type Access = { db: string; owner?: SessionUser };
type GatewayLocals = { access: Access };
type BulkRow = { id?: string; rev?: string; ok?: boolean; error?: string; reason?: string };
type CouchDoc = Record<string, unknown> & { _id?: unknown; _rev?: unknown; _deleted?: unknown };

function refuse(res: Response, status: 401 | 403 | 404 | 400 | 413, code: string, message: string) {
  res.status(status).json({ error: { code, message } });
}

/**
 * What the service adds, per document type, to the checks of a push and after it: a check that
 * needs the store (a review of a completed order of the owner's), and work once the documents are
 * written (republishing a provider's public profile, delivering a message). `afterWrite` failures
 * are logged, never answered: the documents are written.
 */
export type UserDocHook = {
  check?: (owner: SessionUser, doc: CouchDoc, current: CouchDoc | undefined) => Promise<string | undefined>;
  afterWrite?: (owner: SessionUser, docs: CouchDoc[]) => Promise<void>;
};
export type UserDocHooks = Partial<Record<MineType, UserDocHook>>;

/** `live`: the long polls' server (made here with the defaults when not given). */
export function gatewayRouter(
  store: Store,
  hooks: UserDocHooks = {},
  live: LiveChanges = createLiveChanges(store, dbUpdatesOf(store)),
): Router {
  const router = express.Router({ caseSensitive: true, strict: true });
  const validateMine = createMineValidator();

  const proxy = (req: Request, res: Response, path: string, body?: string) =>
    passThrough(store, res, req.method, path, body);

  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  /** Decides who may touch the database named in the path; every other check builds on this one. */
  async function authorize(req: Request, res: Response<unknown, GatewayLocals>, next: NextFunction) {
    const db = String(req.params.db);
    if (PUBLIC_DATABASES.has(db)) {
      res.locals.access = { db };
      return next();
    }
    if (!isUserDbName(db)) return refuse(res, 403, 'forbidden', `The database ${db} cannot be reached.`);
    const owner = await resolveSession(store, parseCookies(req.headers.cookie).get(SESSION_COOKIE));
    if (!owner) return refuse(res, 401, 'unauthorized', 'Sign in to reach your own data.');
    if (userDbName(owner.uid) !== db) {
      return refuse(res, 403, 'forbidden', 'This database belongs to another user.');
    }
    res.locals.access = { db, owner };
    next();
  }

  const readOnly = (req: Request, res: Response<unknown, GatewayLocals>, next: NextFunction) =>
    res.locals.access.owner ? next() : refuse(res, 403, 'read_only', 'This database is read-only.');

  // Database info: RxDB does not need it, but it is a harmless read that tools expect.
  router.get('/:db/', authorize, (req, res) => proxy(req, res, `/${res.locals.access.db}/`));

  // Live feeds are held here, never by the store (see live-changes.ts); plain reads stream through.
  router.get('/:db/_changes', authorize, (req, res) => {
    const query = allowedQuery(req, CHANGES_PARAMS);
    const feed = new URLSearchParams(query.slice(1)).getAll('feed');
    if (feed.length === 1 && feed[0] === 'longpoll') {
      const { db, owner } = res.locals.access;
      const holder: FeedHolder = owner
        ? { kind: 'user', id: owner.uid }
        : { kind: 'address', id: req.ip ?? '' };
      return live.serve(res, db, new URLSearchParams(query.slice(1)), holder);
    }
    if (feed.length > 1 || (feed.length === 1 && feed[0] !== 'normal')) {
      return refuse(res, 400, 'bad_request', 'Only feed=normal and feed=longpoll are served.');
    }
    return proxy(req, res, `/${res.locals.access.db}/_changes${query}`);
  });

  router.get('/:db/_all_docs', authorize, async (req, res, next) => {
    const query = allowedQuery(req, ALL_DOCS_PARAMS);
    if (!res.locals.access.owner || typeof req.query.keys !== 'string') {
      return proxy(req, res, `/${res.locals.access.db}/_all_docs${query}`);
    }
    // RxDB's push asks here for the server's version of the documents it was refused.
    let keys: unknown;
    try {
      keys = JSON.parse(req.query.keys);
    } catch {
      keys = undefined;
    }
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) {
      return refuse(res, 400, 'bad_request', 'keys must be a JSON array of ids.');
    }
    try {
      res.json(withTombstones(await store.db(res.locals.access.db).fetch({ keys })));
    } catch (error) {
      next(error);
    }
  });

  router.post(
    '/:db/_all_docs',
    authorize,
    jsonBody(MAX_PUSH_BYTES),
    (req: Request, res: Response<unknown, GatewayLocals>) => {
      const body = req.body as { keys?: unknown } | undefined;
      if (!body || !Array.isArray(body.keys))
        return refuse(res, 400, 'bad_request', 'keys must be an array.');
      const query = allowedQuery(req, ALL_DOCS_PARAMS);
      return proxy(req, res, `/${res.locals.access.db}/_all_docs${query}`, JSON.stringify(body));
    },
  );

  router.post(
    '/:db/_bulk_docs',
    authorize,
    readOnly,
    jsonBody(MAX_PUSH_BYTES),
    async (req: Request, res: Response<unknown, GatewayLocals>, next: NextFunction) => {
      try {
        await bulkDocs(req, res);
      } catch (error) {
        next(error);
      }
    },
  );

  // Single document reads, never design or local documents.
  router.get('/:db/:docid', authorize, (req, res) => {
    const id = String(req.params.docid);
    if (id.startsWith('_')) return refuse(res, 403, 'forbidden', 'This path cannot be reached.');
    return proxy(req, res, `/${res.locals.access.db}/${encodeURIComponent(id)}`);
  });

  // Everything else under a database: writes to public databases, _security, _design, PUT/DELETE…
  router.all('/:db{/*rest}', authorize, (_req, res) =>
    refuse(res, 403, 'forbidden', 'This operation is not allowed through the gateway.'),
  );
  // Server-wide paths: /db/, /db/_all_dbs, /db/_session…
  router.all('/{*rest}', (_req, res) => refuse(res, 403, 'forbidden', 'This path cannot be reached.'));

  async function bulkDocs(req: Request, res: Response<unknown, GatewayLocals>) {
    const { db } = res.locals.access;
    const body = req.body as { docs?: unknown; new_edits?: unknown } | undefined;
    if (!body || !Array.isArray(body.docs)) return refuse(res, 400, 'bad_request', 'docs must be an array.');
    if (body.new_edits === false) return refuse(res, 403, 'forbidden', 'new_edits=false is not allowed.');
    if (body.docs.length > MAX_PUSH_DOCS) {
      return refuse(res, 413, 'too_many_documents', `At most ${MAX_PUSH_DOCS} documents per request.`);
    }
    const docs = body.docs as CouchDoc[];
    const ids = docs.map((doc) => (typeof doc?._id === 'string' ? doc._id : undefined));
    const existing = await currentDocs(
      db,
      ids.filter((id): id is string => id !== undefined),
    );

    const owner = res.locals.access.owner!;
    const results: (BulkRow | undefined)[] = [];
    const accepted: CouchDoc[] = [];
    const acceptedAt: number[] = [];
    for (const [index, doc] of docs.entries()) {
      let reason = refusal(doc, existing);
      const hook = reason ? undefined : hooks[doc.type as MineType];
      if (!reason && hook?.check) reason = await hook.check(owner, doc, existing.get(doc._id as string));
      if (reason) {
        results[index] = { id: ids[index], error: 'conflict', reason: `rejected: ${reason}` };
      } else {
        accepted.push(doc);
        acceptedAt.push(index);
      }
    }
    const written: CouchDoc[] = [];
    if (accepted.length > 0) {
      const rows = (await store.server.request({
        db,
        path: '_bulk_docs',
        method: 'POST',
        body: { docs: accepted },
      })) as BulkRow[];
      // The store's rows are matched to the documents by id, never by position: the embedded
      // store does not promise to answer in the order of the request.
      const waiting = new Map<string, number[]>();
      accepted.forEach((doc, i) => {
        const id = doc._id as string;
        waiting.set(id, [...(waiting.get(id) ?? []), i]);
      });
      for (const row of rows) {
        const i = row.id === undefined ? undefined : waiting.get(row.id)?.shift();
        if (i === undefined) continue;
        results[acceptedAt[i]!] = row;
        if (row.ok) written.push({ ...accepted[i]!, _rev: row.rev });
      }
      acceptedAt.forEach((at, i) => {
        results[at] ??= { id: accepted[i]!._id as string, error: 'unknown_error', reason: 'not written' };
      });
    }
    res.status(201).json(results);
    await afterWrite(owner, written);
  }

  /** The service's work on what was just written, by type (see `UserDocHooks`). */
  async function afterWrite(owner: SessionUser, written: CouchDoc[]) {
    const byType = new Map<MineType, CouchDoc[]>();
    for (const doc of written) {
      const type = doc.type as MineType;
      if (!hooks[type]?.afterWrite) continue;
      byType.set(type, [...(byType.get(type) ?? []), doc]);
    }
    for (const [type, docs] of byType) {
      await hooks[type]!.afterWrite!(owner, docs).catch((error: unknown) =>
        logError(`[gateway] after writing ${type} documents of ${owner.uid}:`, error),
      );
    }
  }

  /** Why a pushed document is refused, or undefined when it may be written. */
  function refusal(doc: CouchDoc, existing: Map<string, CouchDoc>): string | undefined {
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return 'not a document';
    const id = doc._id;
    if (typeof id !== 'string' || id.length === 0) return 'missing _id';
    if (id.startsWith('_')) return 'design and local documents cannot be written';
    const fields: Record<string, unknown> = { id };
    for (const [key, value] of Object.entries(doc)) {
      if (key === '_id' || key === '_rev' || key === '_deleted') continue;
      if (key.startsWith('_')) return `field ${key} is not allowed`;
      fields[key] = value;
    }
    const current = existing.get(id);
    if (current && current.type !== fields.type) return 'the type of a document cannot change';
    const check = validateMine(fields);
    if (!check.ok) return check.reason;
    const rule: { ownerWritable: boolean; ownerFields?: readonly string[] } = MINE_TYPES[check.type];
    if (!rule.ownerWritable) return `${check.type} documents are written by the service only`;
    if (rule.ownerFields) return ownerFieldsRefusal(check.type, doc, current, rule.ownerFields);
    return undefined;
  }

  /**
   * Each of these documents that currently exists on the server (not deleted), by id. Read by id
   * (`_bulk_get`, at the read quorum), never through `_all_docs`, which a cluster may answer from a
   * copy that has not seen the last write yet.
   */
  async function currentDocs(db: string, ids: string[]): Promise<Map<string, CouchDoc>> {
    const docs = new Map<string, CouchDoc>();
    if (ids.length === 0) return docs;
    const answer = (await store.server.request({
      db,
      path: '_bulk_get',
      method: 'POST',
      body: { docs: ids.map((id) => ({ id })) },
    })) as { results: { id: string; docs: { ok?: CouchDoc }[] }[] };
    for (const result of answer.results) {
      const doc = result.docs.find((found) => found.ok)?.ok;
      if (doc && doc._deleted !== true) docs.set(result.id, doc);
    }
    return docs;
  }

  return router;
}

/**
 * For types the service creates and the owner may only partly edit (the `profile`): the document
 * must exist, must not be deleted, and every field outside `ownerFields` (and `updatedAt`) must be
 * exactly as the server has it.
 */
function ownerFieldsRefusal(
  type: string,
  doc: CouchDoc,
  current: CouchDoc | undefined,
  ownerFields: readonly string[],
): string | undefined {
  if (!current) return `${type} documents are created by the service only`;
  if (doc._deleted === true) return `${type} documents cannot be deleted`;
  const free = new Set<string>([...ownerFields, '_id', '_rev', '_deleted', 'updatedAt']);
  const keys = new Set([...Object.keys(doc), ...Object.keys(current)]);
  for (const key of keys) {
    if (free.has(key)) continue;
    // The service stores the primary key twice (`id` and `_id`); the replication pushes `_id` only.
    if (key === 'id' && doc.id === undefined && current.id === doc._id) continue;
    if (JSON.stringify(doc[key]) !== JSON.stringify(current[key]))
      return `field ${key} is written by the service only`;
  }
  return undefined;
}

/** The request's query string, keeping only the parameters the store may receive. */
function allowedQuery(req: Request, allowed: Set<string>): string {
  const raw = req.originalUrl.split('?')[1];
  if (!raw) return '';
  const params = new URLSearchParams(raw);
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (allowed.has(key)) kept.append(key, value);
  const text = kept.toString();
  return text ? `?${text}` : '';
}

function withTombstones(answer: unknown): unknown {
  const result = answer as { rows?: { key: string; value?: { rev?: string }; doc?: unknown }[] };
  if (!Array.isArray(result.rows)) return answer;
  return {
    ...result,
    rows: result.rows.map((row) =>
      row.doc
        ? row
        : {
            id: row.key,
            key: row.key,
            value: { rev: row.value?.rev ?? '0-0', deleted: true },
            doc: { _id: row.key, _rev: row.value?.rev ?? '0-0', _deleted: true },
          },
    ),
  };
}
