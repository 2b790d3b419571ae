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
 */
import { randomUUID } from 'node:crypto';
import { StoreError } from './store';
import type { Store } from './store';
import { docPath, storeJson } from './store-http';

/** What a request of our own needs of the store: its address and credentials. */
type Target = Pick<Store, 'origin' | 'authorization'>;

/** `contested`: the creation was withdrawn after a 202 (its revision `rev`): the id may be free again. */
export type Claim = { claimed: true; rev: string } | { claimed: false; contested?: { rev: string } };

function docUrl(store: Target, db: string, id: string): string {
  return `${store.origin}${docPath(db, id)}`;
}

/**
 * Creates `doc` unless a document with its id exists; `claimed` only with a quorum's agreement.
 * Each attempt carries a nonce (`claim`): CouchDB names a revision after its content, so two
 * attempts with the same content (two sends of one checkout in the same millisecond) would make
 * the same revision, and the withdrawal of the one answered 202 would delete the other's claim.
 */
export async function claimDocument(store: Target, db: string, doc: { _id: string }): Promise<Claim> {
  const answer = await storeJson<{ rev?: string; reason?: string }>(store, 'PUT', docPath(db, doc._id), {
    ...doc,
    claim: randomUUID(),
  });
  const rev = answer.body?.rev;
  if (answer.status === 409) return { claimed: false };
  if (answer.status === 201 && rev) return { claimed: true, rev };
  if (answer.status === 202 && rev) {
    await withdraw(store, db, doc._id, rev);
    return { claimed: false, contested: { rev } };
  }
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
export async function withdraw(store: Target, db: string, id: string, rev: string): Promise<void> {
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

/** Whether `rev` is one of the document's live leaves (its current revision, or a conflicting one). */
async function isLiveLeaf(store: Target, db: string, id: string, rev: string): Promise<boolean> {
  const response = await fetch(`${docUrl(store, db, id)}?open_revs=all&r=3`, {
    headers: { authorization: store.authorization, accept: 'application/json' },
  });
  if (response.status === 404) return false;
  if (!response.ok) throw new StoreError(`Could not read ${db}/${id}: ${response.status}`, response.status);
  const leaves = (await response.json()) as { ok?: { _rev?: string; _deleted?: boolean } }[];
  return leaves.some((leaf) => leaf.ok?._rev === rev && !leaf.ok._deleted);
}
