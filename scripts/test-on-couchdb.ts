/**
 * Runs the integration suite on a real Apache CouchDB (issue 15): a fresh 3-node cluster on
 * loopback (or one node with `--node`), stopped and removed whatever the outcome
 * (tests/support/couchdb.ts finds the release).
 *
 *   npm run test:integration:couchdb [-- --node] [-- vitest arguments…]
 *
 * Each test file starts on fresh databases (tests/support/fresh-store.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startCouchdb } from '../tests/support/couchdb';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const couchdb = await startCouchdb(args.includes('--node') ? 'node' : 'cluster');
let code: number;
try {
  console.log(
    `[couchdb] ${couchdb.kind === 'node' ? 'one node' : 'a 3-node cluster'} at ${couchdb.url.replace(/\/\/[^@]*@/, '//')}`,
  );
  code = await new Promise<number>((resolve) => {
    const vitest = spawn(
      'npx',
      ['vitest', 'run', '--project', 'integration', ...args.filter((a) => a !== '--node')],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          // The webhook fuzz's 1,000 histories run on the embedded store; here, fewer (each request
          // costs more on three nodes), enough to replay, duplicate and reorder every kind of notice.
          WEBHOOK_FUZZ_SEQUENCES: '300',
          ...process.env,
          TEST_STORE: 'couchdb',
          TEST_COUCHDB_URL: couchdb.url,
        },
      },
    );
    vitest.on('exit', (exit) => resolve(exit ?? 1));
  });
} finally {
  await couchdb.stop();
}
process.exit(code);
