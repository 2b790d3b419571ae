/**
 * Data migrations: derived fields added by a later release, filled in on documents written before
 * it. Idempotent: documents that already have the fields are left alone; the newer ones run once
 * per store (`migration:<name>` in `admin`).
 */
import type { Account } from '../../src/domain/account';
import { profileListing, withAccountIndex } from '../../src/domain/account-index';
import type { ListedProfile } from '../../src/domain/account-index';
import { contentGroup, newestFirstKey } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';
import { NEW_PROVIDER_RATING } from '../../src/domain/constants';
import type { Provider } from '../../src/domain/provider';
import { providerListOrder } from '../../src/domain/provider';
import { PROFILE_ID } from '../../src/domain/mine';
import { withListedSpecialties } from '../../src/domain/public-profile';
import { userDbName } from '../../src/domain/user-db';
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

/**
 * Providers published with rating 0 before any review (approval and the tally wrote 0 where the spec
 * says a new provider starts at 5): given the spec's default, and their place in the listing with
 * it. Reviewed providers keep their average. Once per store. Returns how many profiles were set.
 */
export function backfillNewProviderRating(store: Store): Promise<number> {
  return once(store, 'new-provider-rating', () => setNewProviderRating(store));
}

async function setNewProviderRating(store: Store): Promise<number> {
  const db = store.db<ProviderRow>('providers');
  const { rows } = await db.list({ include_docs: true });
  const docs = rows
    .map((row) => row.doc)
    .filter(
      (doc): doc is ProviderRow =>
        !!doc && doc.type === 'provider' && doc.reviewCount === 0 && doc.rating !== NEW_PROVIDER_RATING,
    )
    .map((doc) => {
      const next = { ...doc, rating: NEW_PROVIDER_RATING };
      return { ...next, listOrder: providerListOrder(next) };
    });
  if (docs.length === 0) return 0;
  const results = await db.bulk({ docs });
  return results.filter((result) => !result.error).length;
}

type AccountRow = Account & { _id: string; _rev: string };

/**
 * Accounts written before the admin lists searched them: given the copy of their record's phone,
 * country and languages, and their search words and sort name (src/domain/account-index.ts). Read
 * a batch of accounts at a time. Once per store. Returns how many accounts were given them.
 */
export function backfillAccountIndex(store: Store): Promise<number> {
  return once(store, 'account-index', () => indexAccounts(store));
}

const ACCOUNT_BATCH = 200;

async function indexAccounts(store: Store): Promise<number> {
  const db = store.db<AccountRow>('accounts');
  let changed = 0;
  let startkey = 'user:';
  for (;;) {
    const { rows } = await db.list({
      include_docs: true,
      startkey,
      endkey: 'user:\ufff0',
      limit: ACCOUNT_BATCH + 1,
    });
    const batch = rows.slice(0, ACCOUNT_BATCH);
    const docs: AccountRow[] = [];
    for (const row of batch) {
      const doc = row.doc;
      if (!doc || doc.type !== 'account' || doc.searchTokens) continue;
      const profile = await getOrUndefined<ListedProfile & { _id: string }>(
        store.db(userDbName(doc.uid)),
        PROFILE_ID,
      ).catch(() => undefined);
      docs.push(
        withAccountIndex({ ...doc, listing: profile ? profileListing(profile) : (doc.listing ?? {}) }),
      );
    }
    if (docs.length > 0) {
      const results = await db.bulk({ docs });
      changed += results.filter((result) => !result.error).length;
    }
    if (rows.length <= ACCOUNT_BATCH) return changed;
    startkey = rows[ACCOUNT_BATCH]!.id;
  }
}
