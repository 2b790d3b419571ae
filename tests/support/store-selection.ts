/**
 * Which store the integration suite runs on (issue 15): the embedded store by default, or a real
 * Apache CouchDB, single node or cluster, with `TEST_STORE=couchdb` and `TEST_COUCHDB_URL` (admin
 * credentials in the URL). `scripts/test-on-couchdb.ts` starts a cluster and runs the suite so.
 * Tests that assert the store's kind ask `testStoreKind()`.
 */
import type { StoreKind } from '../../server/store/store';

export function testCouchdbUrl(): string | undefined {
  if (process.env.TEST_STORE !== 'couchdb') return undefined;
  const url = process.env.TEST_COUCHDB_URL;
  if (!url) throw new Error('TEST_STORE=couchdb needs TEST_COUCHDB_URL (http://admin:secret@host:port).');
  return url;
}

export const testStoreKind = (): StoreKind => (testCouchdbUrl() ? 'couchdb' : 'embedded');

/** What a service process started by a test needs to use the same store (else its embedded one). */
export function serviceStoreEnv(): Record<string, string> {
  const url = testCouchdbUrl();
  return url ? { COUCHDB_URL: url } : {};
}
