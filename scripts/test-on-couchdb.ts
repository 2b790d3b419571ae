/**
 * Runs the integration suite on a real Apache CouchDB (issue 15): a fresh 3-node cluster on
 * loopback (or one node with `--node`), started from the CouchDB 3.5.0 release built for these
 * machines, then stopped and removed whatever the outcome.
 *
 *   npm run test:integration:couchdb [-- --node] [-- vitest arguments…]
 *
 * The release is found in `COUCHDB_RELEASE_DIR`, else `../shared/couchdb` beside the repository,
 * else `/work/shared/couchdb`. Each test file starts on fresh databases (tests/support/fresh-store.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Clear of the cluster's ports (15984-35986 on 127.0.0.2 and 127.0.0.1). */
const SINGLE_NODE_PORT = '45984';

function releaseDir(): string {
  const candidates = [
    process.env.COUCHDB_RELEASE_DIR,
    path.resolve(ROOT, '../shared/couchdb'),
    '/work/shared/couchdb',
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(path.join(dir, 'start-cluster.sh')));
  if (!found) {
    throw new Error(`No CouchDB release found (looked in ${candidates.join(', ')}); set COUCHDB_RELEASE_DIR.`);
  }
  return found;
}

/** Stops every node the start script recorded, and Erlang's port mapper it leaves behind. */
function stop(dir: string): void {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.pid'))) {
    const pid = Number(readFileSync(path.join(dir, file), 'utf8').trim());
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  const erts = readdirSync(path.join(dir, 'couchdb')).find((name) => name.startsWith('erts-'));
  if (erts) spawnSync(path.join(dir, 'couchdb', erts, 'bin', 'epmd'), ['-kill'], { stdio: 'ignore' });
}

const args = process.argv.slice(2);
const single = args.includes('--node');
const vitestArgs = args.filter((arg) => arg !== '--node');
const release = releaseDir();
const dir = await mkdtemp(path.join(tmpdir(), 'sos-expat-couchdb-'));
let code = 1;
try {
  const script = path.join(release, single ? 'start-node.sh' : 'start-cluster.sh');
  const started = spawnSync(script, single ? [dir, SINGLE_NODE_PORT] : [dir], { encoding: 'utf8' });
  const url = started.stdout.trim().split('\n').pop() ?? '';
  if (started.status !== 0 || !/^http:\/\//.test(url)) {
    throw new Error(`CouchDB did not start:\n${started.stdout}\n${started.stderr}`);
  }
  console.log(`[couchdb] ${single ? 'one node' : 'a 3-node cluster'} at ${url.replace(/\/\/[^@]*@/, '//')}`);
  code = await new Promise<number>((resolve) => {
    const vitest = spawn('npx', ['vitest', 'run', '--project', 'integration', ...vitestArgs], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, TEST_STORE: 'couchdb', TEST_COUCHDB_URL: url },
    });
    vitest.on('exit', (exit) => resolve(exit ?? 1));
  });
} finally {
  if (existsSync(path.join(dir, 'couchdb'))) stop(dir);
  await rm(dir, { recursive: true, force: true });
}
process.exit(code);
