/**
 * Initial pull of N provider documents into RxDB (src/data/public-feed.ts), through the gateway and
 * directly from the store, alternating runs so that both see the same machine conditions.
 */
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { createAppDatabase } from '../src/data/database';
import { PublicCollectionSync } from '../src/data/replication';
import type { TestServer } from '../tests/support/test-server';

let dbCounter = 0;

async function timePull(origin: string, fetcher: typeof fetch, expected: number): Promise<number> {
  const db = await createAppDatabase(getRxStorageMemory(), `bench-pull-${++dbCounter}`, {
    multiInstance: false,
  });
  const sync = new PublicCollectionSync(db.providers, 'providers', { origin, fetch: fetcher });
  const started = performance.now();
  await sync.pull();
  const elapsed = performance.now() - started;
  const count = await db.providers.count().exec();
  await db.remove();
  if (count !== expected) throw new Error(`pulled ${count} documents, expected ${expected}`);
  return elapsed;
}

export async function benchReplication(server: TestServer, count: number, rounds = 3) {
  const throwingFetch =
    (headers: Record<string, string>): typeof fetch =>
    async (input, init) => {
      const response = await fetch(input, { ...init, headers: { ...(init?.headers as object), ...headers } });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      return response;
    };
  // "Directly" means the same pull (src/data/public-feed.ts) from the store itself, with admin credentials.
  // The store's URL has no /db/ prefix, so a small origin shim maps the gateway's paths onto it.
  const direct: typeof fetch = (input, init) =>
    throwingFetch({ authorization: server.store.authorization })(
      String(input).replace(`${server.url}/db/`, `${server.store.origin}/`),
      init,
    );
  const viaGateway = throwingFetch({});
  const gateway: number[] = [];
  const store: number[] = [];
  for (let round = 0; round < rounds; round++) {
    store.push(await timePull(server.url, direct, count));
    gateway.push(await timePull(server.url, viaGateway, count));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { gatewayMs: median(gateway), directMs: median(store), gatewayRuns: gateway, directRuns: store };
}
