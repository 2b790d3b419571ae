/**
 * Admin accounts are never created by the public registration form (it refuses the role): an
 * operator creates them with `npm run create-admin`, which calls this. Same account shape as the
 * others (unique e-mail key, scrypt hash, own database with a profile), approved and verified.
 */
import { randomBytes } from 'node:crypto';
import { accountIds } from '../../src/domain/account';
import { isValidEmail, normalizeEmail } from '../../src/domain/email';
import { resolveLanguage } from '../../src/domain/languages';
import { PROFILE_ID } from '../../src/domain/mine';
import type { Profile } from '../../src/domain/mine';
import { PASSWORD_MIN_LENGTH } from '../../src/domain/constants';
import { userDbName } from '../../src/domain/user-db';
import type { Store } from '../store/store';
import { accountsDb, findAccountByEmail, releaseEmail, reserveEmail } from './accounts';
import type { StoredAccount } from './accounts';
import { hashPassword } from './passwords';
import { ensureUserDatabase } from './user-databases';

export type NewAdmin = {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  language?: string;
};

/** Creates an admin account; throws an Error with a readable message when it cannot. */
export async function createAdminAccount(
  store: Store,
  input: NewAdmin,
  now = new Date(),
): Promise<StoredAccount> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw new Error(`Not a valid e-mail address: ${input.email}`);
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`The password needs at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  const firstName = input.firstName.trim();
  if (!firstName) throw new Error('A first name is required.');
  if (await findAccountByEmail(store, email)) throw new Error(`An account already uses ${email}.`);

  const uid = randomBytes(16).toString('hex');
  const at = now.toISOString();
  const lastName = input.lastName?.trim() || undefined;
  const displayName = lastName ? `${firstName} ${lastName}` : firstName;
  const account: StoredAccount = {
    _id: accountIds.account(uid),
    type: 'account',
    uid,
    email,
    emailLower: email,
    role: 'admin',
    passwordHash: await hashPassword(input.password),
    provider: 'password',
    displayName,
    firstName,
    ...(lastName ? { lastName } : {}),
    preferredLanguage: resolveLanguage(input.language),
    isActive: true,
    isApproved: true,
    isBanned: false,
    isVerifiedEmail: true,
    createdAt: at,
    updatedAt: at,
  };
  if (!(await reserveEmail(store, email, uid))) throw new Error(`An account already uses ${email}.`);
  try {
    await accountsDb(store).insert(account);
    await ensureUserDatabase(store, uid);
    const profile: Profile = {
      id: PROFILE_ID,
      type: 'profile',
      uid,
      role: 'admin',
      email,
      preferredLanguage: account.preferredLanguage,
      firstName,
      ...(lastName ? { lastName } : {}),
      fullName: displayName,
      displayName,
      languages: [account.preferredLanguage],
      isApproved: true,
      createdAt: at,
      updatedAt: at,
    };
    await store.db(userDbName(uid)).insert({ _id: PROFILE_ID, ...profile });
    return account;
  } catch (error) {
    // Leave nothing half-made behind.
    await store.server.db.destroy(userDbName(uid)).catch(() => undefined);
    const written = await accountsDb(store)
      .get(account._id)
      .catch(() => undefined);
    if (written?._rev) await accountsDb(store).destroy(written._id, written._rev);
    await releaseEmail(store, email, uid);
    throw error;
  }
}
