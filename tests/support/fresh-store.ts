/**
 * Before each integration test file on a real CouchDB (TEST_STORE=couchdb): every database of the
 * previous file is deleted, so that each file starts on a store as fresh as its own embedded one
 * would be (files run one at a time: vitest.config.ts). Nothing happens on the embedded store.
 */
import { emptyCouchdb } from './couchdb';
import { testCouchdbUrl } from './store-selection';

const url = testCouchdbUrl();
if (url) await emptyCouchdb(url);
