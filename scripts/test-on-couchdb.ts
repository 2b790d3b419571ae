/**
 * Runs the integration suite on a real Apache CouchDB (issue 15): a fresh 3-node cluster on
 * loopback (or one node with `--node`), stopped and removed whatever the outcome
 * (tests/support/couchdb.ts finds the release).
 *
 *   npm run test:integration:couchdb [-- --node] [-- vitest arguments…]
 *
 * Each test file starts on fresh databases (tests/support/fresh-store.ts). On a cluster, the outage
 * test (two of its three nodes stopped, then started again) runs alone once the rest is done, so
 * that no other file sees its nodes go.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startCouchdb } from '../tests/support/couchdb';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUTAGE_TEST = 'tests/integration/cluster-outage.integration.test.ts';
const args = process.argv.slice(2);
const vitestArgs = args.filter((a) => a !== '--node');
const couchdb = await startCouchdb(args.includes('--node') ? 'node' : 'cluster');

function vitest(files: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise<number>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'integration', ...files], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        // The webhook fuzzes' 1,000 and 200 histories run on the embedded store; here, fewer (each
        // request costs more on three nodes), enough to replay, duplicate and reorder every kind of
        // notice, 8 histories at a time. The cluster's races are the money-races test's.
        WEBHOOK_FUZZ_SEQUENCES: '120',
        DISPUTE_FUZZ_SEQUENCES: '80',
        ...process.env,
        TEST_STORE: 'couchdb',
        TEST_COUCHDB_URL: couchdb.url,
        ...env,
      },
    });
    child.on('exit', (exit) => resolve(exit ?? 1));
  });
}

let code: number;
try {
  console.log(
    `[couchdb] ${couchdb.kind === 'node' ? 'one node' : 'a 3-node cluster'} at ${couchdb.url.replace(/\/\/[^@]*@/, '//')}`,
  );
  code = await vitest(vitestArgs);
  const outageAsked = vitestArgs.length === 0 || vitestArgs.some((a) => OUTAGE_TEST.includes(a));
  if (couchdb.kind === 'cluster' && outageAsked) {
    const outage = await vitest([OUTAGE_TEST], { TEST_COUCHDB_CLUSTER_DIR: couchdb.dir });
    code ||= outage;
  }
} finally {
  await couchdb.stop();
}
process.exit(code);
