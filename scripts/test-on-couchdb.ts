/**
 * Runs the integration suite on a real Apache CouchDB (issue 15): a fresh 3-node cluster on
 * loopback (or one node with `--node`), stopped and removed whatever the outcome
 * (tests/support/couchdb.ts finds the release).
 *
 *   npm run test:integration:couchdb [-- --node] [-- vitest arguments…]   (part of `npm test`)
 *   npm run test:integration:cluster   (the same with --invariants)
 *
 * `--invariants` runs only the files that prove the money and data invariants under races, replays
 * and SIGKILL (INVARIANT_TESTS), and the outage test: what a cluster breaks first, in a few minutes,
 * where the whole suite takes about 20 on this 2-core machine.
 *
 * Each test file starts on fresh databases (tests/support/fresh-store.ts). On a cluster, the outage
 * test (two of its three nodes stopped, then started again) runs alone once the rest is done, so
 * that no other file sees its nodes go.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { startCouchdb } from '../tests/support/couchdb';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUTAGE_TEST = 'tests/integration/cluster-outage.integration.test.ts';
/** Races, replays and restarts of everything that moves money or must happen exactly once. */
const INVARIANT_TESTS = [
  'money-races', // a promo code's last uses, one checkout sent at once, invoice numbers
  'store-races', // creations and read-modify-writes of one document at once
  'webhook-fuzz', // payment notices replayed, duplicated and reordered
  'refunds-crash', // refunds killed mid-way
  'payouts-crash', // payouts killed mid-way
  'comms-crash', // a broadcast killed mid-way
  'campaign-crash', // a mail campaign killed with a mail in the SMTP server's hands
  'admin-comms-campaigns', // a campaign's mails claimed once, two instances at once included
  'payout-mails-crash', // a payout's mail killed in the SMTP server's hands
  'admin-comms-automations', // automations' sends claimed once, runs at once included
  'pouchdb-replication', // a plain CouchDB client through the gateway, both ways
  'cluster-outage',
].map((name) => `tests/integration/${name}.integration.test.ts`);
const args = process.argv.slice(2);
const options = new Set(['--node', '--invariants']);
const vitestArgs = [
  ...(args.includes('--invariants') ? INVARIANT_TESTS : []),
  ...args.filter((a) => !options.has(a)),
];
// The nodes' files in memory where the machine has a tmpfs: their fsyncs are then free, and the suite
// kills processes, never the machine, so what a node wrote survives a kill there as on a disk.
const MEMORY_DIR = '/dev/shm';
function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
const couchdb = await startCouchdb(args.includes('--node') ? 'node' : 'cluster', {
  backgroundIndexing: false,
  ...(writable(MEMORY_DIR) ? { parentDir: MEMORY_DIR } : {}),
});

function vitest(files: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise<number>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'integration', ...files], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        // The webhook fuzzes' 1,000 and 200 histories run on the embedded store; here, fewer (each
        // request costs more on three nodes: 120 and 80 took 113 and 129 s), enough to replay,
        // duplicate and reorder every kind of notice, 8 histories at a time (each file checks that
        // its histories went through every path). The cluster's races are the money-races test's.
        WEBHOOK_FUZZ_SEQUENCES: '60',
        DISPUTE_FUZZ_SEQUENCES: '40',
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
