/**
 * What the replication of the user's own database has learnt of each document's revisions on the
 * server, so that a version pulled earlier is never written over a newer one.
 *
 * Why: RxDB's replication (17.6) pulls and pushes at once, and writes a pulled version once the
 * batch before it is written. A pulled version can thus wait while the device pushes an edit made
 * on top of it: once the push is through, the device's copy and its record of the server agree, so
 * RxDB writes the older pulled version over the copy as if it were news, and the next push sends
 * it to the server. Two devices that edited different fields of a profile offline lost one edit
 * that way, with no notice. RxDB cannot tell that the pulled version is older: its CouchDB plugin
 * drops the revision (`_rev`) of every document it pulls.
 *
 * So the replication's `fetch` is watched here: every answer that carries a document (the change
 * feed, the listings read before a push) and every push answered by the server is recorded as
 * "this content is revision height N of that document". A pulled version is stale when the server
 * is known to hold a higher revision; the conflict handler then tells RxDB there is nothing to
 * write (see `mineConflictHandler`). The newer version is on the device already (it was pushed
 * from there, or pulled and written), or comes with a later pull: the change feed always gives a
 * document's latest revision.
 *
 * This lives in memory: what it guards against is the order of one session's requests.
 */

type Heights = { newest: number; byContent: Map<string, number> };

/** At most this many contents are remembered per document (a document has a few live versions). */
const CONTENTS_KEPT = 16;

const heightOf = (rev: unknown): number | undefined => {
  if (typeof rev !== 'string') return undefined;
  const height = Number.parseInt(rev, 10);
  return Number.isSafeInteger(height) && height > 0 ? height : undefined;
};

/**
 * A document's content, without what names or stamps it: the same for the server's form
 * (`_id`, `_rev`) and RxDB's (`id`, `_meta`), so that a pulled state can be matched with the
 * revision it came with.
 */
export function contentKey(doc: Record<string, unknown>): string {
  const fields = Object.keys(doc)
    .filter((key) => key !== 'id' && !key.startsWith('_'))
    .sort();
  const body = JSON.stringify(fields.map((key) => [key, sorted(doc[key])]));
  return doc._deleted === true ? `deleted:${body}` : body;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, sorted(inner)]),
    );
  }
  return value;
}

export class ServerRevisions {
  private readonly docs = new Map<string, Heights>();

  /** Records that the server holds `doc` (in the server's form, with `_id` and `_rev`). */
  recordServerDoc(doc: unknown): void {
    if (!doc || typeof doc !== 'object') return;
    const { _id: id, _rev: rev } = doc as { _id?: unknown; _rev?: unknown };
    if (typeof id === 'string') this.record(id, contentKey(doc as Record<string, unknown>), rev);
  }

  record(id: string, content: string, rev: unknown): void {
    const height = heightOf(rev);
    if (height === undefined) return;
    const known = this.docs.get(id) ?? { newest: 0, byContent: new Map<string, number>() };
    known.newest = Math.max(known.newest, height);
    known.byContent.delete(content);
    known.byContent.set(content, Math.max(height, known.byContent.get(content) ?? 0));
    // The oldest remembered content goes first (a Map keeps the order of insertion).
    while (known.byContent.size > CONTENTS_KEPT) known.byContent.delete(known.byContent.keys().next().value!);
    this.docs.set(id, known);
  }

  /**
   * True when `doc` (a pulled state, in RxDB's form) is a revision the server has since replaced.
   * A content never seen with a revision is not called stale: it is whatever the server sent.
   */
  isStale(doc: Record<string, unknown>): boolean {
    const id = doc.id;
    if (typeof id !== 'string') return false;
    const known = this.docs.get(id);
    const height = known?.byContent.get(contentKey(doc));
    return known !== undefined && height !== undefined && height < known.newest;
  }

  clear(): void {
    this.docs.clear();
  }

  /**
   * `fetch`, recording every revision an answer of the gateway shows: documents of the change
   * feed and of listings, and the revisions given to pushed documents.
   */
  watch(fetcher: typeof fetch): typeof fetch {
    return async (input, init) => {
      const response = await fetcher(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(url, 'http://localhost').pathname;
      if (/\/(_changes|_all_docs|_bulk_docs)$/.test(path)) {
        try {
          this.recordAnswer(path, init?.body, await response.clone().json());
        } catch {
          // An answer that is not JSON is RxDB's to report; there is nothing to record.
        }
      }
      return response;
    };
  }

  private recordAnswer(path: string, requestBody: unknown, answer: unknown): void {
    if (path.endsWith('/_bulk_docs')) {
      if (typeof requestBody !== 'string' || !Array.isArray(answer)) return;
      const sent = (JSON.parse(requestBody) as { docs?: Record<string, unknown>[] }).docs ?? [];
      const byId = new Map(sent.map((doc) => [doc._id, doc]));
      for (const row of answer as { id?: unknown; rev?: unknown; ok?: unknown }[]) {
        const doc = typeof row.id === 'string' ? byId.get(row.id) : undefined;
        if (doc && row.ok === true) this.record(row.id as string, contentKey(doc), row.rev);
      }
      return;
    }
    const rows =
      (answer as { results?: unknown[]; rows?: unknown[] }).results ??
      (answer as { rows?: unknown[] }).rows ??
      [];
    for (const row of rows) this.recordServerDoc((row as { doc?: unknown } | null)?.doc);
  }
}

/** The revisions of the signed-in user's database, shared by its replication and its conflict handler. */
export const mineRevisions = new ServerRevisions();
