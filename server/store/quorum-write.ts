/**
 * Every single-document write of the service (`store.db(name).insert(doc)`), made so that what a
 * write answers holds on a CouchDB cluster as it does on one node (DESIGN.md, "On a CouchDB cluster").
 *
 * One node answers 201 (written) or 409 (another write came first). A cluster writes each document
 * to three copies and answers 201 once two accepted it; when fewer did it answers 202 (accepted),
 * either because a copy was slow, or because a concurrent write through another node holds the
 * other copies. In that second case both writers would believe they won, and the document would end
 * as two conflicting revisions: a coupon's use, an invoice number or a payout counted twice.
 *
 * So a 202 is settled before it is answered: the document's live revisions are read from every
 * copy (`open_revs=all`, `r=3`). Beside another live revision, ours lost the race: it is withdrawn
 * (deleted, which leaves the other writer's revision) and the write answers 409, as one node would
 * have. Alone, it stands, and is answered once a quorum of copies holds it (written again to every
 * copy as a replicator would, until that is answered 201), so that no later read misses it.
 * A write not confirmed after a few reads (most copies down) fails with 503, a creation taken back
 * so that nothing half-made stays for a retry to trip on. nano cannot tell 201 from 202,
 * hence these requests of our own. On the embedded store every write answers 201 or 409 directly.
 */
import { contestPause, withdraw } from './claim';
import { docPath, liveLeafDocs, refusal, storeJson, StoreRequestError } from './store-http';

export { StoreRequestError };

type Target = { origin: string; authorization: string };

export type InsertAnswer = { ok: true; id: string; rev: string };

const SETTLE_READS = 8;

function docUrl(target: Target, db: string, id?: string, query = ''): string {
  const path = id === undefined ? '' : `/${encodeURIComponent(id)}`;
  return `${target.origin}/${encodeURIComponent(db)}${path}${query}`;
}

/** The document's live revisions as every copy holds them (store-http.ts). */
export async function liveLeaves(target: Target, db: string, id: string): Promise<string[]> {
  return (await liveLeafDocs(target, db, id)).map((leaf) => leaf._rev);
}

/**
 * Writes our revision again, as a replicator would (`new_edits=false`: the same revision, no new
 * one), to every copy: copies that hold it already take it as it is, the others get it. A 201 says
 * that a quorum of copies now holds it, so every later quorum read sees it; a 202, not yet.
 */
async function confirmOnQuorum(
  target: Target & { db: string },
  doc: Record<string, unknown> & { _id: string },
  rev: string,
): Promise<boolean> {
  const [generation, hash] = rev.split('-') as [string, string];
  const parent = typeof doc._rev === 'string' ? doc._rev.split('-')[1] : undefined;
  const replicated = {
    ...doc,
    _rev: rev,
    _revisions: { start: Number(generation), ids: parent ? [hash, parent] : [hash] },
  };
  const response = await fetch(docUrl(target, target.db, '_bulk_docs'), {
    method: 'POST',
    headers: { authorization: target.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ docs: [replicated], new_edits: false }),
  });
  const rows = (await response.json().catch(() => [])) as { error?: string }[];
  return response.status === 201 && Array.isArray(rows) && rows.every((row) => !row.error);
}

/**
 * After a 202: the revision lost a race (withdrawn, 409); or it stands alone, and is answered once
 * a quorum of copies holds it (else a reader of the other copies would build on what it replaced);
 * or the store lags (503).
 */
async function settle(
  target: Target & { db: string },
  doc: Record<string, unknown> & { _id: string },
  rev: string,
): Promise<InsertAnswer> {
  const id = doc._id;
  /** Ours beside a rival: it lost the race, and goes, as a 409 on one node would. */
  const lost = async (): Promise<never> => {
    await withdraw(target, target.db, id, rev);
    throw new StoreRequestError(409, 'conflict', 'Document update conflict.');
  };
  for (let read = 0; read < SETTLE_READS; read++) {
    const leaves = await liveLeaves(target, target.db, id);
    if (leaves.includes(rev)) {
      if (leaves.length > 1) return lost();
      if (await confirmOnQuorum(target, doc, rev)) {
        // Once more: a rival a slow copy had not shown yet would now stand beside ours.
        const after = await liveLeaves(target, target.db, id);
        if (after.includes(rev) && after.length > 1) return lost();
        return { ok: true, id, rev };
      }
    } else if (leaves.some((leaf) => isDescendant(leaf, rev))) {
      // A later revision built on ours (another writer read it on a quorum): ours was written.
      return { ok: true, id, rev };
    }
    await contestPause(read);
  }
  // Not confirmed (most copies unreachable). A creation is taken back, so that a retry once they
  // are back finds nothing half-made (an address reserved by a registration that failed, say). An
  // update stays: taking it back would delete the document; it reaches the other copies later.
  if (typeof doc._rev !== 'string') await withdraw(target, target.db, id, rev).catch(() => undefined);
  throw new StoreRequestError(503, 'unavailable', 'The store did not confirm the write in time.');
}

/** Whether `later` is a later generation than `rev` (a descendant, as far as a leaf can tell). */
function isDescendant(later: string, rev: string): boolean {
  return Number.parseInt(later, 10) > Number.parseInt(rev, 10);
}

/** Writes one document (created when it has no `_rev`); answers as nano's `insert` does. */
export async function quorumInsert(
  target: Target,
  db: string,
  doc: { _id?: string } & object,
): Promise<InsertAnswer> {
  const id = doc._id;
  const answer = await storeJson<{ id?: string; rev?: string }>(
    target,
    id === undefined ? 'POST' : 'PUT',
    id === undefined ? `/${encodeURIComponent(db)}` : docPath(db, id),
    doc,
  );
  const written = answer.body;
  if ((answer.status === 201 || answer.status === 202) && written?.rev && written.id) {
    if (answer.status === 201) return { ok: true, id: written.id, rev: written.rev };
    return settle(
      { ...target, db },
      { ...doc, _id: written.id } as Record<string, unknown> & { _id: string },
      written.rev,
    );
  }
  throw refusal(answer);
}
