import { describe, expect, it } from 'vitest';
import type { WithDeleted } from 'rxdb';
import { PULLED_AGAINST_COPY, mineConflictHandler } from '../../src/data/conflict';
import { ServerRevisions, contentKey, mineRevisions } from '../../src/data/server-revisions';
import type { MineDoc } from '../../src/domain/mine';

const GATEWAY = 'http://localhost:8080/db/userdb-6c6561/';

const server = (rev: string, fields: Record<string, unknown>) => ({
  _id: 'profile',
  _rev: rev,
  type: 'profile',
  uid: 'lea',
  ...fields,
});
/** The same document as RxDB's CouchDB plugin hands it to the replication: `id`, no `_rev`. */
const pulled = ({ _id, _rev, ...fields }: Record<string, unknown>) =>
  ({ id: _id, ...fields, _deleted: false }) as unknown as WithDeleted<MineDoc>;

/** A gateway that answers each request with the next answer given, recording what it was sent. */
function gateway(answers: unknown[]) {
  const sent: { url: string; body?: unknown }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), body: init?.body });
    return new Response(JSON.stringify(answers.shift()), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetcher, sent };
}

const rev2 = server('2-b', { bio: 'Bio écrite sur le téléphone.', specialties: ['immigration'] });
const merged = { ...rev2, specialties: ['immigration', 'family'] };

describe('the server revisions seen by the replication of the user’s database', () => {
  it('calls a pulled version stale once the device has pushed a newer one, and only then', async () => {
    const revisions = new ServerRevisions();
    const { fetcher } = gateway([
      { results: [{ id: 'profile', seq: '2', doc: rev2 }], last_seq: '2' },
      [{ ok: true, id: 'profile', rev: '3-c' }],
    ]);
    const watched = revisions.watch(fetcher);

    const feed = await watched(`${GATEWAY}_changes?feed=longpoll&since=1`);
    // RxDB still reads the answer: the recording read a copy of it.
    expect(((await feed.json()) as { results: unknown[] }).results).toHaveLength(1);
    expect(revisions.isStale(pulled(rev2))).toBe(false);

    const { _rev, ...mergedBody } = merged;
    await watched(`${GATEWAY}_bulk_docs?`, {
      method: 'POST',
      body: JSON.stringify({ docs: [{ ...mergedBody, _rev: '2-b' }] }),
    });
    expect(revisions.isStale(pulled(rev2))).toBe(true);
    expect(revisions.isStale(pulled(merged))).toBe(false);
    // Whatever the server has not been seen to hold is not called stale.
    expect(revisions.isStale(pulled(server('9-z', { bio: 'Jamais vue.' })))).toBe(false);
  });

  it('learns from the listings read before a push, and not from a refused push', async () => {
    const revisions = new ServerRevisions();
    const rev4 = server('4-d', { bio: 'Bio écrite par le service.' });
    const { fetcher } = gateway([
      { rows: [{ id: 'profile', key: 'profile', value: { rev: '4-d' }, doc: rev4 }] },
      [{ id: 'profile', error: 'conflict', reason: 'Document update conflict.' }],
      { results: [{ id: 'profile', seq: '2', doc: rev2 }], last_seq: '2' },
    ]);
    const watched = revisions.watch(fetcher);
    await watched(`${GATEWAY}_all_docs?`, { method: 'POST', body: JSON.stringify({ keys: ['profile'] }) });
    await watched(`${GATEWAY}_bulk_docs?`, {
      method: 'POST',
      body: JSON.stringify({ docs: [{ ...merged, _rev: '4-d' }] }),
    });
    expect(revisions.isStale(pulled(merged))).toBe(false);
    await watched(`${GATEWAY}_changes?since=0`);
    expect(revisions.isStale(pulled(rev2))).toBe(true);
    expect(revisions.isStale(pulled(rev4))).toBe(false);
  });

  it('matches the server’s form of a document with RxDB’s, whatever the order of its fields', () => {
    const { _id, _rev, ...fields } = rev2;
    const reordered = Object.fromEntries(Object.entries(fields).reverse());
    expect(contentKey(rev2)).toBe(contentKey({ id: 'profile', ...reordered, _meta: { lwt: 1 } }));
    expect(contentKey({ ...rev2, _deleted: true })).not.toBe(contentKey(rev2));
  });

  it('tells RxDB a stale pulled version is nothing to write, and compares by content otherwise', () => {
    mineRevisions.clear();
    mineRevisions.recordServerDoc(rev2);
    mineRevisions.recordServerDoc({ ...merged, _rev: '3-c' });
    const copy = pulled(merged);
    expect(mineConflictHandler.isEqual(pulled(rev2), copy, PULLED_AGAINST_COPY)).toBe(true);
    expect(mineConflictHandler.isEqual(pulled(rev2), copy, 'upstream-check-if-equal')).toBe(false);
    expect(mineConflictHandler.isEqual(pulled(merged), copy, PULLED_AGAINST_COPY)).toBe(true);
    mineRevisions.clear();
    expect(mineConflictHandler.isEqual(pulled(rev2), copy, PULLED_AGAINST_COPY)).toBe(false);
  });
});
