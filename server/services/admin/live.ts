/**
 * Live refresh of the admin console without polling the store: a screen reads its data together with
 * a version of its topic, then asks `waitForChange(topic, version)`, which answers as soon as one of
 * the topic's databases is written (the store's change feed, store/db-updates.ts: one connection for
 * the whole service) or when the wait is over; the screen then reads again.
 *
 * A version is `<boot>.<generation>`: the generation counts the writes reported since this process
 * first watched the topic, and the boot id makes a version from before a restart differ from every
 * later one, so a waiter holding it is answered at once. The topic is watched from the first
 * `version()` on, before the data is read, so a write that lands between the read and the wait
 * still moves the generation and the wait answers at once: no change is missed.
 */
import { randomBytes } from 'node:crypto';
import { dbUpdatesOf } from '../../store/db-updates';
import type { Store } from '../../store/store';

export const ADMIN_TOPICS = ['dashboard', 'calls', 'contact'] as const;
export type AdminTopic = (typeof ADMIN_TOPICS)[number];

/** The databases whose writes change what a topic's screens show. */
const TOPIC_DATABASES: Record<AdminTopic, readonly string[]> = {
  dashboard: ['orders', 'calls', 'accounts'],
  calls: ['orders', 'calls'],
  contact: ['admin'],
};

export const LIVE_WAIT_MAX_MS = 30_000;

type Watch = { generation: number; wakers: Set<() => void> };

export type AdminLive = {
  version(topic: AdminTopic): string;
  /** Answers the topic's version once it differs from `after`, or the same one after `timeoutMs`. */
  waitForChange(topic: AdminTopic, after: string, timeoutMs: number, signal?: AbortSignal): Promise<string>;
};

const lives = new WeakMap<Store, AdminLive>();

/** The one live watcher of a store in this process. */
export function adminLiveOf(store: Store): AdminLive {
  let live = lives.get(store);
  if (!live) lives.set(store, (live = createAdminLive(store)));
  return live;
}

function createAdminLive(store: Store): AdminLive {
  const boot = randomBytes(4).toString('hex');
  const watches = new Map<AdminTopic, Watch>();

  function watch(topic: AdminTopic): Watch {
    let current = watches.get(topic);
    if (current) return current;
    const fresh: Watch = { generation: 0, wakers: new Set() };
    const updates = dbUpdatesOf(store);
    // Kept for the life of the process: the feed is one shared connection, and a topic is few listeners.
    for (const db of TOPIC_DATABASES[topic]) {
      updates.subscribe(db, () => {
        fresh.generation += 1;
        for (const wake of [...fresh.wakers]) wake();
      });
    }
    watches.set(topic, (current = fresh));
    return current;
  }

  const versionOf = (entry: Watch) => `${boot}.${entry.generation}`;

  return {
    version: (topic) => versionOf(watch(topic)),
    waitForChange(topic, after, timeoutMs, signal) {
      const entry = watch(topic);
      if (versionOf(entry) !== after) return Promise.resolve(versionOf(entry));
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          entry.wakers.delete(done);
          signal?.removeEventListener('abort', done);
          resolve(versionOf(entry));
        };
        const timer = setTimeout(done, Math.min(Math.max(0, timeoutMs), LIVE_WAIT_MAX_MS));
        timer.unref();
        entry.wakers.add(done);
        signal?.addEventListener('abort', done);
      });
    },
  };
}
