/**
 * Any CouchDB-compatible client syncs through the gateway (issue 15), not only the browser's RxDB:
 * PouchDB's own replicator, through `/db/`, pulls the public databases (again: nothing new), pulls
 * and pushes its owner's database both ways (documents, deletions, checkpoints), and is refused in
 * CouchDB's words where its role may not go: a write to a public database, another user's database,
 * a document type only the service writes. What it was refused is not on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouriteId } from '../../src/domain/mine';
import { getOrUndefined } from '../../server/store/store';
import { pouchClient } from '../support/pouchdb-client';
import type { PouchClient, PouchError } from '../support/pouchdb-client';
import { mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { sampleInvoice } from '../support/invoices';

let server: TestServer;
let client: PouchClient;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  client = await pouchClient();
  alice = await mintUser(server.store, 'pouch-alice');
  bob = await mintUser(server.store, 'pouch-bob');
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

function favourite(providerId: string) {
  const now = new Date().toISOString();
  return { _id: favouriteId(providerId), type: 'favourite', providerId, createdAt: now, updatedAt: now };
}

async function serverIds(db: string): Promise<string[]> {
  const { rows } = await server.store.db(db).list();
  return rows.map((row) => row.id).filter((id) => !id.startsWith('_design/'));
}

describe('PouchDB through the gateway', () => {
  it('pulls a public database whole, then nothing more', async () => {
    const local = client.local('providers-copy');
    const remote = client.remote(server.url, 'providers');
    const first = await local.replicate.from(remote);
    expect(first.ok).toBe(true);
    const ids = await serverIds('providers');
    expect(ids.length).toBeGreaterThan(10);
    const copied = await local.allDocs();
    expect(copied.rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    const again = await local.replicate.from(remote);
    expect(again.docs_written).toBe(0);
  });

  it('cannot push to a public database: refused as CouchDB refuses, nothing written', async () => {
    const local = client.local('forged-providers');
    await local.put({ _id: 'forged-provider', type: 'provider', fullName: 'Forged' });
    const remote = client.remote(server.url, 'providers', alice.cookie);
    const error = (await local.replicate.to(remote).then(
      () => undefined,
      (failure: unknown) => failure,
    )) as PouchError | undefined;
    expect(error?.status).toBe(403);
    expect(await getOrUndefined(server.store.db('providers'), 'forged-provider')).toBeUndefined();
  });

  it('syncs its owner’s database both ways, deletions and checkpoints included', async () => {
    const local = client.local('alice');
    const remote = client.remote(server.url, alice.db, alice.cookie);
    await local.put(favourite('demo-lawyer-001'));
    await local.put(favourite('demo-expat-001'));
    const pushed = await local.replicate.to(remote);
    expect([pushed.ok, pushed.docs_written, pushed.doc_write_failures]).toEqual([true, 2, 0]);
    expect(await serverIds(alice.db)).toEqual(
      expect.arrayContaining([favouriteId('demo-lawyer-001'), favouriteId('demo-expat-001')]),
    );

    // The service writes into the user's database; the client pulls it.
    const at = new Date().toISOString();
    await server.store.db(alice.db).insert({
      _id: 'notification:pouch-1',
      id: 'notification:pouch-1',
      type: 'notification',
      kind: 'invoice_ready',
      params: { number: 'SOS-2026-000001' },
      isRead: false,
      createdAt: at,
      updatedAt: at,
    });
    const pulled = await local.replicate.from(remote);
    expect(pulled.ok).toBe(true);
    expect(await local.get('notification:pouch-1')).toMatchObject({ kind: 'invoice_ready' });

    // A deletion made on the client reaches the server.
    const gone = await local.get(favouriteId('demo-expat-001'));
    await local.remove(gone);
    expect((await local.replicate.to(remote)).doc_write_failures).toBe(0);
    expect(await getOrUndefined(server.store.db(alice.db), favouriteId('demo-expat-001'))).toBeUndefined();

    // Checkpoints kept: nothing to do the next time, either way.
    expect((await local.replicate.to(remote)).docs_written).toBe(0);
    expect((await local.replicate.from(remote)).docs_written).toBe(0);
  });

  it('is denied what only the service writes, the rest of the batch written', async () => {
    const local = client.local('alice-forgery');
    const remote = client.remote(server.url, alice.db, alice.cookie);
    await local.put({ ...sampleInvoice({ number: 'SOS-2026-999999' }), _id: 'invoice:forged' });
    await local.put(favourite('demo-lawyer-002'));
    const denied: unknown[] = [];
    const replication = local.replicate.to(remote);
    replication.on('denied', (error) => denied.push(error));
    const result = await replication;
    expect([result.docs_written, result.doc_write_failures]).toEqual([1, 1]);
    expect(denied).toEqual([expect.objectContaining({ id: 'invoice:forged' })]);
    expect(await getOrUndefined(server.store.db(alice.db), 'invoice:forged')).toBeUndefined();
    expect(await getOrUndefined(server.store.db(alice.db), favouriteId('demo-lawyer-002'))).toBeDefined();
  });

  it('is refused another user’s database, and any user database signed out', async () => {
    for (const [cookie, status] of [
      [bob.cookie, 403],
      [undefined, 401],
    ] as const) {
      const local = client.local(`intruder-${status}`);
      const error = (await local.replicate.from(client.remote(server.url, alice.db, cookie)).then(
        () => undefined,
        (failure: unknown) => failure,
      )) as PouchError | undefined;
      expect(error?.status).toBe(status);
      expect((await local.allDocs()).rows).toEqual([]);
    }
  });
});
