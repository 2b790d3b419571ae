/**
 * Claiming a fact by creating the document named after it (the k-th use of a promo code…): one
 * creator only, on the embedded store and on a CouchDB cluster alike.
 *
 * On one node the store answers 201 or 409. On a cluster, a creation accepted by fewer copies than
 * the write quorum is answered 202: a concurrent creation through another node may hold the other
 * copies, and the two end as conflicting revisions of one document rather than a 409. At most one
 * creation of an id gets a quorum, so only a 201 is a claim; a 202 is withdrawn at once (its revision
 * deleted, which leaves the other creator's revision, or nothing) and reported as taken. nano does not
 * tell 201 from 202, hence this request of its own.
 *
 * A creation refused (409) or left unanswered may still have been taken by one copy, the one that
 * did not hold the winner yet: it surfaces a moment later as a second live revision (a stray) beside
 * the winner, or alone once the winner is deleted, and would hold the fact for nobody (a promo use
 * no order has). Its claimant alone can tell it is its own, by the nonce it carries: it looks for it
 * twice in the background, a moment after and a few seconds later, and withdraws it.
 */
import { randomUUID } from 'node:crypto';
import { StoreError } from './store';
import type { Store } from './store';
import { docPath, liveLeafDocs, storeJson } from './store-http';
import type { StoreTarget } from './store-http';

/** What a claim needs of the store: its address, credentials and kind. */
type Target = StoreTarget & Pick<Store, 'kind'>;

/** `contested`: the creation was withdrawn after a 202 (its revision `rev`): the id may be free again. */
export type Claim = { claimed: true; rev: string } | { claimed: false; contested?: { rev: string } };

/**
 * Creates `doc` unless a document with its id exists; `claimed` only with a quorum's agreement.
 * Each attempt carries a nonce (`claim`): CouchDB names a revision after its content, so two
 * attempts with the same content (two sends of one checkout in the same millisecond) would make
 * the same revision, and the withdrawal of the one answered 202 would delete the other's claim.
 */
export async function claimDocument(store: Target, db: string, doc: { _id: string }): Promise<Claim> {
  const nonce = randomUUID();
  const answer = await storeJson<{ rev?: string; reason?: string }>(store, 'PUT', docPath(db, doc._id), {
    ...doc,
    claim: nonce,
  }).catch((error: unknown) => {
    sweepStrays(store, db, doc._id, nonce);
    throw error;
  });
  const rev = answer.body?.rev;
  if (answer.status === 409) {
    sweepStrays(store, db, doc._id, nonce);
    return { claimed: false };
  }
  if (answer.status === 201 && rev) return { claimed: true, rev };
  if (answer.status === 202 && rev) {
    await withdraw(store, db, doc._id, rev);
    return { claimed: false, contested: { rev } };
  }
  sweepStrays(store, db, doc._id, nonce); // refused for another reason: not ours, wherever it landed
  throw new StoreError(
    `Could not create ${db}/${doc._id}: ${answer.status} ${answer.body?.reason ?? ''}`.trim(),
    answer.status,
  );
}

/** A short random pause before claiming again after a contest, so that contenders stop colliding. */
export function contestPause(round: number): Promise<void> {
  const ms = (10 + Math.random() * 40) * (round + 1);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const WITHDRAW_ATTEMPTS = 10;

/**
 * Deletes one revision (a claim given up). On a cluster the delete can reach copies before the
 * revision itself and be refused there, leaving it live: it is checked among the document's leaves
 * and deleted again. A revision already gone or superseded is left alone.
 */
export async function withdraw(store: StoreTarget, db: string, id: string, rev: string): Promise<void> {
  for (let attempt = 0; attempt < WITHDRAW_ATTEMPTS; attempt++) {
    const { status } = await storeJson(store, 'DELETE', `${docPath(db, id)}?rev=${encodeURIComponent(rev)}`);
    if (status >= 200 && status < 300) return;
    if (status !== 404 && status !== 409) {
      throw new StoreError(`Could not delete ${db}/${id}@${rev}: ${status}`, status);
    }
    if (!(await isLiveLeaf(store, db, id, rev))) return;
    await contestPause(attempt);
  }
}

/** Whether `rev` is one of the document's live leaves. */
async function isLiveLeaf(store: StoreTarget, db: string, id: string, rev: string): Promise<boolean> {
  return (await liveLeafDocs(store, db, id)).some((leaf) => leaf._rev === rev);
}

/** When a refused or unanswered claim is looked for: the copies agree within moments, but not at once. */
const SWEEP_AFTER_MS = [500, 5_000];

/**
 * Withdraws, in the background, any revision carrying `nonce`: a claim of ours the cluster refused
 * or did not answer, taken all the same by one copy. Never awaited: the claimant has its answer.
 */
function sweepStrays(store: Target, db: string, id: string, nonce: string): void {
  if (store.kind !== 'couchdb') return; // one node answers 201 or 409, and a 409 took nothing
  for (const delay of SWEEP_AFTER_MS) {
    const timer = setTimeout(() => {
      void withdrawClaim(store, db, id, nonce).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : 'error';
        console.warn(`[store] could not look for a stray claim of ${db}/${id} (${reason})`);
      });
    }, delay);
    timer.unref?.();
  }
}

async function withdrawClaim(store: StoreTarget, db: string, id: string, nonce: string): Promise<void> {
  for (const leaf of await liveLeafDocs(store, db, id)) {
    if (leaf.claim === nonce) await withdraw(store, db, id, leaf._rev);
  }
}
