/**
 * The one door from the service to the CouchDB-compatible store. Everything on the server reads and
 * writes through this module (nano underneath); the replication gateway is the only other user of
 * the store's address, and it takes it from here too.
 *
 * The store is either a real CouchDB (COUCHDB_URL) or the embedded express-pouchdb started by
 * `startEmbeddedStore`; both are addressed the same way, with admin credentials.
 */
import nano from 'nano';
import type { DocumentScope, ServerScope } from 'nano';
import { redactText, registerSecret } from '../log';
import { contestPause } from './claim';
import { createLocalWrites } from './local-writes';
import type { LocalWrites } from './local-writes';
import { withLock } from './lock';
import { liveLeaves, quorumInsert } from './quorum-write';
import { getDoc } from './store-http';

export type StoreKind = 'couchdb' | 'embedded';

export type Store = {
  kind: StoreKind;
  /** The embedded store's process id (undefined for a real CouchDB). */
  pid?: number;
  /** The store's origin without credentials, e.g. http://127.0.0.1:5984 */
  origin: string;
  /** `Basic …` header value for the admin credentials. */
  authorization: string;
  server: ServerScope;
  db<T extends object = Record<string, unknown>>(name: string): DocumentScope<T>;
  /** This process's writes through `db(name)`, told as each is answered (local-writes.ts). */
  writes: LocalWrites;
  close(): Promise<void>;
};

export class StoreError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/**
 * A creation still contested after every attempt (on a CouchDB cluster, rival creations of one id
 * that kept conflicting): the document may stand by now, written by a rival. Answered 503.
 */
export class CreationContested extends StoreError {
  constructor(db: string, id: string) {
    super(`Could not create ${db}/${id}: too many concurrent writes`, 503);
    this.name = 'CreationContested';
  }
}

/**
 * Connects to a store given a URL carrying admin credentials (`http://admin:secret@host:5984`).
 * `writes`: where its writes are told (the embedded store keeps one across its restarts).
 */
export function connectStore(
  url: string,
  kind: StoreKind,
  close: () => Promise<void> = async () => {},
  pid?: number,
  writes: LocalWrites = createLocalWrites(),
): Store {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const origin = parsed.origin + parsed.pathname.replace(/\/$/, '');
  const authorization = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
  registerSecret(password);
  registerSecret(`${user}:${password}`);
  // Capitalised: nano scrubs `Authorization` (only that spelling) from the request its errors carry.
  const server = nano({ url: origin, headers: { Authorization: authorization } });
  const target = { origin, authorization };
  return {
    kind,
    pid,
    origin,
    authorization,
    server,
    db: <T extends object>(name: string) => documentsOf(server.use<T>(name), target, name, writes),
    writes,
    close,
  };
}

/**
 * A database's documents API: nano's own, but `insert` settled as quorum-write.ts says, a plain read
 * by id (no parameters) made over the service's own connections (store-http.ts), and every write
 * told to this process's listeners once answered (local-writes.ts).
 */
function documentsOf<T extends object>(
  scope: DocumentScope<T>,
  target: { origin: string; authorization: string },
  name: string,
  writes: LocalWrites,
): DocumentScope<T> {
  const told =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      write(...args).finally(() => writes.report(name));
  const insert = told((doc: T & { _id?: string }) => quorumInsert(target, name, doc));
  // Design and local documents (`_design/…`, `_local/…`) keep nano's own path handling.
  const get = (id: string, params?: object) =>
    params === undefined && typeof id === 'string' && !id.startsWith('_')
      ? getDoc<T>(target, name, id)
      : scope.get(id, params);
  return {
    ...scope,
    get: get as DocumentScope<T>['get'],
    insert: insert as DocumentScope<T>['insert'],
    bulk: told(scope.bulk.bind(scope)) as DocumentScope<T>['bulk'],
    destroy: told(scope.destroy.bind(scope)) as DocumentScope<T>['destroy'],
  };
}

/** True for nano's "not found" answers. */
export function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}

export function isConflict(error: unknown): boolean {
  return statusOf(error) === 409;
}

