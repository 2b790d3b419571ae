/**
 * A real Apache CouchDB for the suite and the benchmarks (issue 15): started from the CouchDB 3.5.0
 * release built for these machines, a 3-node cluster on loopback or one node, stopped and removed
 * afterwards; and its databases emptied between test files.
 *
 * The release is found in `COUCHDB_RELEASE_DIR`, else `../shared/couchdb` beside the repository,
 * else `/work/shared/couchdb`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Clear of the cluster's ports (15984-35986 on 127.0.0.2 and 127.0.0.1). */
const SINGLE_NODE_PORT = '45984';

export type RunningCouchdb = { url: string; kind: 'cluster' | 'node'; stop(): Promise<void> };

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

/** Starts a fresh cluster (or one node); throws when there is no release or it does not start. */
export async function startCouchdb(kind: 'cluster' | 'node' = 'cluster'): Promise<RunningCouchdb> {
  const release = couchdbRelease();
  if (!release) throw new Error('No CouchDB release found; set COUCHDB_RELEASE_DIR.');
  const dir = await mkdtemp(path.join(tmpdir(), 'sos-expat-couchdb-'));
  const stop = async () => {
    stopNodes(dir);
    await rm(dir, { recursive: true, force: true });
  };
  const script = path.join(release, kind === 'node' ? 'start-node.sh' : 'start-cluster.sh');
  const started = spawnSync(script, kind === 'node' ? [dir, SINGLE_NODE_PORT] : [dir], { encoding: 'utf8' });
  const url = started.stdout.trim().split('\n').pop() ?? '';
  if (started.status !== 0 || !/^http:\/\//.test(url)) {
    await stop();
    throw new Error(`CouchDB did not start:\n${started.stdout}\n${started.stderr}`);
  }
  return { url, kind, stop };
}

/** Deletes every database but CouchDB's own (`_users`, `_replicator`, `_global_changes`). */
export async function emptyCouchdb(url: string): Promise<void> {
  const parsed = new URL(url);
  const authorization = `Basic ${Buffer.from(
    `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`,
  ).toString('base64')}`;
  const origin = parsed.origin;
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
