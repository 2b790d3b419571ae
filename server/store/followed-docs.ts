/**
 * An in-memory copy of a few documents of one database, for values read on every request that change
 * rarely (the pricing, the platform settings, the promo codes' definitions): read by id once, then
 * served from memory for as long as nothing says they may have changed.
 *
 * Invariants (what keeps the copy current):
 * - Any write to the database drops the whole copy: this process's own writes at once, before their
 *   writer goes on (local-writes.ts), so that a price an admin saves is the one the next checkout
 *   reads; every other writer's as soon as the store's change feed reports it (db-updates.ts: one
 *   connection for the whole service, and it reports only which database was written).
 * - The copy is served only while the feed is open. When it is not (not yet connected, broken, the
 *   store restarting) every read goes to the store, and nothing read meanwhile is kept: the feed's
 *   reconnection drops the copy, since what was written while it was closed was reported by no one.
 * - A read overtaken by a write (reported while the read was under way) is answered but not kept.
 * - Nothing is kept longer than `maxAgeMs`, in case a report is lost while the feed stays open.
 *
 * Documents served from here are frozen: they are shared by every caller.
 */
import { dbUpdatesOf } from './db-updates';
import type { DbUpdates } from './db-updates';
import { getOrUndefined } from './store';
import type { Store } from './store';

export type StoredDoc<T> = T & { _id: string; _rev: string };

export type FollowedDocs = {
  /** The document as the store holds it now (undefined when there is none). */
  get<T extends object>(id: string): Promise<Readonly<StoredDoc<T>> | undefined>;
};

export type FollowedDocsOptions = {
  /** The longest a document is served from memory without being read again. */
  maxAgeMs?: number;
  /** Most documents kept (the oldest are forgotten first): ids asked for come from requests. */
  maxDocs?: number;
  /** The feed to follow (the store's shared one by default; tests give another). */
  updates?: DbUpdates;
  now?: () => number;
};

type Entry = { doc: object | undefined; generation: number; readAt: number };
type Read = { generation: number; result: Promise<object | undefined> };

const copies = new WeakMap<Store, Map<string, FollowedDocs>>();

/** The one copy of `db` this process keeps for `store`. */
export function followedDocsOf(store: Store, db: string): FollowedDocs {
  let byDb = copies.get(store);
  if (!byDb) copies.set(store, (byDb = new Map()));
  let copy = byDb.get(db);
  if (!copy) byDb.set(db, (copy = createFollowedDocs(store, db)));
  return copy;
}

export function createFollowedDocs(
  store: Store,
  db: string,
  options: FollowedDocsOptions = {},
): FollowedDocs {
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  const maxDocs = options.maxDocs ?? 1_000;
  const updates = options.updates ?? dbUpdatesOf(store);
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const reads = new Map<string, Read>();
  /** Counts the writes reported: an entry is current only while it was read in the latest generation. */
  let generation = 0;
  const written = () => {
    generation++;
    entries.clear();
  };
  // Kept for the life of the process: the feed is one shared connection, and this is one listener.
  updates.subscribe(db, written);
  store.writes.subscribe(db, written);

  function keep(id: string, entry: Entry) {
    entries.delete(id);
    entries.set(id, entry);
    if (entries.size > maxDocs) entries.delete(entries.keys().next().value!);
  }

  function read(id: string): Promise<object | undefined> {
    const started = generation;
    const startedAt = now();
    const result = getOrUndefined(store.db(db), id).then((doc) => {
      const frozen = doc === undefined ? undefined : deepFreeze(doc);
      if (generation === started && updates.connected()) {
        keep(id, { doc: frozen, generation: started, readAt: startedAt });
      }
      return frozen;
    });
    const flight = { generation: started, result };
    reads.set(id, flight);
    const forget = () => {
      if (reads.get(id) === flight) reads.delete(id);
    };
    result.then(forget, forget);
    return result;
  }

  return {
    get<T extends object>(id: string) {
      const entry = entries.get(id);
      const current =
        entry !== undefined &&
        entry.generation === generation &&
        updates.connected() &&
        now() - entry.readAt < maxAgeMs;
      // A read under way in this generation is as fresh as one started now, unless a write came since.
      const pending = reads.get(id);
      const answer = current
        ? Promise.resolve(entry.doc)
        : pending && pending.generation === generation
          ? pending.result
          : read(id);
      return answer as Promise<Readonly<StoredDoc<T>> | undefined>;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
