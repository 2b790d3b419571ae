/**
 * A small vocabulary for the communications tests: users with the facts segments select on
 * (role, interface language, country, sign-up date, approval, presence, ban), and what a user's
 * own database holds of the announcements sent to them.
 */
import { accountIds } from '../../src/domain/account';
import type { Language } from '../../src/domain/languages';
import type { NotificationDoc } from '../../src/domain/mine';
import { userDbName } from '../../src/domain/user-db';
import type { StoredAccount } from '../../server/services/accounts';
import type { Store } from '../../server/store/store';
import { mintUser } from './sessions';
import type { TestUser } from './sessions';
import type { UserRole } from '../../src/domain/professions';

export type Audience = {
  role?: Exclude<UserRole, 'admin'>;
  language?: Language;
  country?: string;
  createdAt?: string;
  approved?: boolean;
  online?: boolean;
  banned?: boolean;
};

/** A signed-in user whose account carries these facts (as registration and presence leave them). */
export async function mintAudienceUser(store: Store, uid: string, facts: Audience = {}): Promise<TestUser> {
  const user = await mintUser(store, uid, facts.role ?? 'client');
  const accounts = store.db<StoredAccount>('accounts');
  const account = await accounts.get(accountIds.account(uid));
  await accounts.insert({
    ...account,
    preferredLanguage: facts.language ?? 'fr',
    ...(facts.country ? { listing: { ...account.listing, country: facts.country } } : {}),
    ...(facts.createdAt ? { createdAt: facts.createdAt } : {}),
    ...(facts.approved !== undefined ? { isApproved: facts.approved } : {}),
    ...(facts.online !== undefined ? { isOnline: facts.online } : {}),
    ...(facts.banned ? { isBanned: true } : {}),
  });
  return user;
}

/** The announcements in a user's own database, as the store holds them. */
export async function announcementsOf(store: Store, uid: string): Promise<NotificationDoc[]> {
  const { rows } = await store.db<NotificationDoc>(userDbName(uid)).list({
    startkey: 'notification:announcement:',
    endkey: 'notification:announcement:\ufff0',
    include_docs: true,
  });
  return rows.map((row) => row.doc!).filter((doc) => doc.kind === 'announcement');
}
