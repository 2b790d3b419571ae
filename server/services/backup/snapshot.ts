/**
 * A consistent copy of one database, read while the service keeps writing.
 *
 * "Consistent" here means: per database, at one update sequence. The copy of a database holds
 * exactly the revision leaves it had at the sequence S where its read ended (`database_end.seq`):
 * every document with its winning revision (and any conflicting leaves, and deletions as
 * tombstones), each with its revision history and its attachments' bytes, plus the `_security`
 * object and the design documents (documents like the others). There is no moment at which all
 * databases are consistent together: CouchDB has no transaction across databases, and the
 * service never relies on one (a claim or a fact lives in one document, DESIGN.md).
 *
 * How: the changes feed lists every document once, at the sequence of its latest write, with its
 * leaf revisions; it is read page by page from sequence 0 until a page ends short (caught up), and
 * each page's revisions are fetched by exact revision (`_bulk_get`), never "the latest", so that
 * what is written is what the feed named at that sequence. A document written again after its page
 * was read reappears further on in the feed with its new revision, and is written again there; a
 * revision already replaced and compacted away when it is fetched is skipped, since its successor
 * follows in the feed. Restoring the lines in order therefore rebuilds the database as of S. Local
 * documents (`_local/…`: replication checkpoints) are not copied: they are not replicated either.
 */
import type { Store } from '../../store/store';
import type { ArchivedDoc, ArchiveLine } from './archive';

/** Documents per changes page (and per `_bulk_get`); attachments make a page heavy, keep it small. */
const PAGE = 100;

type ChangesPage = {
  results: { id: string; changes: { rev: string }[] }[];
  last_seq: unknown;
  pending?: number;
};
type BulkGetAnswer = {
  results: { id: string; docs: ({ ok: ArchivedDoc } | { error: unknown } | { missing: string })[] }[];
};

/** Every database of the store except the system ones (`_users`, `_replicator`…), sorted. */
export async function listDatabases(store: Store): Promise<string[]> {
  const names = (await store.server.request({ path: '_all_dbs' })) as string[];
  return names.filter((name) => !name.startsWith('_')).sort();
}

/**
 * The lines of one database: its `database` line, its documents, its `database_end` line with the
 * sequence it is consistent at and the number of document lines.
 */
export async function* snapshotDatabase(store: Store, name: string): AsyncGenerator<ArchiveLine> {
  const security = await store.server.request({ db: name, path: '_security' });
  yield { kind: 'database', name, security };
  let since: unknown = 0;
  let docs = 0;
  for (;;) {
    const page = (await store.server.request({
      db: name,
      path: '_changes',
      qs: { since: String(since), limit: PAGE, style: 'all_docs' },
    })) as ChangesPage;
    const revisions = page.results.flatMap((row) => row.changes.map(({ rev }) => ({ id: row.id, rev })));
    if (revisions.length > 0) {
      const answer = (await store.server.request({
        db: name,
        path: '_bulk_get',
        method: 'POST',
        qs: { revs: true, attachments: true },
        body: { docs: revisions },
      })) as BulkGetAnswer;
      for (const result of answer.results) {
        for (const found of result.docs) {
          if (!('ok' in found)) continue;
          docs += 1;
          yield { kind: 'doc', db: name, doc: found.ok };
        }
      }
    }
    since = page.last_seq;
    if (page.results.length < PAGE && !page.pending) break;
  }
  yield { kind: 'database_end', name, seq: since, docs };
}
