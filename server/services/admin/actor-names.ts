/**
 * Who an admin is, for the lists that show who did something (a refund's "by"): the account's
 * display name, else its e-mail. Read a page at a time in one request (docs-by-id), never per row.
 * The service's own actors (`system`, `gateway`) are not accounts and get no name: the console
 * words them itself.
 */
import { accountIds } from '../../../src/domain/account';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { docsById } from './docs-by-id';

/** Actors that are the service itself, never an account. */
const SERVICE_ACTORS = new Set(['system', 'gateway']);

/** Names by uid, for the uids that are accounts (the others are left out). */
export async function actorNames(store: Store, uids: readonly string[]): Promise<Map<string, string>> {
  const people = [...new Set(uids)].filter((uid) => !SERVICE_ACTORS.has(uid));
  const accounts = await docsById<StoredAccount>(store, 'accounts', people.map(accountIds.account));
  const names = new Map<string, string>();
  for (const uid of people) {
    const account = accounts.get(accountIds.account(uid));
    const name = account?.displayName?.trim() || account?.email;
    if (name) names.set(uid, name);
  }
  return names;
}
