/**
 * The `affiliates` database (server only, never replicated to browsers). Ids are fixed by what a
 * record is, so that a repeated write is the same record:
 * - `affiliate:<code>`: an affiliate, keyed by its referral code (fixed once created), so two
 *   affiliates can never hold one code, on one node or on a cluster (the second write conflicts);
 * - `referral:<clientUid>`: the affiliate whose link a client signed up through, written once, at
 *   sign-up (a client is referred once, by the first affiliate recorded).
 */
import type { Affiliate } from '../../../src/domain/affiliates';
import { getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';

export const AFFILIATES_DB = 'affiliates';

export type StoredAffiliate = Affiliate & { _id: string; _rev?: string; type: 'affiliate' };

export type StoredReferral = {
  _id: string;
  _rev?: string;
  type: 'referral';
  clientUid: string;
  affiliateId: string;
  code: string;
  at: string;
};

export const affiliateIds = {
  affiliate: (code: string) => `affiliate:${code}`,
  referral: (clientUid: string) => `referral:${clientUid}`,
};

export const affiliatesDb = <T extends object>(store: Store) => store.db<T>(AFFILIATES_DB);

export function affiliateFields(doc: StoredAffiliate): Affiliate {
  const { _id, _rev, type: _type, ...affiliate } = doc;
  return affiliate;
}

/** An affiliate, read by id (current on a cluster too). */
export async function readAffiliate(store: Store, id: string): Promise<StoredAffiliate | undefined> {
  const doc = await getOrUndefined(affiliatesDb<StoredAffiliate>(store), affiliateIds.affiliate(id));
  return doc?.type === 'affiliate' ? doc : undefined;
}
