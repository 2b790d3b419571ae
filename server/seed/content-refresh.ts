/**
 * Seeded content follows its source files (`content/`): a help article, FAQ entry, legal page or
 * testimonial that the seed wrote is rewritten when its text there changes, so that a store seeded
 * by an earlier release shows a corrected wording too. What anyone else wrote is never overwritten,
 * and a document deleted since stays deleted.
 *
 * How the seed knows its own documents: for each one it keeps a record in `admin`
 * (`seeded-content:<content id>`) with the fingerprint of the fields it last wrote. A stored document
 * is the seed's own while its fields still have that fingerprint; once edited (by an admin, later),
 * it is left alone. A document with no record was written before records existed, by the seed, the
 * only writer of these ids so far: it is taken as the seed's own. A document that already has the
 * new fields only gets its record (a start stopped between the two writes).
 *
 * A document that the admin console published is given up for good (`releaseSeededContent`, a
 * `released` mark on its record, written before the admin's text): whatever its fields, and even on
 * a store whose seed kept no record, the seed never writes it again.
 */
import { createHash } from 'node:crypto';
import type { Document, DocumentScope } from 'nano';
import { upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import type { ContentSeedDoc } from './content';

type SeedRecord = {
  _id: string;
  _rev?: string;
  type: 'seeded-content';
  fingerprint: string;
  /** When the seed gave the document up to the admin console (see the header). */
  releasedAt?: string;
};
type Found<T> = (T & Document) | 'deleted';

export const seededContentRecordId = (contentId: string) => `seeded-content:${contentId}`;

/**
 * The fields the seed owns, without the store's revision and the write's own time (`updatedAt`,
 * and `newestFirst` where it derives from it), so that the same text seeded twice matches.
 */
export function seededFingerprint(doc: ContentSeedDoc & { _rev?: string }): string {
  const { _id: _i, _rev: _r, updatedAt: _u, newestFirst: _n, ...fields } = doc;
  const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export type ContentSync = { added: number; updated: number };

export async function syncSeededContent(store: Store, docs: ContentSeedDoc[]): Promise<ContentSync> {
  const content = store.db<ContentSeedDoc>('content');
  const admin = store.db<SeedRecord>('admin');
  const ids = docs.map((doc) => doc._id);
  const stored = await readByIds(content, ids);
  const records = await readByIds(admin, ids.map(seededContentRecordId));

  const writes: { doc: ContentSeedDoc & { _rev?: string }; added: boolean }[] = [];
  const recordOnly: SeedRecord[] = [];
  for (const doc of docs) {
    const current = stored.get(doc._id);
    const record = records.get(seededContentRecordId(doc._id));
    const fingerprint = seededFingerprint(doc);
    if (current === 'deleted') continue;
    if (record && record !== 'deleted' && record.releasedAt) continue;
    if (!current) {
      writes.push({ doc, added: true });
      continue;
    }
    const currentFingerprint = seededFingerprint(current);
    if (currentFingerprint === fingerprint) {
      if (record === 'deleted' || record?.fingerprint !== fingerprint)
        recordOnly.push(recordFor(doc._id, fingerprint, record));
      continue;
    }
    const seedsOwn = !record || record === 'deleted' || record.fingerprint === currentFingerprint;
    if (seedsOwn) writes.push({ doc: { ...doc, _rev: current._rev }, added: false });
  }

  const results = writes.length ? await content.bulk({ docs: writes.map((w) => w.doc) }) : [];
  const failed = results.filter((r) => r.error && r.error !== 'conflict');
  if (failed.length) throw new Error(`Seeding content failed: ${JSON.stringify(failed.slice(0, 3))}`);
  // A conflict is someone else's write since the read: theirs stands, and the record is not moved.
  const written = writes.filter((_, i) => !results[i]?.error);
  const newRecords = [
    ...recordOnly,
    ...written.map(({ doc }) =>
      recordFor(doc._id, seededFingerprint(doc), records.get(seededContentRecordId(doc._id))),
    ),
  ];
  const recorded = newRecords.length ? await admin.bulk({ docs: newRecords }) : [];
  // A conflict here is another start recording the same: the next start reads it again.
  const unrecorded = recorded.filter((r) => r.error && r.error !== 'conflict');
  if (unrecorded.length)
    throw new Error(`Recording seeded content failed: ${JSON.stringify(unrecorded.slice(0, 3))}`);
  return {
    added: written.filter((w) => w.added).length,
    updated: written.filter((w) => !w.added).length,
  };
}

/** The seed gives these content documents up: it will never write them again (see the header). */
export async function releaseSeededContent(store: Store, contentIds: string[], at: string): Promise<void> {
  for (const contentId of contentIds) {
    await upsertDoc<SeedRecord>(store, 'admin', seededContentRecordId(contentId), (record) =>
      record?.releasedAt
        ? undefined
        : {
            _id: seededContentRecordId(contentId),
            type: 'seeded-content',
            fingerprint: record?.fingerprint ?? '',
            releasedAt: at,
          },
    );
  }
}

function recordFor(
  contentId: string,
  fingerprint: string,
  previous: Found<SeedRecord> | undefined,
): SeedRecord {
  return {
    _id: seededContentRecordId(contentId),
    ...(previous && previous !== 'deleted' ? { _rev: previous._rev } : {}),
    type: 'seeded-content',
    fingerprint,
  };
}

/** The documents found by id; 'deleted' for an id whose document was deleted. */
async function readByIds<T extends object>(
  db: DocumentScope<T>,
  ids: string[],
): Promise<Map<string, Found<T>>> {
  const found = new Map<string, Found<T>>();
  if (ids.length === 0) return found;
  const { rows } = await db.fetch({ keys: ids });
  for (const row of rows) {
    if ('error' in row) continue;
    found.set(row.key, row.doc ?? 'deleted');
  }
  return found;
}
