/**
 * The replication gateway, mounted at `/db/`: the only door from a browser to the store.
 *
 * Invariants:
 * - Public databases (`providers`, `content`, `config`) can be pulled by anyone and written by
 *   nobody through here.
 * - A signed-in user can pull and push their own `userdb-<hex>` and nothing else of any user.
 * - It speaks the CouchDB replication protocol, so that RxDB, PouchDB, a native app or CouchDB's own
 *   replicator sync through it, for what each may read or write: the server's and the database's
 *   info, `_changes`, `_all_docs`, single-document reads (with `rev`, `revs`, `open_revs`…),
 *   `_bulk_get`; and on one's own database only, `_revs_diff`, `_bulk_docs` (`new_edits=false`
 *   too: what a replicator pushes) and `_local` checkpoints. On a public database a checkpoint is
 *   never found and cannot be written (a replicator then keeps its own). Everything else,
 *   server-wide paths (`_all_dbs`, `_users`, `_session`, `_replicate`…), design documents,
 *   `_security`, creating or deleting a database, is answered 401/403 here, in CouchDB's error
 *   format (`{ error, reason }`), and never reaches the store.
 * - Every pushed document is checked against the shared schema of its type. A refused document is
 *   answered as a `conflict` row carrying the reason (RxDB retries any other error for ever, which
 *   would stall the whole push), the valid documents of the same batch are written, and when RxDB
 *   then asks for the server's version of a refused document the server has no copy of, the
 *   gateway answers a tombstone, so the browser ends on the server's state.
 * Reads are streamed through untouched, so that pulling through the gateway costs about what
 * pulling from the store does.
 */
import { createHash } from 'node:crypto';
import express from 'express';
import type { NextFunction, Request, Response, Router } from 'express';
import { createMineValidator } from '../../src/domain/mine-validation';
import type { MineType } from '../../src/domain/mine';
import { isUserDbName, userDbName } from '../../src/domain/user-db';
import { SESSION_COOKIE, parseCookies, resolveSession } from '../services/sessions';
import type { SessionUser } from '../services/sessions';
import { logError } from '../log';
import { dbUpdatesOf } from '../store/db-updates';
import { passThrough } from '../store/passthrough';
import type { Store } from '../store/store';
import { pushRefusal } from './gateway-push-rules';
import type { CouchDoc } from './gateway-push-rules';
import { allowedQuery, refuse } from './gateway-answers';
import type { GatewayLocals } from './gateway-answers';
import { replicatorRoutes } from './gateway-replicator';
import { jsonBody } from './json-body';
import { changesFilterOf, readFiltered } from './changes-filter';
import { createLiveChanges } from './live-changes';
import type { FeedHolder, LiveChanges } from './live-changes';

