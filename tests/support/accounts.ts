import { accountIds } from '../../src/domain/account';
import type { Account } from '../../src/domain/account';
import type { Language } from '../../src/domain/languages';
import type { UserRole } from '../../src/domain/professions';
import { accountsDb, reserveEmail } from '../../server/services/accounts';
import { hashPassword } from '../../server/services/passwords';
import { SESSION_COOKIE, createSession } from '../../server/services/sessions';
import type { Store } from '../../server/store/store';

export type PasswordUser = { uid: string; email: string; token: string; cookie: string };

/**
 * An account with a password as registration leaves it in `accounts` (the e-mail key and the
 * account), signed in once: for tests about what happens after registration (mail links, Google
 * sign-in refusals) that should not depend on the registration form's fields.
 */
export async function createPasswordAccount(
  store: Store,
  options: {
    email: string;
    password?: string;
    language?: Language;
    role?: UserRole;
    firstName?: string;
  },
): Promise<PasswordUser> {
  const uid = `t${Math.random().toString(16).slice(2, 14)}`;
  const emailLower = options.email.toLowerCase();
  if (!(await reserveEmail(store, emailLower, uid))) throw new Error(`${emailLower} is taken`);
  const role = options.role ?? 'client';
  const now = new Date().toISOString();
  const account: Account & { _id: string } = {
    _id: accountIds.account(uid),
    type: 'account',
    uid,
    email: emailLower,
    emailLower,
    role,
    passwordHash: await hashPassword(options.password ?? 'mot-de-passe'),
    provider: 'password',
    displayName: options.firstName ?? 'Camille',
    firstName: options.firstName ?? 'Camille',
    preferredLanguage: options.language ?? 'fr',
    isActive: true,
    isApproved: role === 'client',
    isBanned: false,
    isVerifiedEmail: false,
    createdAt: now,
    updatedAt: now,
  };
  await accountsDb(store).insert(account);
  const { token } = await createSession(store, uid, { remember: false });
  return { uid, email: emailLower, token, cookie: `${SESSION_COOKIE}=${token}` };
}
