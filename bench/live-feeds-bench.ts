/**
 * Live replication under load: N long polls held through the gateway (half on the public
 * directory, half on as many users' own databases, as browsers hold them), and meanwhile the
 * latency of plain reads, and how long a change to the directory takes to reach every feed held
 * on it. The feeds and the reads run in a child process (live-feeds-clients.ts), so that the
 * service's event loop is not the one that measures it.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mintUser } from '../tests/support/sessions';
import { startTestServer } from '../tests/support/test-server';
import type { Percentiles } from './query-bench';

export type LiveLevel = {
  feeds: number;
  held: number;
  read: Percentiles & { p99: number };
  fanOut: Percentiles & { p99: number; reached: number; expected: number };
};

const CLIENTS = fileURLToPath(new URL('./live-feeds-clients.ts', import.meta.url));

export async function benchLiveFeeds(levels = [100, 500, 1000]): Promise<LiveLevel[]> {
  const server = await startTestServer({
    seed: true,
    env: () => ({ API_RATE_LIMIT_PER_MINUTE: '1000000' }),
  });
  try {
    const users = [];
    const needed = Math.ceil(Math.max(...levels) / 2);
    for (let i = 0; i < needed; i++) {
      const { db, cookie } = await mintUser(server.store, `bench-live-${i}`);
      users.push({ db, cookie });
    }
    const { rows } = await server.store.db('providers').list({ limit: 50 });
    const child = fork(CLIENTS, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const results: LiveLevel[] = [];
    try {
      for (const feeds of levels) {
        child.send({
          url: server.url,
          store: { origin: server.store.origin, authorization: server.store.authorization },
          providerIds: rows.map((row) => row.id),
          users: users.slice(0, Math.floor(feeds / 2)),
          providerFeeds: feeds - Math.floor(feeds / 2),
        });
        results.push(
          await new Promise<LiveLevel>((resolve) => child.once('message', (m) => resolve(m as LiveLevel))),
        );
      }
    } finally {
      child.kill();
    }
    return results;
  } finally {
    await server.close();
  }
}