export const PUBLIC_DATABASES = new Set(['providers', 'content', 'config']);
const MAX_PUSH_DOCS = 500;
const MAX_PUSH_BYTES = '2mb';
const CHANGES_PARAMS = new Set([
  'language',
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
/** What a single-document read may ask: a revision, its history, its open revisions. */
const DOC_PARAMS = new Set(['rev', 'revs', 'open_revs', 'latest', 'conflicts', 'revs_info']);
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

type BulkRow = { id?: string; rev?: string; ok?: boolean; error?: string; reason?: string };

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
  // Stable for this store, and tells nothing of it.
  const GATEWAY_UUID = createHash('sha256').update(`gateway ${store.origin}`).digest('hex').slice(0, 32);

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

  // The server's welcome: a CouchDB client reads it first (PouchDB names its checkpoints after the
  // `uuid`). Nothing of the store behind: a fixed name for this gateway.
  router.get('/', (_req, res) => {
    res.json({ couchdb: 'Welcome', uuid: GATEWAY_UUID, vendor: { name: 'SOS Expat replication gateway' } });
  });

  // Database info: RxDB does not need it, but it is a harmless read that tools expect.
  router.get('/:db/', authorize, (req, res) => proxy(req, res, `/${res.locals.access.db}/`));

  // Live feeds are held here, never by the store (see live-changes.ts); plain reads stream through.
  router.get('/:db/_changes', authorize, async (req, res) => {
    const params = new URLSearchParams(allowedQuery(req, CHANGES_PARAMS).slice(1));
    const { db, owner } = res.locals.access;
    const invalid = changesParamsProblem(params);
    // Takes `language` out of `params`: what is left is the store's.
    const { filter, problem } = changesFilterOf(db, params);
    if (invalid ?? problem) return refuse(res, 400, 'bad_request', (invalid ?? problem)!);
    const feed = params.getAll('feed');
    if (feed.length === 1 && feed[0] === 'longpoll') {
      const holder: FeedHolder = owner
        ? { kind: 'user', id: owner.uid }
        : { kind: 'address', id: req.ip ?? '' };
      return live.serve(res, db, params, holder, filter);
    }
    if (feed.length > 1 || (feed.length === 1 && feed[0] !== 'normal')) {
      return refuse(res, 400, 'bad_request', 'Only feed=normal and feed=longpoll are served.');
    }
    const query = params.size > 0 ? `?${params}` : '';
    if (!filter) return proxy(req, res, `/${db}/_changes${query}`);
    try {
      const answer = await readFiltered(store, db, params, filter);
      res.status(answer.status);
      if (answer.contentType) res.setHeader('Content-Type', answer.contentType);
      res.end(answer.body);
    } catch {
      // As a passed-through read answers a store that is down (store/passthrough.ts).
      res.status(502).json({ error: 'store_unavailable', reason: 'The store is not reachable.' });
    }
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

  replicatorRoutes(router, { authorize, readOnly, proxy });

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

  // Single document reads (a revision, its history, its open revisions: what a replicator asks),
  // never design or local documents.
  router.get('/:db/:docid', authorize, (req, res) => {
    const id = String(req.params.docid);
    if (id.startsWith('_')) return refuse(res, 403, 'forbidden', 'This path cannot be reached.');
    const query = allowedQuery(req, DOC_PARAMS);
    return proxy(req, res, `/${res.locals.access.db}/${encodeURIComponent(id)}${query}`);
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
    if (body.new_edits !== undefined && typeof body.new_edits !== 'boolean') {
      return refuse(res, 400, 'bad_request', 'new_edits is true or false.');
    }
    // A replicator's push: revisions as they are elsewhere, each checked as any other write.
    const replicated = body.new_edits === false;
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
      let reason = pushRefusal(validateMine, doc, existing, replicated);
      const current = existing.get(doc._id as string);
      // A bare tombstone has no `type`: its document's own hook decides (a sent message, hidden by
      // moderation or not, cannot be deleted by its owner any more than changed).
      const hook = reason ? undefined : hooks[(doc.type ?? current?.type) as MineType];
      if (!reason && hook?.check) reason = await hook.check(owner, doc, current);
      if (reason) {
        // RxDB retries anything but a conflict for ever; a replicator records a `forbidden` as
        // denied and goes on.
        results[index] = replicated
          ? { id: ids[index], error: 'forbidden', reason: `rejected: ${reason}` }
          : { id: ids[index], error: 'conflict', reason: `rejected: ${reason}` };
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
        body: { docs: accepted, ...(replicated ? { new_edits: false } : {}) },
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
        if (results[at] || !replicated) return;
        // With new_edits=false the store answers only its failures: the others were written.
        written.push(accepted[i]!);
      });
      acceptedAt.forEach((at, i) => {
        if (replicated) return;
        results[at] ??= { id: accepted[i]!._id as string, error: 'unknown_error', reason: 'not written' };
      });
    }
    // A replicator's push is answered as CouchDB does: its failures only.
    res.status(201).json(replicated ? results.filter((row) => row?.error) : results);
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

  /** Each of these documents that currently exists on the server (not deleted), read by id (`_bulk_get`). */
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
 * What is wrong with a `_changes` request's parameters, checked before the store sees them (a
 * malformed `since` is a 500 there): each at most once, of its own shape.
 */
function changesParamsProblem(params: URLSearchParams): string | undefined {
  const shapes: Record<string, RegExp> = {
    // `now`, a sequence number, or a cluster's opaque sequence (`12-g1AAAA…`).
    since: /^(now|\d{1,20}|\d{1,20}-[\w-]{1,4000})$/,
    limit: /^\d{1,9}$/,
    heartbeat: /^\d{1,9}$/,
    timeout: /^\d{1,9}$/,
    seq_interval: /^\d{1,9}$/,
    include_docs: /^(true|false)$/,
    descending: /^(true|false)$/,
    style: /^(main_only|all_docs)$/,
    feed: /^(normal|longpoll)$/,
    language: /^[a-z]{2}$/,
  };
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    const shape = shapes[name];
    if (values.length > 1 && name !== 'feed') return `${name} is given more than once.`;
    if (shape && !values.every((value) => shape.test(value))) return `${name} is not valid.`;
  }
  return undefined;
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
