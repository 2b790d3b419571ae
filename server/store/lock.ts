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
 * Stray claims: a claim the cluster refused (409) or did not answer may still have been taken by one
 * copy, and surface a moment later, beside the winning claim or after its release, as a lock held
 * for a whole lease by no one. Each claimant marks its claims (`holder`); it withdraws its own strays
 * when it releases, and a writer of the same process seeing a done claimant's lock withdraws it.
 *
 * What it does not cover: a holder stalled past its lease (15 s) while its lock is broken and
 * another writer goes ahead; a stray surfacing after its claimant's release, for the writers of
 * other processes, who wait for its lease; and writers that do not take the lock (every
 * read-modify-write of the service goes through upsertDoc or replaceDoc, which do).
 */
import { randomUUID } from 'node:crypto';
import { claimDocument, contestPause, withdraw } from './claim';
import { getOrUndefined, statusOf, StoreError } from './store';
import { liveLeafDocs } from './store-http';
import type { Store } from './store';

/** Longer than any read-modify-write takes; a lock older than this was left by a crash. */
const LEASE_MS = 15_000;
/** A lock is handed to the next writer of this process waiting for it while this young (well within its lease). */
const HAND_OVER_MS = 5_000;
/** How long a writer waits for a lock before answering that the store is busy (past a left lock's lease). */
const WAIT_MS = 30_000;

/** `holder`: the writer's own mark, so that a claim of its own whose answer it lost is known as its own. */
type LockDoc = { _id: string; _rev?: string; type: 'lock'; key: string; holder: string; until: string };

/** A key's writers in this process: the line they wait in, how many wait, and the lock while held. */
type Line = { tail: Promise<unknown>; waiting: number; held?: Held };

/**
 * A lock this process holds: its revision, when it was taken, the claimant's mark, and whether an
 * attempt before the one that won went unanswered or was refused (see `release`).
 */
type Held = { rev: string; at: number; holder: string; doubtful: boolean };

/**
 * The marks of the claimants of this process that are done (the most recent ones): a lock carrying
 * one is a stray claim of theirs, not a holder to wait for.
 */
const finished = new Set<string>();
const FINISHED_KEPT = 2_000;

function finish(holder: string): void {
  finished.add(holder);
  if (finished.size > FINISHED_KEPT) finished.delete(finished.values().next().value!);
}

const lines = new WeakMap<Store, Map<string, Line>>();

function lineOf(store: Store, key: string): Line {
  let byKey = lines.get(store);
  if (!byKey) lines.set(store, (byKey = new Map()));
  let line = byKey.get(key);
  if (!line) byKey.set(key, (line = { tail: Promise.resolve(), waiting: 0 }));
  return line;
}

/** A wait for a lock longer than this is logged: a writer slow to finish, or a lock left by a crash. */
const SLOW_WAIT_MS = 2_000;

async function acquire(store: Store, key: string): Promise<Held> {
  const started = Date.now();
  const holder = randomUUID();
  try {
    return { ...(await claimLock(store, key, holder, started + WAIT_MS)), at: Date.now(), holder };
  } catch (error) {
    // A claim of ours may have landed though its answer was lost: gone now, or its lease frees it.
    finish(holder);
    await withdrawOurs(store, key, holder).catch(() => undefined);
    throw error;
  } finally {
    const waited = Date.now() - started;
    if (waited > SLOW_WAIT_MS) console.warn(`[store] waited ${waited} ms for the lock of ${key}`);
  }
}

/** A store error worth trying again (no answer, or a cluster too busy to answer in time). */
function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status >= 500;
}

async function claimLock(
  store: Store,
  key: string,
  holder: string,
  deadline: number,
): Promise<{ rev: string; doubtful: boolean }> {
  const id = `lock:${key}`;
  for (let round = 0; Date.now() < deadline; round++) {
    const until = new Date(Date.now() + LEASE_MS).toISOString();
    try {
      const lock: LockDoc = { _id: id, type: 'lock', key, holder, until };
      const claim = await claimDocument(store, 'admin', lock);
      if (claim.claimed) return { rev: claim.rev, doubtful: round > 0 };
      const held = await getOrUndefined(store.db<LockDoc>('admin'), id);
      const stray = held && (held.holder === holder || finished.has(held.holder));
      if (held && (stray || Date.parse(held.until) < Date.now())) {
        // A claim of ours (or of a writer of this process that is done) withdrawn but not gone yet,
        // or whose answer was lost; or a lock left by a writer that died holding it.
        await withdraw(store, 'admin', id, held._rev!);
        continue;
      }
    } catch (error) {
      // A claim whose answer was lost is found as ours on the next round.
      if (!isTransient(error)) throw error;
    }
    // Held by another writer, a release not yet seen by every copy, or a store slow to answer.
    await contestPause(Math.min(round, 4));
  }
  throw new StoreError(`The lock ${key} is held too long; try again in a moment`, 503);
}

/**
 * Withdraws every live revision of the lock of `key` that is this claimant's. On a cluster, a claim
 * refused (409) or unanswered may still have been taken by one copy; once the copies agree it stands
 * beside the claim that won, or alone after it is released, and would hold the lock for its lease.
 */
async function withdrawOurs(store: Store, key: string, holder: string): Promise<void> {
  const id = `lock:${key}`;
  for (const leaf of await liveLeafDocs(store, 'admin', id)) {
    if (leaf.holder === holder) await withdraw(store, 'admin', id, leaf._rev);
  }
}

const RELEASE_ATTEMPTS = 3;

async function release(store: Store, key: string, line: Line): Promise<void> {
  const held = line.held;
  line.held = undefined;
  if (!held) return;
  finish(held.holder);
  for (let attempt = 0; ; attempt++) {
    try {
      await withdraw(store, 'admin', `lock:${key}`, held.rev);
      // An attempt before the one that won may have left a stray claim: withdrawn too.
      if (held.doubtful) await withdrawOurs(store, key, held.holder);
      return;
    } catch (error) {
      if (attempt + 1 >= RELEASE_ATTEMPTS) {
        // A store in trouble: the lock's lease frees it, and the next writer waits until then.
        const reason = error instanceof Error ? error.message : 'error';
        console.warn(`[store] could not release the lock of ${key} (${reason}); its lease will`);
        return;
      }
      await contestPause(attempt);
    }
  }
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
      if (!line.held) line.held = await acquire(store, key);
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
