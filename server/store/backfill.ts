/**
 * Data migrations: derived fields added by a later release, filled in on documents written before
 * it. Idempotent: documents that already have the fields are left alone; the newer ones run once
 * per store (`migration:<name>` in `admin`).
 */
import { contentGroup, newestFirstKey } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';
import type { Provider } from '../../src/domain/provider';
import { withListedSpecialties } from '../../src/domain/public-profile';
import { createOnce, getOrUndefined } from './store';
import type { Store } from './store';

type ContentRow = Partial<ContentDoc> & { _id: string; _rev: string };

/** `content.group` and `content.newestFirst` (index keys); returns how many documents were updated. */
export async function backfillContentKeys(store: Store): Promise<number> {
  const db = store.db<ContentRow>('content');
  const { rows } = await db.list({ include_docs: true });
  const stale = rows
    .map((row) => row.doc)
    .filter(
      (doc): doc is ContentRow =>
        !!doc &&
        !doc._id.startsWith('_design/') &&
        (doc.newestFirst === undefined || doc.group === undefined),
    );
  if (stale.length === 0) return 0;
  const docs = stale.map((doc) => ({
    ...doc,
    group: contentGroup({
      type: doc.type ?? 'article',
      serviceType: doc.serviceType,
      providerId: doc.providerId,
    }),
    newestFirst: newestFirstKey(doc.publishedAt ?? doc.updatedAt),
  }));
  const results = await db.bulk({ docs });
  return results.filter((result) => !result.error).length;
}

type ProviderRow = Provider & { _id: string; _rev: string };

/** The record of a one-time data migration, in `admin`, once it has run on this store. */
export const migrationDoneId = (name: string) => `migration:${name}`;

/**
 * Runs a data migration that only documents written before a release can need, once per store: a
 * whole database is not read again at every start. Returns how many documents it changed.
 */
async function once(store: Store, name: string, run: () => Promise<number>): Promise<number> {
  if (await getOrUndefined(store.db('admin'), migrationDoneId(name))) return 0;
  const changed = await run();
  await createOnce(store, 'admin', {
    _id: migrationDoneId(name),
    type: 'migration',
    at: new Date().toISOString(),
  });
  return changed;
}

/**
 * Specialties published before the lists were enforced: codes outside the role's list and "other"
 * texts breaking their rule are taken out of `providers`, for providers who would not publish again
 * soon (publication filters them from then on). Once per store. Returns how many profiles were cleaned.
 */
export function backfillListedSpecialties(store: Store): Promise<number> {
  return once(store, 'listed-specialties', () => cleanListedSpecialties(store));
}

async function cleanListedSpecialties(store: Store): Promise<number> {
  const db = store.db<ProviderRow>('providers');
  const { rows } = await db.list({ include_docs: true });
  const docs = rows
    .map((row) => row.doc)
    .filter((doc): doc is ProviderRow => !!doc && doc.type === 'provider' && Array.isArray(doc.specialties))
    .map((doc) => withListedSpecialties(doc))
    .filter((doc): doc is ProviderRow => doc !== undefined);
  if (docs.length === 0) return 0;
  const results = await db.bulk({ docs });
  return results.filter((result) => !result.error).length;
}
