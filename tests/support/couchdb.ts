/**
 * A real Apache CouchDB for the suite and the benchmarks (issue 15): started from the CouchDB 3.5.0
 * release built for these machines, a 3-node cluster on loopback or one node, stopped and removed
 * afterwards; and its databases emptied between test files.
 *
 * The release is found in `COUCHDB_RELEASE_DIR`, else `../shared/couchdb` beside the repository,
 * else `/work/shared/couchdb`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Clear of the cluster's ports (15984-35986 on 127.0.0.2 and 127.0.0.1). */
const SINGLE_NODE_PORT = '45984';
/** Where start-cluster.sh puts its three nodes. */
const CLUSTER_PORTS = [
  ['127.0.0.2', '15984'],
  ['127.0.0.2', '25984'],
  ['127.0.0.2', '35984'],
];

export type RunningCouchdb = { url: string; kind: 'cluster' | 'node'; dir: string; stop(): Promise<void> };

export function couchdbRelease(): string | undefined {
  const candidates = [
    process.env.COUCHDB_RELEASE_DIR,
    path.resolve(ROOT, '../shared/couchdb'),
    '/work/shared/couchdb',
  ].filter((dir): dir is string => Boolean(dir));
  return candidates.find((dir) => existsSync(path.join(dir, 'start-cluster.sh')));
}

/** Stops every node the start script recorded, and Erlang's port mapper it leaves behind. */
function stopNodes(dir: string): void {
  // Every process run from the release in `dir`, whichever pid file still names it.
  spawnSync('pkill', ['-KILL', '-f', path.join(dir, 'couchdb')], { stdio: 'ignore' });
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.pid'))) {
    try {
      process.kill(Number(readFileSync(path.join(dir, file), 'utf8').trim()), 'SIGKILL');
    } catch {
      // already gone
    }
  }
  const release = path.join(dir, 'couchdb');
  const erts = existsSync(release)
    ? readdirSync(release).find((name) => name.startsWith('erts-'))
    : undefined;
  if (erts) spawnSync(path.join(release, erts, 'bin', 'epmd'), ['-kill'], { stdio: 'ignore' });
}

/** Schedulers (normal, dirty CPU, dirty I/O) sleep as soon as they are out of work. */
const ERL_NO_SPIN = '+sbwt none +sbwtdcpu none +sbwtdio none';

/**
 * Starts a fresh cluster (or one node); throws when there is no release or it does not start.
 *
 * `backgroundIndexing: false` stops CouchDB's background index builder ("ken") on every node: the
 * suite's short-lived databases are each written a few times and read once, and ken rebuilt every
 * view of every shard copy after each write (three files on the cluster: 113 s with ken, 94 s
 * without). Views stay correct: a view read without `stale`/`update=false` (the service never sends
 * one) brings its index up to date first. The benchmarks keep ken, as production does.
 *
 * `parentDir` holds the nodes' release, data and logs (default: the system's temporary directory).
 */
