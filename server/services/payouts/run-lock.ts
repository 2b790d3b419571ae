/**
 * One payout run at a time: the run under way holds `payout-run-lock` (created only by whoever gets
 * the store's agreement, see store/claim.ts), names its process (`owner`) and refreshes
 * `heartbeatAt` as it goes. A lock left by a crash is taken over and its run resumed: at start, any
 * lock (the service runs one process per store, DESIGN.md: one left from before the start is a dead
 * run's); later, a lock of another process only once its heartbeat is older than `LEASE_MS`.
 */
import { randomUUID } from 'node:crypto';
import { claimDocument, contestPause } from '../../store/claim';
import { getOrUndefined, isConflict, isNotFound, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { PAYOUTS_DB, payoutsDb, RUN_LOCK_ID } from './records';
import type { PayoutRunLock } from './records';

/** This process, as a lock's owner. */
export const THIS_PROCESS = randomUUID();
export const LEASE_MS = 2 * 60_000;
/** Claims of the lock withdrawn for want of a quorum (claim.ts) before the store is deemed too busy. */
const CLAIM_ATTEMPTS = 8;

export type LockInput = Omit<PayoutRunLock, '_id' | '_rev' | 'type' | 'owner' | 'heartbeatAt'>;

/**
 * Creates the lock for a new run; false when a run holds it. A claim withdrawn because too few of a
 * cluster's copies answered in time (a busy node, or a rival's claim) is made again.
 */
export async function claimRunLock(store: Store, input: LockInput): Promise<boolean> {
  const lock: PayoutRunLock = {
    _id: RUN_LOCK_ID,
    type: 'payout_run_lock',
    ...input,
    owner: THIS_PROCESS,
    heartbeatAt: input.startedAt,
  };
  for (let round = 0; round < CLAIM_ATTEMPTS; round++) {
    const claim = await claimDocument(store, PAYOUTS_DB, lock);
    if (claim.claimed) return true;
    if (!claim.contested) return false;
    await contestPause(round);
  }
  return false;
}

export const readRunLock = (store: Store) => getOrUndefined(payoutsDb<PayoutRunLock>(store), RUN_LOCK_ID);

/**
 * Takes a dead run's lock over (see the header); answers it, or undefined when there is none or it
 * belongs to a live run.
 */
export async function takeOverRunLock(
  store: Store,
  now: Date,
  options: { atStart: boolean; runningHere: boolean },
): Promise<PayoutRunLock | undefined> {
  let taken: PayoutRunLock | undefined;
  await upsertDoc<PayoutRunLock>(store, PAYOUTS_DB, RUN_LOCK_ID, (current) => {
    taken = undefined;
    if (!current) return undefined;
    const mine = current.owner === THIS_PROCESS;
    const fresh = now.getTime() - Date.parse(current.heartbeatAt) < LEASE_MS;
    const alive = mine ? options.runningHere : !options.atStart && fresh;
    if (alive) return undefined;
    taken = { ...current, owner: THIS_PROCESS, heartbeatAt: now.toISOString() };
    return taken;
  });
  return taken;
}

/** Says the run is alive (best effort: a refresh lost to a concurrent write is not an error). */
export async function heartbeat(store: Store, runId: string, now: Date): Promise<void> {
  await upsertDoc<PayoutRunLock>(store, PAYOUTS_DB, RUN_LOCK_ID, (current) =>
    current && current.runId === runId && current.owner === THIS_PROCESS
      ? { ...current, heartbeatAt: now.toISOString() }
      : undefined,
  ).catch((error: unknown) => {
    if (!isConflict(error)) throw error;
  });
}

/** Gives the lock up once its run is over. */
export async function releaseRunLock(store: Store, runId: string): Promise<void> {
  const lock = await readRunLock(store);
  if (!lock || lock.runId !== runId) return;
  await payoutsDb(store)
    .destroy(RUN_LOCK_ID, lock._rev)
    .catch((error: unknown) => {
      if (!isConflict(error) && !isNotFound(error)) throw error;
    });
}
