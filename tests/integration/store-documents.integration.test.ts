/**
 * The service's own reads and writes of one document, as the store answers them. On the embedded
 * store they take a short way past express-pouchdb (server/store/embedded-fast-path.ts); whichever
 * way they take, and on a real CouchDB, the answers are CouchDB's: the document, 404 for a missing or
 * deleted one or database, 409 for a stale revision, 400 for a body that is no document, 401 for
 * other credentials, and the validation functions of a database applied to the admin too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { quorumInsert, StoreRequestError } from '../../server/store/quorum-write';
import { storeJson } from '../../server/store/store-http';
import type { StoreTarget } from '../../server/store/store-http';
import type { Store } from '../../server/store/store';
import { testStoreKind } from '../support/store-selection';
import { startTestStore } from '../support/test-server';

let store: Store;
let dataDir: string;

beforeAll(async () => {
  ({ store, dataDir } = await startTestStore());
});
afterAll(async () => {
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const DB = 'documents-test';
const admin = (): StoreTarget => ({ origin: store.origin, authorization: store.authorization });
const doc = (id: string) => `/${DB}/${encodeURIComponent(id)}`;
type Answer = { ok?: boolean; id?: string; rev?: string; error?: string; reason?: string } & Record<
  string,
  unknown
>;
const get = (path: string, target = admin()) => storeJson<Answer>(target, 'GET', path);
/** A PUT as sent, answered as the store answers it. */
const rawPut = (path: string, body: unknown, target = admin()) =>
  storeJson<Answer>(target, 'PUT', path, body);

/**
 * The service's own write of a document (`insert`, store/quorum-write.ts: the short way on the
 * embedded store), answered as a status and body. On a cluster a write over a revision that one
 * copy had not replaced yet may be taken by that copy and answered 202 by CouchDB; the service
 * settles that into the 409 one node gives, and so the answers below hold on every store.
 */
async function put(path: string, body: object, target = admin()): Promise<{ status: number; body?: Answer }> {
  const [db, id] = path.slice(1).split('/').map(decodeURIComponent) as [string, string];
  try {
    return { status: 201, body: await quorumInsert(target, db, { ...body, _id: id }) };
  } catch (error) {
    if (!(error instanceof StoreRequestError)) throw error;
    return { status: error.statusCode, body: { error: error.error, reason: error.reason } };
  }
}