export async function startCouchdb(
  kind: 'cluster' | 'node' = 'cluster',
  options: { backgroundIndexing?: boolean; parentDir?: string } = {},
): Promise<RunningCouchdb> {
  const release = couchdbRelease();
  if (!release) throw new Error('No CouchDB release found; set COUCHDB_RELEASE_DIR.');
  // A node left running by an earlier run would answer in place of a new one, and the start script
  // would join it: the suite would run on an old cluster's nodes.
  const ports = kind === 'node' ? [['127.0.0.1', SINGLE_NODE_PORT]] : CLUSTER_PORTS;
  for (const [host, port] of ports) {
    const taken = await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(2000) }).then(
      () => true,
      () => false,
    );
    if (taken)
      throw new Error(`Something already listens on ${host}:${port}: stop the CouchDB left there first.`);
  }
  const dir = await mkdtemp(path.join(options.parentDir ?? tmpdir(), 'sos-expat-couchdb-'));
  const stop = async () => {
    stopNodes(dir);
    await rm(dir, { recursive: true, force: true });
  };
  const script = path.join(release, kind === 'node' ? 'start-node.sh' : 'start-cluster.sh');
  const started = spawnSync(script, kind === 'node' ? [dir, SINGLE_NODE_PORT] : [dir], {
    encoding: 'utf8',
    // Erlang's schedulers spin a while before sleeping when out of work: on this 2-core machine,
    // shared by three nodes and the tests, that spinning took a third of the nodes' CPU.
    env: { ...process.env, ERL_FLAGS: `${process.env.ERL_FLAGS ?? ''} ${ERL_NO_SPIN}`.trim() },
  });
  const url = started.stdout.trim().split('\n').pop() ?? '';
  if (started.status !== 0 || !/^http:\/\//.test(url)) {
    await stop();
    throw new Error(`CouchDB did not start:\n${started.stdout}\n${started.stderr}`);
  }
  if (options.backgroundIndexing === false) {
    try {
      for (const [host, port] of ports) await stopBackgroundIndexing(url, host!, port!);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return { url, kind, dir, stop };
}

/** The `authorization` header of the admin named in `url`. */
function basicAuthorization(url: string): string {
  const { username, password } = new URL(url);
  const pair = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

/** Gives ken no build slot on one node; kept in the node's local.ini, so a restarted node keeps it. */
async function stopBackgroundIndexing(url: string, host: string, port: string): Promise<void> {
  const authorization = basicAuthorization(url);
  for (const key of ['batch_channels', 'incremental_channels']) {
    const answer = await fetch(`http://${host}:${port}/_node/_local/_config/ken/${key}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify('0'),
    });
    await answer.body?.cancel();
    if (!answer.ok) throw new Error(`CouchDB at ${host}:${port} refused ken/${key}: ${answer.status}`);
  }
}

/** Deletes every database but CouchDB's own (`_users`, `_replicator`, `_global_changes`). */
export async function emptyCouchdb(url: string): Promise<void> {
  const authorization = basicAuthorization(url);
  const { origin } = new URL(url);
  const answer = await fetch(`${origin}/_all_dbs`, { headers: { authorization } });
  const all = (await answer.json()) as unknown;
  if (!answer.ok || !Array.isArray(all))
    throw new Error(`CouchDB at ${origin} refused to list its databases: ${JSON.stringify(all)}`);
  const ours = (all as string[]).filter((name) => !name.startsWith('_'));
  for (let i = 0; i < ours.length; i += 8) {
    await Promise.all(
      ours.slice(i, i + 8).map(async (name) => {
        const deleted = await fetch(`${origin}/${encodeURIComponent(name)}`, {
          method: 'DELETE',
          headers: { authorization },
        });
        await deleted.body?.cancel();
        if (!deleted.ok && deleted.status !== 404)
          throw new Error(`could not delete ${name}: ${deleted.status}`);
      }),
    );
  }
}

// --- One node of a cluster down, then back (the outage test) --------------------------------------

/** Stops node `n` (1 to 3) of the cluster in `dir` at once, as a crash would. */
export function killNode(dir: string, n: number): void {
  const pid = Number(readFileSync(path.join(dir, `node${n}.pid`), 'utf8').trim());
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Starts node `n` of the cluster in `dir` again, as start-cluster.sh started it; resolves once it answers. */
export async function restartNode(dir: string, n: number): Promise<void> {
  // Already up: a second start would fail to listen and leave its pid in place of the running one's.
  if (await nodeUp(n)) return;
  const release = path.join(dir, 'couchdb');
  const node = path.join(dir, `node${n}`);
  const log = openSync(path.join(dir, `node${n}.log`), 'a');
  const child = spawn(path.join(release, 'bin', 'couchdb'), [], {
    env: {
      ...process.env,
      COUCHDB_INI_FILES: `${path.join(release, 'etc', 'default.ini')} ${path.join(node, 'local.ini')}`,
      COUCHDB_ARGS_FILE: path.join(node, 'vm.args'),
    },
    detached: true,
    stdio: ['ignore', log, log],
  });
  child.unref();
  writeFileSync(path.join(dir, `node${n}.pid`), String(child.pid));
  for (let i = 0; i < 120; i++) {
    if (await nodeUp(n)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`node ${n} did not come back`);
}

function nodeUp(n: number): Promise<boolean> {
  return fetch(`http://127.0.0.2:${n}5984/_up`, { signal: AbortSignal.timeout(2000) }).then(
    (answer) => answer.status < 500,
    () => false,
  );
}
