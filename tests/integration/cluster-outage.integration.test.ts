/**
 * Two of a CouchDB cluster's three nodes down (issue 15), on the suite's own cluster
 * (`npm run test:integration:couchdb` says where its nodes live; elsewhere this file has nothing to
 * run): a registration is answered 503 `store_unavailable` (try again in a moment), not a 500, and
 * leaves nothing half-made; once the nodes are back the same registration succeeds, the service
 * not restarted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountByEmail } from '../../server/services/accounts';
import { killNode, restartNode } from '../support/couchdb';
import { BROWSER_HEADERS } from '../support/sessions';
import { testStoreKind } from '../support/store-selection';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const clusterDir = process.env.TEST_COUCHDB_CLUSTER_DIR;
const onCluster = testStoreKind() === 'couchdb' && Boolean(clusterDir);
const EMAIL = 'outage.client@example.test';

let server: TestServer;

beforeAll(async () => {
  if (onCluster) server = await startTestServer();
});
afterAll(async () => {
  if (!onCluster) return;
  // Whatever happened, the cluster is whole again for the files after this one.
  for (const n of [2, 3]) await restartNode(clusterDir!, n).catch(() => undefined);
  await server?.close();
});

function register() {
  return fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify({
      role: 'client',
      language: 'fr',
      firstName: 'Olga',
      email: EMAIL,
      password: 'secret-client-1',
      languages: ['fr'],
      phone: '+33612345678',
      phoneCountry: 'FR',
      acceptedTerms: true,
    }),
  });
}

async function userDatabases(): Promise<string[]> {
  return (await server.store.server.db.list()).filter((name) => name.startsWith('userdb-'));
}

describe.skipIf(!onCluster)('a cluster with two of its three nodes down', () => {
  it('answers a registration 503, makes nothing, and registers it once the nodes are back', async () => {
    const before = await userDatabases();
    killNode(clusterDir!, 2);
    killNode(clusterDir!, 3);
    const refused = await register();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: 'store_unavailable' } });
    expect(refused.headers.get('retry-after')).toBe('5');

    for (const n of [2, 3]) await restartNode(clusterDir!, n);
    // Nothing half-made: no account, no address taken, no user database left behind.
    await expect.poll(async () => (await userDatabases()).length, { timeout: 30_000 }).toBe(before.length);
    expect(await findAccountByEmail(server.store, EMAIL)).toBeUndefined();

    // The same service, not restarted, registers it now.
    await expect.poll(async () => (await register()).status, { timeout: 60_000, interval: 1000 }).toBe(201);
    expect(await findAccountByEmail(server.store, EMAIL)).toMatchObject({ role: 'client' });
  }, 180_000);
});