/**
 * Whether the store could not do what was asked for want of its own servers, not for anything in
 * the request: unreachable, answering 503, or (a CouchDB cluster with too few nodes up) `no_majority`.
 * The caller may try again in a moment, and the service answers 503 (http/errors.ts).
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { statusCode, reason, error: kind, code, cause } = error as Record<string, unknown>;
  if (statusCode === 503) return true;
  if (reason === 'no_majority' || kind === 'no_majority') return true;
  if (typeof reason === 'string' && reason.includes('no_majority')) return true;
  const network = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET'];
  if (typeof code === 'string' && network.includes(code)) return true;
  return cause !== undefined && cause !== error && isStoreUnavailable(cause);
}

export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const code = (error as { statusCode?: unknown }).statusCode;
    return typeof code === 'number' ? code : undefined;
  }
  return undefined;
}

/** Reads a document, or `undefined` when it does not exist. */
export async function getOrUndefined<T extends object>(
  db: DocumentScope<T>,
  id: string,
): Promise<(T & { _id: string; _rev: string }) | undefined> {
  try {
    return (await db.get(id)) as T & { _id: string; _rev: string };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

const WRITE_ATTEMPTS = 8;

/** A document as read or written: its fields, its id, and its revision once it has one. */
type Stored<T> = T & { _id: string; _rev?: string };

/**
 * Read-modify-write of one document, reading again when another write came first (a 409). `change`
 * gets the current document (undefined when there is none) and answers the next one, or undefined
 * to leave it as it is. Answers what was written, or undefined when nothing was. On a CouchDB
 * cluster, where two such writes could both be accepted, it runs under the document's lock
 * (lock.ts).
 */
export function upsertDoc<T extends object>(
  store: Store,
  db: string,
  id: string,
  change: (current: Stored<T> | undefined) => Stored<T> | undefined,
): Promise<Stored<T> | undefined> {
  return withLock(store, `${db}/${id}`, () => readChangeWrite(store, db, id, change));
}

async function readChangeWrite<T extends object>(
  store: Store,
  db: string,
  id: string,
  change: (current: Stored<T> | undefined) => Stored<T> | undefined,
): Promise<Stored<T> | undefined> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const current = await getOrUndefined(store.db<T>(db), id);
    const next = change(current);
    if (!next) return undefined;
    try {
      const written = await store
        .db<T>(db)
        .insert({ ...next, _id: id, ...(current ? { _rev: current._rev } : {}) });
      return { ...next, _id: id, _rev: written.rev };
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  throw new StoreError(`Could not write ${db}/${id}: too many concurrent writes`, 409);
}

/**
 * Writes `next` over the revision it was read at (`next._rev`; none: a creation), as a plain insert
 * would, 409 when another write came first; on a CouchDB cluster under the document's lock, like upsertDoc, so that
 * the two kinds of writers of one document decide their races the same way.
 */
export function replaceDoc<T extends object>(
  store: Store,
  db: string,
  next: T & { _id: string; _rev?: string },
): Promise<{ rev: string }> {
  return withLock(store, `${db}/${next._id}`, async () => {
    if (store.kind === 'couchdb') {
      const current = await getOrUndefined(store.db<T>(db), next._id);
      if (current?._rev !== next._rev) throw new StoreError(`${db}/${next._id} changed meanwhile`, 409);
    }
    const written = await store.db<T>(db).insert(next);
    return { rev: written.rev };
  });
}

/**
 * Creates a document unless one with that id exists; true when this call created it; `false`
 * always means that the document is there.
 */
export async function createOnce<T extends object>(
  store: Store,
  db: string,
  doc: T & { _id: string },
): Promise<boolean> {
  return (await createDocOnce(store, db, doc)) !== undefined;
}

/**
 * createOnce, answering the revision this call created (undefined: the document is there).
 *
 * On a CouchDB cluster the creation runs under the document's lock, like upsertDoc. Rival creations
 * of one id sent at once are not decided cleanly there: a creation answered 409 may still have been
 * taken by the one copy that did not hold the winner yet, and surface later as a second live
 * revision (a stray) that nobody withdraws, since its writer cannot tell it from the winner. Seen:
 * six sends of one checkout, five answered 503 because the order never stood alone. Under the lock
 * only one creation of an id is in flight at a time, so a 409 means the document is there.
 */
export async function createDocOnce<T extends object>(
  store: Store,
  db: string,
  doc: T & { _id: string },
): Promise<{ rev: string } | undefined> {
  if (store.kind !== 'couchdb') return createUnlessThere(store, db, doc);
  return withLock(store, `${db}/${doc._id}`, () => createUnlessThere(store, db, doc));
}

async function createUnlessThere<T extends object>(
  store: Store,
  db: string,
  doc: T & { _id: string },
): Promise<{ rev: string } | undefined> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    try {
      const written = await store.db<T>(db).insert(doc);
      return { rev: written.rev };
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
    // A writer that does not take the lock (a user's device through the gateway) may still leave
    // rival revisions for a moment: the document counts as there once it stands alone.
    if (await standsAlone(store, db, doc._id)) return undefined;
    await contestPause(attempt);
  }
  throw new CreationContested(db, doc._id);
}

/**
 * upsertDoc, starting from the document as this caller last had it (just created or read, with its
 * revision): on one node `change` is written over that revision at once, and the document is read
 * again only when another write came first (409). On a CouchDB cluster it is upsertDoc itself, under
 * the document's lock: there a write by revision alone could leave two conflicting revisions.
 */
export async function updateFrom<T extends object>(
  store: Store,
  db: string,
  known: Stored<T>,
  change: (current: Stored<T> | undefined) => Stored<T> | undefined,
): Promise<Stored<T> | undefined> {
  if (store.kind === 'couchdb' || !known._rev) return upsertDoc(store, db, known._id, change);
  const next = change(known);
  if (!next) return undefined;
  try {
    const written = await store.db<T>(db).insert({ ...next, _id: known._id, _rev: known._rev });
    return { ...next, _id: known._id, _rev: written.rev };
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
  return upsertDoc(store, db, known._id, change);
}

/**
 * Whether a document is there to stay: on a CouchDB cluster, one live revision on every copy (a
 * creation seen while its rival is still beside it may be withdrawn a moment later, when both
 * creators lost the race); on one node, simply whether it exists.
 */
async function standsAlone(store: Store, db: string, id: string): Promise<boolean> {
  if (store.kind !== 'couchdb') return (await getOrUndefined(store.db(db), id)) !== undefined;
  return (await liveLeaves(store, db, id)).length === 1;
}

/**
 * Creates a database when missing; true when it was created. `shards`: how many shards (`q`) a
 * CouchDB cluster splits it into (its default, 2, unless said): a user's own small database is
 * one shard, so that thousands of them do not cost twice the files and the work.
 */
export async function ensureDatabase(store: Store, name: string, shards?: number): Promise<boolean> {
  try {
    await store.server.db.create(name, store.kind === 'couchdb' && shards ? { q: shards } : undefined);
    return true;
  } catch (error) {
    if (statusOf(error) === 412) return false;
    // On a cluster, a rival creation at the same moment can fail ours otherwise (500 `conflict`,
    // two first checkouts with one demo expert): the database is there all the same.
    if (store.kind === 'couchdb' && (await databaseAppears(store, name))) return false;
    throw error;
  }
}

/** Whether a database is there, or appears within a moment (a rival's creation completing). */
async function databaseAppears(store: Store, name: string): Promise<boolean> {
  for (let look = 0; look < 3; look++) {
    try {
      await store.server.db.get(name);
      return true;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await contestPause(look);
  }
  return false;
}

/** Whether the store answers, and how many databases it holds. */
export async function storeHealth(store: Store): Promise<{ ok: boolean; kind: StoreKind; error?: string }> {
  try {
    await store.server.info();
    return { ok: true, kind: store.kind };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: store.kind, error: redactText(message) };
  }
}
