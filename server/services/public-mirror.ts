/**
 * The server's copy of the public databases (providers, content, config), in memory, for rendering
 * public pages: read once through each database's `_changes` feed, then caught up from the last
 * sequence whenever the store reports a write to it (db-updates.ts), before the next page reads it.
 * So a page rendered after a write shows it, and a page rendered with nothing new costs no request.
 *
 * `version` changes whenever the copy does: rendered pages are cached against it (server/http/ssr.ts).
 */
import type { PublicData } from '../../src/data/public-reads';
import type { ConfigDoc } from '../../src/domain/config';
import type { ContentDoc } from '../../src/domain/content';
import type { Provider } from '../../src/domain/provider';
import { dbUpdatesOf } from '../store/db-updates';
import type { Store } from '../store/store';

const DATABASES = ['providers', 'content', 'config'] as const;
type PublicDb = (typeof DATABASES)[number];

type StoredDoc = { _id: string; _rev?: string; _deleted?: boolean } & Record<string, unknown>;
type Change = { id: string; deleted?: boolean; doc?: StoredDoc };

export type PublicMirror = {
  /** The copy, caught up with every write the store has reported. */
  current(): Promise<{ data: PublicData; version: number }>;
  close(): void;
};

/** A stored document as the browser's collection holds it: `id`, no CouchDB fields. */
function asAppDoc(doc: StoredDoc): Record<string, unknown> {
  const { _id, _rev, _deleted, _attachments, _conflicts, ...rest } = doc;
  void _rev;
  void _deleted;
  void _attachments;
  void _conflicts;
  return { id: _id, ...rest };
}

export function createPublicMirror(store: Store): PublicMirror {
  const docs = new Map<PublicDb, Map<string, Record<string, unknown>>>(
    DATABASES.map((db) => [db, new Map()]),
  );
  const since = new Map<PublicDb, string>();
  const dirty = new Set<PublicDb>(DATABASES);
  let version = 0;
  let data: PublicData | undefined;
  let catchingUp: Promise<void> | undefined;

  // Followed from the first read on, so that a service that renders no page opens no feed for it.
  let unsubscribe: (() => void)[] | undefined;

  async function catchUp(db: PublicDb): Promise<void> {
    dirty.delete(db);
    const result = (await store.db<StoredDoc>(db).changes({
      since: since.get(db) ?? '0',
      include_docs: true,
      style: 'main_only',
    })) as unknown as { results: Change[]; last_seq: string };
    const copy = docs.get(db)!;
    for (const change of result.results) {
      if (change.id.startsWith('_design/')) continue;
      if (change.deleted || !change.doc) copy.delete(change.id);
      else copy.set(change.id, asAppDoc(change.doc));
    }
    since.set(db, result.last_seq);
    if (result.results.length > 0 || !data) {
      version += 1;
      data = undefined;
    }
  }

  async function catchUpAll(): Promise<void> {
    const pending = DATABASES.filter((db) => dirty.has(db));
    try {
      await Promise.all(pending.map(catchUp));
    } catch (error) {
      // Read again next time: a failed catch-up must not leave the copy behind for good.
      for (const db of pending) dirty.add(db);
      throw error;
    }
  }

  return {
    async current() {
      unsubscribe ??= DATABASES.map((db) => dbUpdatesOf(store).subscribe(db, () => dirty.add(db)));
      while (dirty.size > 0) {
        catchingUp ??= catchUpAll().finally(() => {
          catchingUp = undefined;
        });
        await catchingUp;
      }
      data ??= {
        providers: [...docs.get('providers')!.values()] as unknown as Provider[],
        content: [...docs.get('content')!.values()] as unknown as ContentDoc[],
        config: [...docs.get('config')!.values()] as unknown as ConfigDoc[],
      };
      return { data, version };
    },
    close() {
      for (const stop of unsubscribe ?? []) stop();
    },
  };
}
