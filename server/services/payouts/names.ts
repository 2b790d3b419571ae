/**
 * Providers' names for the payout lists and the export: the directory's (`providers`), or the
 * account's for a provider no longer listed. Read by id, a page at a time.
 */
import { accountIds } from '../../../src/domain/account';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { docsById } from '../admin/docs-by-id';

/** Providers' names by id: the directory's name, else the account's. */
export async function providerNames(store: Store, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const listed = await docsById<{ fullName?: string }>(store, 'providers', ids);
  const missing = ids.filter((id) => !listed.get(id)?.fullName);
  const accounts = await docsById<StoredAccount>(store, 'accounts', missing.map(accountIds.account));
  for (const id of ids) {
    const name = listed.get(id)?.fullName ?? accounts.get(accountIds.account(id))?.displayName;
    if (name) names.set(id, name);
  }
  return names;
}
