import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrUndefined } from '../../server/store/store';
import { favouriteId } from '../../src/domain/mine';
import { sampleInvoice } from '../support/invoices';
import { eventually } from '../support/orders';
import { BROWSER_HEADERS, banUser, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let mallory: TestUser;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  alice = await mintUser(server.store, 'alice-1');
  bob = await mintUser(server.store, 'bob-2', 'lawyer');
  mallory = await mintUser(server.store, 'mallory-3');
  await banUser(server.store, mallory.uid);
});

afterAll(async () => {
  await server?.close();
});

type Call = { method?: string; path: string; body?: unknown; cookie?: string };

async function call({ method = 'GET', path, body, cookie }: Call) {
  const response = await fetch(server.url + path, {
    method,
    headers: {
      ...BROWSER_HEADERS,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

function favourite(providerId: string, extra: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    _id: favouriteId(providerId),
    type: 'favourite',
    providerId,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

const FORBIDDEN_FOR_EVERYONE: Call[] = [
  { path: '/db/_all_dbs' },
  { path: '/db/_users' },
  { path: '/db/_users/_all_docs' },
  { path: '/db/_config' },
  { path: '/db/_session' },
  { method: 'POST', path: '/db/_session', body: { name: 'admin', password: 'x' } },
  { method: 'POST', path: '/db/_replicate', body: { source: 'accounts', target: 'http://evil/' } },
  { path: '/db/accounts/_all_docs' },
  { path: '/db/accounts/_changes' },
  { path: '/db/orders/' },
  { path: '/db/logs/_changes' },
  { method: 'PUT', path: '/db/newdb/' },
  { method: 'PUT', path: '/db/newdb' },
  { method: 'DELETE', path: '/db/providers/' },
  { method: 'DELETE', path: '/db/content' },
  { method: 'POST', path: '/db/providers/_bulk_docs', body: { docs: [{ _id: 'x', type: 'provider' }] } },
  { method: 'PUT', path: '/db/providers/demo-lawyer-001', body: { type: 'provider' } },
  { method: 'DELETE', path: '/db/config/pricing' },
  { method: 'POST', path: '/db/config/', body: { _id: 'pricing2' } },
  { path: '/db/providers/_security' },
  { method: 'PUT', path: '/db/providers/_security', body: { members: {} } },
  { method: 'PUT', path: '/db/content/_design/evil', body: { views: {} } },
  { path: '/db/providers/_design/anything' },
  { method: 'PUT', path: '/db/providers/_local/anything', body: { last_seq: '1' } },
  { method: 'POST', path: '/db/providers/_find', body: { selector: {} } },
  { method: 'POST', path: '/db/providers/_revs_diff', body: {} },
];

describe('replication gateway: who may do what', () => {
  it('lets anyone pull the public databases', async () => {
    for (const db of ['providers', 'content', 'config']) {
      const info = await call({ path: `/db/${db}/` });
      expect(info.status).toBe(200);
      const changes = await call({ path: `/db/${db}/_changes?include_docs=true&limit=5&style=all_docs` });
      expect(changes.status).toBe(200);
      expect(changes.json).toHaveProperty('results');
      const allDocs = await call({
        method: 'POST',
        path: `/db/${db}/_all_docs`,
        body: { keys: ['pricing'] },
      });
      expect(allDocs.status).toBe(200);
    }
    // What a CouchDB client reads first: a welcome, nothing of the store behind.
    const welcome = await call({ path: '/db/' });
    expect([welcome.status, welcome.json]).toEqual([
      200,
      { couchdb: 'Welcome', uuid: expect.stringMatching(/^[0-9a-f]{32}$/), vendor: expect.any(Object) },
    ]);
    // A public database keeps no replication checkpoint: none found, in CouchDB's words.
    const checkpoint = await call({ path: '/db/providers/_local/anything' });
    expect([checkpoint.status, checkpoint.json]).toEqual([404, { error: 'not_found', reason: 'missing' }]);
    const provider = await call({ path: '/db/providers/demo-lawyer-001' });
    expect(provider.status).toBe(200);
    expect(provider.json).toMatchObject({ _id: 'demo-lawyer-001', type: 'provider' });
  });

  it.each([
    ['anonymous', undefined],
    ['a signed-in client', 'alice'],
    ['a signed-in lawyer', 'bob'],
  ])('refuses every other path for %s, with a JSON error, without reaching the store', async (_who, user) => {
    const cookie = user === 'alice' ? alice.cookie : user === 'bob' ? bob.cookie : undefined;
    for (const request of FORBIDDEN_FOR_EVERYONE) {
      const answer = await call({ ...request, cookie });
      expect([401, 403], `${request.method ?? 'GET'} ${request.path}`).toContain(answer.status);
      // In CouchDB's words: what CouchDB clients (PouchDB, a native app, CouchDB's replicator) read.
      expect(answer.json, `${request.method ?? 'GET'} ${request.path}`).toMatchObject({
        error: expect.any(String),
        reason: expect.any(String),
      });
    }
    const databases = await server.store.server.db.list();
    expect(databases).not.toContain('newdb');
    expect(await getOrUndefined(server.store.db('providers'), '_design/evil')).toBeUndefined();
    expect(await getOrUndefined(server.store.db('content'), '_design/evil')).toBeUndefined();
    expect(await getOrUndefined(server.store.db('config'), 'pricing')).toBeDefined();
    const provider = await server.store.db('providers').get('demo-lawyer-001');
    expect(provider).toMatchObject({ role: 'lawyer' });
    const security = await server.store.server.request({ db: 'providers', path: '_security' });
    expect(security).toMatchObject({ members: { names: [], roles: [] } });
  });

  it('asks anonymous callers to sign in for a user database', async () => {
    const answer = await call({ path: `/db/${alice.db}/_changes` });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ error: 'unauthorized', reason: expect.any(String) });
  });

  it('lets users pull and push their own database only', async () => {
    const own = await call({ path: `/db/${alice.db}/_changes?include_docs=true`, cookie: alice.cookie });
    expect(own.status).toBe(200);
    const push = await call({
      method: 'POST',
      path: `/db/${alice.db}/_bulk_docs`,
      body: { docs: [favourite('demo-lawyer-001')] },
      cookie: alice.cookie,
    });
    expect(push.status).toBe(201);
    expect(push.json).toEqual([expect.objectContaining({ ok: true, id: favouriteId('demo-lawyer-001') })]);

    for (const request of [
      { path: `/db/${alice.db}/_changes` },
      { path: `/db/${alice.db}/` },
      { method: 'POST', path: `/db/${alice.db}/_bulk_docs`, body: { docs: [favourite('demo-expat-001')] } },
      { path: `/db/${alice.db}/${encodeURIComponent(favouriteId('demo-lawyer-001'))}` },
    ]) {
      const answer = await call({ ...request, cookie: bob.cookie });
      expect(answer.status, request.path).toBe(403);
      expect(answer.json).toMatchObject({ error: 'forbidden', reason: expect.any(String) });
    }
    // (a listing on a cluster can lag the write a moment: see the batch test below)
    const ids = await eventually(async () => {
      const { rows } = await server.store.db(alice.db).list();
      return rows.length > 0 ? rows.map((row) => row.id) : undefined;
    });
    expect(ids).toEqual([favouriteId('demo-lawyer-001')]);
    expect(await getOrUndefined(server.store.db(alice.db), favouriteId('demo-expat-001'))).toBeUndefined();
  });

  it("refuses a user's writes to the structure of their own database", async () => {
    for (const request of [
      { path: `/db/${alice.db}/_security` },
      { method: 'PUT', path: `/db/${alice.db}/_security`, body: { members: { names: [], roles: [] } } },
      { method: 'PUT', path: `/db/${alice.db}/_design/x`, body: { views: {} } },
      { method: 'DELETE', path: `/db/${alice.db}/` },
      { method: 'PUT', path: `/db/${alice.db}/doc`, body: favourite('x') },
    ]) {
      const answer = await call({ ...request, cookie: alice.cookie });
      expect(answer.status, `${request.method ?? 'GET'} ${request.path}`).toBe(403);
    }
    // A replicator's push (new_edits=false) is checked as any other: a revision without its _rev is refused.
    const replicated = await call({
      method: 'POST',
      path: `/db/${alice.db}/_bulk_docs`,
      body: { docs: [favourite('y')], new_edits: false },
      cookie: alice.cookie,
    });
    expect([replicated.status, replicated.json]).toEqual([
      201,
      [expect.objectContaining({ error: 'forbidden', reason: expect.stringContaining('_rev') })],
    ]);
    expect(await server.store.server.db.list()).toContain(alice.db);
    const security = await server.store.server.request({ db: alice.db, path: '_security' });
    expect(security).toMatchObject({ members: { names: [alice.uid] } });
  });

  it('treats a banned user as signed out on the very next request', async () => {
    const answer = await call({ path: `/db/${mallory.db}/_changes`, cookie: mallory.cookie });
    expect(answer.status).toBe(401);
  });

  it('refuses an unknown or forged session', async () => {
    const answer = await call({ path: `/db/${alice.db}/_changes`, cookie: 'sid=forged-token' });
    expect(answer.status).toBe(401);
  });
});

describe("replication gateway: content in the reader's language", () => {
  type Row = { id: string; deleted?: boolean; doc?: { type?: string; language?: string } };
  type Changes = { results: Row[]; last_seq: string | number };
  const changes = async (query: string) => {
    const answer = await call({ path: `/db/content/_changes?style=all_docs&include_docs=true&${query}` });
    expect(answer.status).toBe(200);
    return answer.json as Changes;
  };

  it('pages through the help texts of one language with every testimonial, review and deletion, full pages until the end', async () => {
    const content = server.store.db<{ type: string; language: string }>('content');
    const gone = await content.insert({ _id: 'article-gone-fr', type: 'article', language: 'fr' });
    await content.destroy('article-gone-fr', gone.rev);
    const whole = (await changes('since=0')).results;
    const kept = whole.filter(
      (row) =>
        row.deleted ||
        !['article', 'faq', 'legal'].includes(row.doc?.type ?? '') ||
        row.doc?.language === 'ru',
    );
    expect(kept.length).toBeLessThan(whole.length);
    expect(kept.some((row) => row.doc?.type === 'article')).toBe(true);

    const pages: Row[][] = [];
    for (let since: string | number = 0; ;) {
      const page = await changes(`since=${since}&limit=25&language=ru`);
      pages.push(page.results);
      since = page.last_seq;
      if (page.results.length < 25) break;
    }
    // Every page but the last is full, though the store's own pages of 25 hold other languages too.
    expect(pages.slice(0, -1).every((page) => page.length >= 25)).toBe(true);
    // In any order: a cluster interleaves its shards' changes differently from one read to another.
    const ids = (rows: Row[]) => rows.map((row) => row.id).sort();
    expect(ids(pages.flat())).toEqual(ids(kept));
    expect(pages.flat().some((row) => row.id === 'article-gone-fr' && row.deleted)).toBe(true);
  });

  it('refuses a language filter on another database, an unknown language, or one without the documents', async () => {
    for (const path of [
      '/db/providers/_changes?include_docs=true&language=fr',
      '/db/content/_changes?include_docs=true&language=it',
      '/db/content/_changes?include_docs=true&language=fr&language=en',
      '/db/content/_changes?language=fr',
    ]) {
      const answer = await call({ path });
      expect(answer.status, path).toBe(400);
      expect((answer.json as { error: string }).error).toBe('bad_request');
    }
  });
});

describe('replication gateway: pushed documents', () => {
  it('writes the valid documents of a batch and refuses the others with a reason', async () => {
    const docs = [
      favourite('demo-expat-002'),
      { ...favourite('demo-expat-003'), providerId: undefined },
      favourite('demo-expat-004', { isApproved: true }),
      { _id: '_design/evil', views: {} },
      { _id: 'payout:1', type: 'payout', amount: 0 },
      favourite('demo-expat-005', { _attachments: {} }),
      {
        _id: favouriteId('bad id!'),
        type: 'favourite',
        providerId: 'bad id!',
        createdAt: 'x',
        updatedAt: 'y',
      },
      favourite('demo-expat-006'),
    ];
    const answer = await call({
      method: 'POST',
      path: `/db/${bob.db}/_bulk_docs`,
      body: { docs },
      cookie: bob.cookie,
    });
    expect(answer.status).toBe(201);
    const rows = answer.json as { id?: string; ok?: boolean; error?: string; reason?: string }[];
    expect(rows).toHaveLength(docs.length);
    expect(rows[0]).toMatchObject({ ok: true, id: favouriteId('demo-expat-002') });
    for (const row of rows.slice(1, 7)) {
      expect(row).toMatchObject({ error: 'conflict', reason: expect.stringMatching(/^rejected: .+/) });
    }
    expect(rows[2]!.reason).toContain('additional properties');
    expect(rows[4]!.reason).toContain('unknown document type');
    expect(rows[7]).toMatchObject({ ok: true, id: favouriteId('demo-expat-006') });

    // On a CouchDB cluster a listing is answered by one copy of each shard and can lag a write a
    // moment: it is read until it shows the two; a read by id (a quorum) says the others are absent.
    const ids = await eventually(async () => {
      const { rows } = await server.store.db(bob.db).list();
      return rows.length >= 2 ? rows.map((row) => row.id).sort() : undefined;
    });
    expect(ids).toEqual([favouriteId('demo-expat-002'), favouriteId('demo-expat-006')].sort());
    for (const doc of docs.slice(1, 7)) {
      const id = (doc as { _id: string })._id;
      expect(await getOrUndefined(server.store.db(bob.db), id), id).toBeUndefined();
    }
  });

  it('refuses a change of type on an existing document', async () => {
    const now = new Date().toISOString();
    const first = await call({
      method: 'POST',
      path: `/db/${bob.db}/_bulk_docs`,
      body: {
        docs: [
          {
            _id: 'settings',
            type: 'settings',
            notifications: { email: true, push: true, sms: false },
            privacy: { profileVisibility: 'public', allowContact: true, showOnMap: true },
            language: { primary: 'fr', preferredCommunication: 'fr' },
            updatedAt: now,
          },
        ],
      },
      cookie: bob.cookie,
    });
    expect(first.json).toEqual([expect.objectContaining({ ok: true })]);
    const answer = await call({
      method: 'GET',
      path: `/db/${bob.db}/_all_docs?include_docs=true&keys=${encodeURIComponent(JSON.stringify(['settings']))}`,
      cookie: bob.cookie,
    });
    const rev = (answer.json as { rows: { value: { rev: string } }[] }).rows[0]!.value.rev;
    const second = await call({
      method: 'POST',
      path: `/db/${bob.db}/_bulk_docs`,
      body: { docs: [{ ...favourite('demo-expat-009'), _id: 'settings', _rev: rev }] },
      cookie: bob.cookie,
    });
    expect(second.json).toEqual([
      expect.objectContaining({ error: 'conflict', reason: expect.stringContaining('type') }),
    ]);
  });

  it('answers a tombstone for a refused document the server does not hold', async () => {
    const keys = encodeURIComponent(JSON.stringify(['never-written', favouriteId('demo-expat-002')]));
    const answer = await call({
      path: `/db/${bob.db}/_all_docs?include_docs=true&keys=${keys}`,
      cookie: bob.cookie,
    });
    const rows = (answer.json as { rows: { key: string; doc: Record<string, unknown> }[] }).rows;
    expect(rows[0]!.doc).toMatchObject({ _id: 'never-written', _deleted: true });
    expect(rows[1]!.doc).toMatchObject({ _id: favouriteId('demo-expat-002'), type: 'favourite' });
  });

  it('answers malformed pushes with 400 and a JSON error', async () => {
    for (const body of [{ docs: 'nope' }, {}, []]) {
      const answer = await call({
        method: 'POST',
        path: `/db/${bob.db}/_bulk_docs`,
        body,
        cookie: bob.cookie,
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: 'bad_request', reason: expect.any(String) });
    }
    const response = await fetch(`${server.url}/db/${bob.db}/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: bob.cookie, ...BROWSER_HEADERS },
      body: '{"docs": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_json', reason: expect.any(String) });
  });
});

describe("replication gateway: the service's documents in a user's database", () => {
  it('lets the owner read invoices and call states but never write them, and only mark notifications read', async () => {
    const now = new Date().toISOString();
    const invoice = { ...sampleInvoice({ sequence: 7 }), _id: 'invoice:SOS-2026-000007' };
    const notification = {
      _id: 'notification:ord_1:booking_confirmed',
      id: 'notification:ord_1:booking_confirmed',
      type: 'notification',
      kind: 'booking_confirmed',
      orderId: 'ord_1',
      params: { providerName: 'Léa' },
      isRead: false,
      createdAt: now,
      updatedAt: now,
    };
    await server.store.db(alice.db).insert(invoice);
    await server.store.db(alice.db).insert(notification);
    const stored = await server.store
      .db<typeof notification & { _rev: string }>(alice.db)
      .get(notification._id);
    const storedInvoice = await server.store.db<typeof invoice & { _rev: string }>(alice.db).get(invoice._id);

    const pull = await call({ path: `/db/${alice.db}/_all_docs?include_docs=true`, cookie: alice.cookie });
    expect(JSON.stringify(pull.json)).toContain('SOS-2026-000007');

    const push = (docs: unknown[]) =>
      call({
        method: 'POST',
        path: `/db/${alice.db}/_bulk_docs`,
        body: { docs, new_edits: true },
        cookie: alice.cookie,
      });
    const later = new Date(Date.now() + 1000).toISOString();
    const answer = await push([
      { ...storedInvoice, amounts: { ...storedInvoice.amounts, total: 1 }, updatedAt: later },
      { ...stored, isRead: true, params: { providerName: 'Mallory' }, updatedAt: later },
      { ...favourite('x'), _id: 'call:ord_2', type: 'call_session' },
    ]);
    const rows = answer.json as { ok?: boolean; error?: string; reason?: string }[];
    expect(rows.map((row) => row.error)).toEqual(['conflict', 'conflict', 'conflict']);
    expect(rows[0]!.reason).toContain('written by the service only');

    const read = await push([{ ...stored, isRead: true, updatedAt: later }]);
    expect((read.json as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
    expect(await getOrUndefined(server.store.db(alice.db), notification._id)).toMatchObject({
      isRead: true,
      params: { providerName: 'Léa' },
    });
    expect(await getOrUndefined(server.store.db(alice.db), invoice._id)).toMatchObject({
      amounts: { total: 4900 },
    });
  });
});
