/**
 * The browsers of live-feeds-bench.ts, in a process of their own: for each level the parent sends,
 * hold the long polls (each re-armed with its new `since` after it answers, as RxDB does), wait
 * until the service reports them held, time plain reads meanwhile, then change a provider in the
 * store and time how long it takes to reach every directory feed; answer the figures and let go.
 */
import { setMaxListeners } from 'node:events';
import { percentiles } from './query-bench';

type Level = {
  url: string;
  store: { origin: string; authorization: string };
  providerIds: string[];
  users: { db: string; cookie: string }[];
  providerFeeds: number;
};

const READS = 400;
const QUERY = 'style=all_docs&feed=longpoll&include_docs=true&heartbeat=25000';

const withP99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    ...percentiles(times),
    p99: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0,
  };
};

async function run(level: Level) {
  const controller = new AbortController();
  // Every feed of the level listens to this one signal.
  setMaxListeners(0, controller.signal);
  const arrivals: number[] = [];
  /** The change whose arrival is timed, once written. */
  const marked: { change?: { id: string; at: number } } = {};

  /** One feed, re-armed until the level ends; directory feeds note when the marked change arrives. */
  const hold = async (db: string, cookie: string | undefined, watchMarker: boolean) => {
    let since = 'now';
    let seen = false;
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(
          `${level.url}/db/${db}/_changes?${QUERY}&since=${encodeURIComponent(since)}`,
          {
            headers: cookie ? { cookie } : {},
            signal: controller.signal,
          },
        );
        const body = (await res.json()) as { results: { id: string }[]; last_seq: string | number };
        since = String(body.last_seq);
        const change = marked.change;
        if (watchMarker && change && !seen && body.results.some((row) => row.id === change.id)) {
          seen = true;
          arrivals.push(performance.now() - change.at);
        }
      } catch {
        if (controller.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };

  const feeds = [
    ...Array.from({ length: level.providerFeeds }, () => hold('providers', undefined, true)),
    ...level.users.map((user) => hold(user.db, user.cookie, false)),
  ];
  const total = level.providerFeeds + level.users.length;

  let held = 0;
  for (let attempt = 0; attempt < 600 && held < total; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    held = ((await (await fetch(`${level.url}/api/health`)).json()) as { liveFeeds?: number }).liveFeeds ?? 0;
  }

  const reads: number[] = [];
  for (let i = 0; i < READS; i++) {
    const id = level.providerIds[i % level.providerIds.length]!;
    const started = performance.now();
    const res = await fetch(`${level.url}/db/providers/${encodeURIComponent(id)}`, {
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`plain read answered ${res.status}`);
    reads.push(performance.now() - started);
  }

  // A change to the directory, written to the store as the service writes one.
  const id = level.providerIds[0]!;
  const docUrl = `${level.store.origin}/providers/${encodeURIComponent(id)}`;
  const headers = { authorization: level.store.authorization, 'content-type': 'application/json' };
  const doc = (await (await fetch(docUrl, { headers })).json()) as Record<string, unknown>;
  marked.change = { id, at: performance.now() };
  await fetch(docUrl, { method: 'PUT', headers, body: JSON.stringify({ ...doc, benchTouch: Date.now() }) });
  for (let waited = 0; waited < 30_000 && arrivals.length < level.providerFeeds; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  controller.abort();
  await Promise.allSettled(feeds);
  return {
    feeds: total,
    held,
    read: withP99(reads),
    fanOut: {
      ...withP99(arrivals.length ? arrivals : [0]),
      reached: arrivals.length,
      expected: level.providerFeeds,
    },
  };
}

process.on('message', (level: Level) => {
  run(level).then(
    (figures) => process.send!(figures),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
