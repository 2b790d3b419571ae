/**
 * Reading and writing accounts in the `accounts` database. An account is `user:<uid>`; its e-mail is
 * reserved by a second document `email:<emailLower>` → uid, written first, so two registrations of
 * the same address cannot both succeed (the second insert conflicts).
 */
import { accountIds } from '../../src/domain/account';
import { withAccountIndex } from '../../src/domain/account-index';
import type { Account, SessionUserView } from '../../src/domain/account';
import { userDbName } from '../../src/domain/user-db';
import { getOrUndefined, replaceDoc } from '../store/store';
import type { Store } from '../store/store';

export type StoredAccount = Account & { _id: string; _rev?: string };
type EmailKey = { _id: string; _rev?: string; type: 'email_key'; uid: string };

export function accountsDb(store: Store) {
  return store.db<StoredAccount>('accounts');
}

export async function getAccount(store: Store, uid: string): Promise<StoredAccount | undefined> {
  return getOrUndefined(accountsDb(store), accountIds.account(uid));
}

export async function findAccountByEmail(
  store: Store,
  emailLower: string,
): Promise<StoredAccount | undefined> {
  const key = await getOrUndefined(store.db<EmailKey>('accounts'), accountIds.email(emailLower));
  return key ? getAccount(store, key.uid) : undefined;
}

/** Reserves an address for a uid; false when another account holds it already. */
export async function reserveEmail(store: Store, emailLower: string, uid: string): Promise<boolean> {
  try {
    await store
      .db<EmailKey>('accounts')
      .insert({ _id: accountIds.email(emailLower), type: 'email_key', uid });
    return true;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 409) return false;
    throw error;
  }
}

export async function releaseEmail(store: Store, emailLower: string, uid: string): Promise<void> {
  const db = store.db<EmailKey>('accounts');
  const key = await getOrUndefined(db, accountIds.email(emailLower));
  if (key?.uid === uid && key._rev) await db.destroy(key._id, key._rev);
}

/** Applies `change` to the current account and writes it, retrying on a concurrent write. */
export async function updateAccount(
  store: Store,
  uid: string,
  change: (account: StoredAccount) => StoredAccount,
): Promise<StoredAccount | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getAccount(store, uid);
    if (!current) return undefined;
    // The admin lists' search words and sort name follow whatever the change did to the names or e-mail.
    const next = withAccountIndex({ ...change(current), updatedAt: new Date().toISOString() });
    try {
      await replaceDoc(store, 'accounts', { ...next, _rev: current._rev });
      return next;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 409) throw error;
    }
  }
  throw new Error(`Could not update account ${uid}: too many concurrent writes`);
}

export function sessionUserView(account: Account): SessionUserView {
  return {
    uid: account.uid,
    role: account.role,
    email: account.email,
    displayName: account.displayName,
    firstName: account.firstName,
    lastName: account.lastName,
    preferredLanguage: account.preferredLanguage,
    provider: account.provider,
    isApproved: account.isApproved,
    isVerifiedEmail: account.isVerifiedEmail,
    db: userDbName(account.uid),
    ...(account.standInFor ? { demoStandIn: true as const } : {}),
  };
}
