/**
 * A lock per key, held by one writer at a time across every instance of the service: what makes a
 * read-modify-write (a counter, an order's refunds, a tally) safe on a CouchDB cluster.
 *
 * On one node, a write based on a revision another write replaced is refused (409), so "read, change,
 * write back unless 409" is enough. On a cluster it is not: two writers through different nodes can
 * both be accepted by some copies and end as conflicting revisions, each believing it won (two
 * invoices numbered 4, a refund made three times, both seen here). A creation, though, is decided
 * by the cluster: each copy accepts only the first creation of an id, so at most one creation gets
 * a quorum (claim.ts). The lock is such a creation (`lock:<key>` in `admin`): its holder alone reads,
 * changes and writes; it deletes the lock when done. A lock its holder left (a crash) expires after
 * its lease and is broken by the next writer. Within one process, writers of a key wait in line
 * first, so that they do not contend with one another at the store.
 *
 * What it does not cover: a holder stalled past its lease (15 s) while its lock is broken and
 * another writer goes ahead; and writers that do not take it (every read-modify-write of the
 * service goes through upsertDoc or replaceDoc, which do).
 */
import { claimDocument, contestPause, withdraw } from './claim';
import { getOrUndefined, StoreError } from './store';
import type { Store } from './store';

/** Longer than any read-modify-write takes; a lock older than this was left by a crash. */
const LEASE_MS = 15_000;
/** A lock is handed to the next writer of this process waiting for it while this young (well within its lease). */
const HAND_OVER_MS = 5_000;
/** How long a writer waits for a lock before answering that the store is busy (past a left lock's lease). */
const WAIT_MS = 30_000;

type LockDoc = { _id: string; _rev?: string; type: 'lock'; key: string; until: string };

/** A key's writers in this process: the line they wait in, how many wait, and the lock while held. */
type Line = { tail: Promise<unknown>; waiting: number; held?: { rev: string; at: number } };

const lines = new WeakMap<Store, Map<string, Line>>();

function lineOf(store: Store, key: string): Line {
  let byKey = lines.get(store);
  if (!byKey) lines.set(store, (byKey = new Map()));
  let line = byKey.get(key);
  if (!line) byKey.set(key, (line = { tail: Promise.resolve(), waiting: 0 }));
  return line;
}

async function acquire(store: Store, key: string): Promise<string> {
  const id = `lock:${key}`;
  const deadline = Date.now() + WAIT_MS;
  /** Our own claims withdrawn after a 202: one still seen is ours to delete, not a holder to wait for. */
  const ours = new Set<string>();
  for (let round = 0; Date.now() < deadline; round++) {
    const until = new Date(Date.now() + LEASE_MS).toISOString();
    const lock: LockDoc = { _id: id, type: 'lock', key, until };
    const claim = await claimDocument(store, 'admin', lock);
    if (claim.claimed) return claim.rev;
    if (claim.contested) ours.add(claim.contested.rev);
    const held = await getOrUndefined(store.db<LockDoc>('admin'), id);
    if (held && (ours.has(held._rev) || Date.parse(held.until) < Date.now())) {
      // Our own withdrawn claim not gone yet, or a lock left by a writer that died holding it.
      await withdraw(store, 'admin', id, held._rev);
    } else {
      // Held by another writer, or a release not yet seen by every copy.
      await contestPause(Math.min(round, 4));
    }
  }
  throw new StoreError(`The lock ${key} is held too long; try again in a moment`, 503);
}

async function release(store: Store, key: string, line: Line): Promise<void> {
  const held = line.held;
  line.held = undefined;
  // Not gone (a store in trouble): its lease frees it.
  if (held) await withdraw(store, 'admin', `lock:${key}`, held.rev).catch(() => undefined);
}

/**
 * Runs `work` while holding the lock of `key` (on the embedded store, one node: no lock needed).
 * Writers of a key in this process run one after another; the lock passes from one to the next
 * while it is young, so that a burst of writes (eight invoices numbered at once) takes it once.
 */
export function withLock<T>(store: Store, key: string, work: () => Promise<T>): Promise<T> {
  if (store.kind !== 'couchdb') return work();
  const line = lineOf(store, key);
  line.waiting++;
  const turn = async (): Promise<T> => {
    line.waiting--;
    try {
      if (line.held && Date.now() - line.held.at > HAND_OVER_MS) await release(store, key, line);
      if (!line.held) line.held = { rev: await acquire(store, key), at: Date.now() };
      return await work();
    } finally {
      if (line.waiting === 0) {
        await release(store, key, line);
        if (line.waiting === 0) lines.get(store)?.delete(key);
      }
    }
  };
  const next = line.tail.then(turn, turn);
  line.tail = next.catch(() => undefined);
  return next;
}