/** A PUT with a body as sent, not as JSON of a value (a malformed one). */
async function putRaw(path: string, body: string) {
  const response = await fetch(store.origin + path, {
    method: 'PUT',
    headers: { authorization: store.authorization, 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

describe('a document read or written by the service', () => {
  beforeAll(async () => {
    await store.server.db.create(DB);
  });

  it('is created, read, updated by its revision, and refused over a stale one', async () => {
    const created = await put(doc('a'), { _id: 'a', n: 1, nested: { list: [1, 2] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ok: true, id: 'a' });
    const read = await get(doc('a'));
    expect([read.status, read.body]).toEqual([
      200,
      { _id: 'a', _rev: created.body!.rev, n: 1, nested: { list: [1, 2] } },
    ]);
    const updated = await put(doc('a'), { ...read.body, n: 2 });
    expect(updated.status).toBe(201);
    const stale = await put(doc('a'), { ...read.body, n: 3 });
    expect([stale.status, stale.body?.error]).toEqual([409, 'conflict']);
    const withoutRevision = await put(doc('a'), { _id: 'a', n: 4 });
    expect([withoutRevision.status, withoutRevision.body?.error]).toEqual([409, 'conflict']);
    expect((await get(doc('a'))).body).toMatchObject({ n: 2, _rev: updated.body!.rev });
  });

  it('is 404 when missing or deleted, or when its database is', async () => {
    const missing = await get(doc('nobody'));
    expect([missing.status, missing.body]).toMatchObject([404, { error: 'not_found', reason: 'missing' }]);
    const created = await put(doc('gone'), { _id: 'gone' });
    const deleted = await rawPut(doc('gone'), { _id: 'gone', _rev: created.body!.rev, _deleted: true });
    expect([200, 201]).toContain(deleted.status);
    // (CouchDB's reason is `deleted`, PouchDB's `missing`.)
    const gone = await get(doc('gone'));
    expect([gone.status, gone.body?.error]).toEqual([404, 'not_found']);
    const noDatabase = await get('/no-such-database/a');
    expect([noDatabase.status, noDatabase.body?.error]).toEqual([404, 'not_found']);
    const noDatabaseWrite = await put('/no-such-database/a', { _id: 'a' });
    expect([noDatabaseWrite.status, noDatabaseWrite.body?.error]).toEqual([404, 'not_found']);
    expect((await store.server.db.list()).includes('no-such-database')).toBe(false);
  });

  it('is refused when the body is no document, or the credentials are not the admin’s', async () => {
    const malformed = await putRaw(doc('bad'), '{"_id": "bad",');
    expect([malformed.status, malformed.body.error]).toEqual([400, 'bad_request']);
    expect((await get(doc('bad'))).status).toBe(404);

    const stranger = { origin: store.origin, authorization: 'Basic ' + btoa('admin:wrong') };
    expect((await get(doc('a'), stranger)).status).toBe(401);
    expect((await put(doc('intruder'), { _id: 'intruder' }, stranger)).status).toBe(401);
    expect((await get(doc('intruder'))).status).toBe(404);
  });

  it('is held to the database’s validation functions, the admin’s writes too, as they change', async () => {
    const design = '/' + DB + '/_design/refuse-flagged';
    // On a cluster each copy of a database learns of a changed validation function in its own time:
    // a write just after could be taken by a copy that has not. `w=3` answers once all three have
    // it (one node and the embedded store ignore it).
    const guard = await rawPut(`${design}?w=3`, {
      validate_doc_update:
        "function (doc) { if (doc.flagged) { throw({ forbidden: 'Flagged documents are refused.' }); } }",
    });
    expect(guard.status).toBe(201);
    const refused = await put(doc('flagged'), { _id: 'flagged', flagged: true });
    expect([refused.status, refused.body?.error]).toEqual([403, 'forbidden']);
    expect((await put(doc('plain'), { _id: 'plain' })).status).toBe(201);

    // The guard removed: the same write is taken.
    expect((await storeJson(admin(), 'DELETE', `${design}?rev=${guard.body!.rev}&w=3`)).status).toBe(200);
    expect((await put(doc('flagged'), { _id: 'flagged', flagged: true })).status).toBe(201);
  });

  it('keeps one winner among concurrent writes of one revision, whichever way each is sent', async () => {
    const created = await put(doc('contested'), { _id: 'contested', by: 'creator' });
    const rev = created.body!.rev!;
    // On a cluster a losing bulk write may be answered as taken and leave a conflict (CouchDB's
    // 202, which the service's `insert` settles and a bulk write of the test's own would not).
    const writes = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 && testStoreKind() === 'embedded'
        ? // The long way (a bulk write) beside the service's own PUTs.
          storeJson<Answer[]>(admin(), 'POST', `/${DB}/_bulk_docs`, {
            docs: [{ _id: 'contested', _rev: rev, by: `bulk-${i}` }],
          }).then((answer) => (answer.body?.[0]?.ok ? 201 : 409))
        : put(doc('contested'), { _id: 'contested', _rev: rev, by: `put-${i}` }).then((a) => a.status),
    );
    const statuses = await Promise.all(writes);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    const winner = await get(`${doc('contested')}?conflicts=true`);
    expect(winner.body?._rev).toMatch(/^2-/);
    expect(winner.body?._conflicts).toBeUndefined();
  });

  it('is gone with its database, and a database made again under that name starts empty', async () => {
    const name = 'documents-again';
    await store.server.db.create(name);
    expect((await put(`/${name}/kept`, { _id: 'kept' })).status).toBe(201);
    expect((await get(`/${name}/kept`)).status).toBe(200);
    await store.server.db.destroy(name);
    expect((await get(`/${name}/kept`)).status).toBe(404);
    expect((await put(`/${name}/kept`, { _id: 'kept' })).status).toBe(404);
    expect((await store.server.db.list()).includes(name)).toBe(false);

    await store.server.db.create(name);
    expect((await get(`/${name}/kept`)).body).toMatchObject({ error: 'not_found', reason: 'missing' });
    expect((await put(`/${name}/kept`, { _id: 'kept', again: true })).status).toBe(201);
    expect((await get(`/${name}/kept`)).body).toMatchObject({ again: true });
  });
});
