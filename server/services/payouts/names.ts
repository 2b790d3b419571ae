/**
 * Payees' names for the payout lists and the export: a provider's in the directory (`providers`), or
 * their account's when no longer listed; an affiliate's (payee id `affiliate:<code>`) on its record.
 * Read by id, a page at a time.
 */
import { accountIds } from '../../../src/domain/account';
import { affiliateOfPayee } from '../../../src/domain/affiliates';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { docsById } from '../admin/docs-by-id';
import { affiliateIds, AFFILIATES_DB } from '../affiliates/records';
import type { StoredAffiliate } from '../affiliates/records';

/** Providers' names by id: the directory's name, else the account's. */
export async function providerNames(store: Store, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const affiliates = ids.filter((id) => affiliateOfPayee(id) !== undefined);
  if (affiliates.length > 0) {
    const records = await docsById<StoredAffiliate>(
      store,
      AFFILIATES_DB,
      affiliates.map((id) => affiliateIds.affiliate(affiliateOfPayee(id)!)),
    );
    for (const id of affiliates) {
      const name = records.get(affiliateIds.affiliate(affiliateOfPayee(id)!))?.name;
      if (name) names.set(id, name);
    }
    ids = ids.filter((id) => affiliateOfPayee(id) === undefined);
  }
  const listed = await docsById<{ fullName?: string }>(store, 'providers', ids);
  const missing = ids.filter((id) => !listed.get(id)?.fullName);
  const accounts = await docsById<StoredAccount>(store, 'accounts', missing.map(accountIds.account));
  for (const id of ids) {
    const name = listed.get(id)?.fullName ?? accounts.get(accountIds.account(id))?.displayName;
    if (name) names.set(id, name);
  }
  return names;
}
