/**
 * What only a replicator asks of the gateway (PouchDB, CouchDB's own replicator, a native app; the
 * browser's RxDB needs none of it): documents by revision in bulk (`_bulk_get`), which revisions
 * the server lacks (`_revs_diff`, one's own database only), and the replication checkpoints
 * (`_local/<id>`): kept in one's own database; a public database has none to give and takes none,
 * so the replicator keeps its checkpoint on its own side. Bodies are bounded and shaped; design
 * and local documents are never read through `_bulk_get`.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import { allowedQuery, refuse } from './gateway-answers';
import type { GatewayLocals } from './gateway-answers';
import { MAX_REVS_PER_DOC } from './gateway-push-rules';
import { jsonBody } from './json-body';

type Middleware = (req: Request, res: Response<unknown, GatewayLocals>, next: NextFunction) => unknown;
type Deps = {
  authorize: Middleware;
  readOnly: Middleware;
  proxy: (req: Request, res: Response, path: string, body?: string) => void;
};

/** Bodies as large as a push's (http/gateway.ts). */
const MAX_BODY_BYTES = '2mb';
const BULK_GET_PARAMS = new Set(['revs', 'latest']);
/** Documents per `_bulk_get` and ids per `_revs_diff`, as a push. */
const MAX_READ_DOCS = 500;
/** A replicator's checkpoint: small, of known fields (`_local` documents bypass the schemas). */
const CHECKPOINT_BYTES = '16kb';
const CHECKPOINT_ID = /^[\w+=.-]{1,128}$/;
const CHECKPOINT_FIELDS = new Set([
  '_id',
  '_rev',
  'session_id',
  'history',
  'replicator',
  'version',
  'last_seq',
  'source_last_seq',
  'replication_id_version',
  'start_time',
  'end_time',
]);

export function replicatorRoutes(router: Router, { authorize, readOnly, proxy }: Deps): void {
  router.post(
    '/:db/_bulk_get',
    authorize,
    jsonBody(MAX_BODY_BYTES),
    (req: Request, res: Response<unknown, GatewayLocals>) => {
      const docs = (req.body as { docs?: unknown } | undefined)?.docs;
      if (!Array.isArray(docs) || docs.length > MAX_READ_DOCS) {
        return refuse(res, 400, 'bad_request', `docs must be an array of at most ${MAX_READ_DOCS}.`);
      }
      const asked = docs.map((doc: unknown) => {
        const { id, rev, atts_since: since } = (doc ?? {}) as Record<string, unknown>;
        const ok =
          typeof id === 'string' && !id.startsWith('_') && (rev === undefined || typeof rev === 'string');
        return ok && since === undefined ? { id, ...(rev === undefined ? {} : { rev }) } : undefined;
      });
      if (asked.some((doc) => doc === undefined)) {
        return refuse(
          res,
          400,
          'bad_request',
          'Each document is an id (not a design or local one) and a rev.',
        );
      }
      const query = allowedQuery(req, BULK_GET_PARAMS);
      return proxy(req, res, `/${res.locals.access.db}/_bulk_get${query}`, JSON.stringify({ docs: asked }));
    },
  );

  router.post(
    '/:db/_revs_diff',
    authorize,
    readOnly,
    jsonBody(MAX_BODY_BYTES),
    (req: Request, res: Response<unknown, GatewayLocals>) => {
      const body = req.body as Record<string, unknown> | undefined;
      const entries = body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [];
      const valid =
        body !== undefined &&
        entries.length <= MAX_READ_DOCS &&
        entries.every(
          ([id, revs]) =>
            !id.startsWith('_') &&
            Array.isArray(revs) &&
            revs.length <= MAX_REVS_PER_DOC &&
            revs.every((rev) => typeof rev === 'string'),
        );
      if (!valid) return refuse(res, 400, 'bad_request', 'The body maps document ids to lists of revisions.');
      return proxy(req, res, `/${res.locals.access.db}/_revs_diff`, JSON.stringify(body));
    },
  );

  // Older CouchDB clients ask the store to flush after a batch: nothing to do.
  router.post('/:db/_ensure_full_commit', authorize, readOnly, (_req, res) => {
    res.status(201).json({ ok: true, instance_start_time: '0' });
  });

  // A replicator's checkpoints: kept in one's own database; a public database has none to give and
  // takes none (the replicator then keeps its checkpoint on its own side).
  router.get('/:db/_local/:id', authorize, (req, res: Response<unknown, GatewayLocals>) => {
    const id = String(req.params.id);
    if (!res.locals.access.owner || !CHECKPOINT_ID.test(id)) {
      return refuse(res, 404, 'not_found', 'missing');
    }
    return proxy(req, res, `/${res.locals.access.db}/_local/${encodeURIComponent(id)}`);
  });

  router.put(
    '/:db/_local/:id',
    authorize,
    readOnly,
    jsonBody(CHECKPOINT_BYTES),
    (req: Request, res: Response<unknown, GatewayLocals>) => {
      const id = String(req.params.id);
      const body = req.body as Record<string, unknown> | undefined;
      const valid =
        CHECKPOINT_ID.test(id) &&
        body !== undefined &&
        typeof body === 'object' &&
        !Array.isArray(body) &&
        Object.keys(body).every((key) => CHECKPOINT_FIELDS.has(key)) &&
        (body._id === undefined || body._id === `_local/${id}`);
      if (!valid) return refuse(res, 400, 'bad_request', 'Only a replication checkpoint can be kept here.');
      return proxy(
        req,
        res,
        `/${res.locals.access.db}/_local/${encodeURIComponent(id)}`,
        JSON.stringify(body),
      );
    },
  );

  router.delete('/:db/_local/:id', authorize, readOnly, (req, res: Response<unknown, GatewayLocals>) => {
    const id = String(req.params.id);
    if (!CHECKPOINT_ID.test(id)) return refuse(res, 404, 'not_found', 'missing');
    const query = allowedQuery(req, new Set(['rev']));
    return proxy(req, res, `/${res.locals.access.db}/_local/${encodeURIComponent(id)}${query}`);
  });
}
