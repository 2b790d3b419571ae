/**
 * What an admin does to a user from the users screens, each one audited and idempotent: a second
 * identical request changes nothing and records nothing (it answers `changed: false`).
 *
 * - ban / unban: `isBanned` on the account. Every request of the user reads the account with the
 *   session (sessions.ts), so the next one is refused; the live feeds they hold now are ended
 *   (live-feed-revocations.ts); a banned lawyer or expat is also set offline, so nobody books them.
 * - force offline: a lawyer's or expat's record and public profile, as their own toggle does.
 * - reset-password mail: the reset flow of the sign-in page (verification.ts), in the user's language.
 * - delete: the same complete deletion as the user's own (account-deletion.ts).
 *
 * Nobody acts here on an admin account, their own included (`admin_account`, `own_account`).
 */
import { isProviderRole } from '../../../src/domain/mine';
import type { Config } from '../../config/env';
import type { Store } from '../../store/store';
import { deleteAccount } from '../account-deletion';
import { updateAccount } from '../accounts';
import type { StoredAccount } from '../accounts';
import { revokeLiveFeeds } from '../live-feed-revocations';
import { readProfile, setOffline } from '../profile';
import { PASSWORD_RESET_VALID_HOURS, requestPasswordReset } from '../verification';
import { recordAudit } from './audit';
import { findUser } from './users';

export type UserActionRefusal =
  | 'not_found'
  | 'own_account'
  | 'admin_account'
  | 'not_provider'
  | 'profile_missing'
  | 'no_password'
  | 'user_banned';

export class UserActionRefused extends Error {
  constructor(readonly reason: UserActionRefusal) {
    super(`Admin action refused: ${reason}`);
    this.name = 'UserActionRefused';
  }
}

export type ActionInput = { uid: string; by: string; reason?: string };
export type ActionResult = { changed: boolean };

/** The account an admin may act on. */
export async function actionTarget(store: Store, uid: string, by: string): Promise<StoredAccount> {
  const account = await findUser(store, uid);
  if (!account) throw new UserActionRefused('not_found');
  if (account.uid === by) throw new UserActionRefused('own_account');
  if (account.role === 'admin') throw new UserActionRefused('admin_account');
  return account;
}

const subject = (uid: string) => ({ kind: 'account', id: uid });

/** Whether a provider is online now, in their record or in their public profile. */
async function isOnlineNow(store: Store, account: StoredAccount): Promise<boolean> {
  if (!isProviderRole(account.role)) return false;
  const profile = await readProfile(store, account.uid);
  return profile?.isOnline === true || account.isOnline === true;
}

export async function banUser(store: Store, { uid, by, reason }: ActionInput): Promise<ActionResult> {
  const account = await actionTarget(store, uid, by);
  if (account.isBanned) {
    // A retried ban still ends what the user holds (the first may have stopped before it could).
    revokeLiveFeeds(store, uid);
    return { changed: false };
  }
  const online = await isOnlineNow(store, account);
  await updateAccount(store, uid, (current) => ({ ...current, isBanned: true }));
  // Only now: a feed ended before the ban is written would be opened again, and accepted.
  revokeLiveFeeds(store, uid);
  if (isProviderRole(account.role)) await setOffline(store, uid);
  await recordAudit(store, {
    actor: by,
    action: 'ban',
    subject: subject(uid),
    before: { isBanned: false, ...(online ? { isOnline: true } : {}) },
    after: { isBanned: true, ...(online ? { isOnline: false } : {}) },
    reason,
  });
  return { changed: true };
}

export async function unbanUser(store: Store, { uid, by, reason }: ActionInput): Promise<ActionResult> {
  const account = await actionTarget(store, uid, by);
  if (!account.isBanned) return { changed: false };
  await updateAccount(store, uid, (current) => ({ ...current, isBanned: false }));
  await recordAudit(store, {
    actor: by,
    action: 'unban',
    subject: subject(uid),
    before: { isBanned: true },
    after: { isBanned: false },
    reason,
  });
  return { changed: true };
}

export async function forceOffline(store: Store, { uid, by, reason }: ActionInput): Promise<ActionResult> {
  const account = await actionTarget(store, uid, by);
  if (!isProviderRole(account.role)) throw new UserActionRefused('not_provider');
  const profile = await readProfile(store, uid);
  if (!profile) throw new UserActionRefused('profile_missing');
  if (!(await isOnlineNow(store, account))) return { changed: false };
  await setOffline(store, uid);
  await recordAudit(store, {
    actor: by,
    action: 'force_offline',
    subject: subject(uid),
    before: { isOnline: true, availability: profile.availability ?? 'available' },
    after: { isOnline: false, availability: 'unavailable' },
    reason,
  });
  return { changed: true };
}

/**
 * Sends the reset link of the sign-in page's "forgotten password" to the user, in their language.
 * `changed: false` when one was sent less than a minute ago (the reset flow's own delay): the
 * earlier mail stands. Mail failures are thrown as they are (the route answers 503).
 */
export async function sendPasswordResetMail(
  store: Store,
  config: Config,
  { uid, by, reason }: ActionInput,
): Promise<ActionResult & { validHours: number }> {
  const account = await actionTarget(store, uid, by);
  if (!account.passwordHash) throw new UserActionRefused('no_password');
  if (account.isBanned || account.isActive === false) throw new UserActionRefused('user_banned');
  const sent = (await requestPasswordReset(store, config, account.emailLower)) === 'sent';
  if (sent) {
    await recordAudit(store, {
      actor: by,
      action: 'password_reset_mail',
      subject: subject(uid),
      before: null,
      after: { mailedTo: account.email, language: account.preferredLanguage },
      reason,
    });
  }
  return { changed: sent, validHours: PASSWORD_RESET_VALID_HOURS };
}

/**
 * Deletes the account as its owner's own deletion does. The audit entry is written first, with an
 * id fixed by the account, so that a deletion cut short and asked again records itself once.
 */
export async function deleteUser(store: Store, { uid, by, reason }: ActionInput): Promise<ActionResult> {
  const account = await actionTarget(store, uid, by);
  await recordAudit(store, {
    actor: by,
    action: 'delete',
    subject: subject(uid),
    before: { email: account.email, role: account.role, displayName: account.displayName },
    after: null,
    reason,
    key: `delete:${uid}`,
  });
  await deleteAccount(store, account);
  revokeLiveFeeds(store, uid);
  return { changed: true };
}
