/**
 * Test profiles (admin "aaaprofiles", see src/domain/test-profile.ts): created as a registration
 * and an approval would leave a provider (the e-mail key, the account, the user's own database with
 * the record, the public profile), flagged `isTestProfile` in each, with no password (nobody signs
 * in as one) and an address under the reserved `.invalid` domain (no mail ever reaches anyone). Its
 * phone is the simulated line that answers, so a consultation booked in demo mode connects.
 *
 * Removal deletes everything of the profile, as an account deletion does, and its rating tally;
 * consultations booked with it stay in `orders` and the ledger, which are the platform's accounts.
 */
import { randomBytes } from 'node:crypto';
import { accountIds } from '../../../src/domain/account';
import type { UserListItem } from '../../../src/domain/admin-users';
import { profileListing, withAccountIndex } from '../../../src/domain/account-index';
import { PROFILE_ID } from '../../../src/domain/mine';
import type { Profile } from '../../../src/domain/mine';
import type { Provider } from '../../../src/domain/provider';
import { TEST_PROFILE_PHONE } from '../../../src/domain/test-profile';
import type { NewTestProfile } from '../../../src/domain/test-profile';
import { userDbName } from '../../../src/domain/user-db';
import { getOrUndefined, isNotFound, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { deleteAccount } from '../account-deletion';
import { accountsDb, releaseEmail, reserveEmail } from '../accounts';
import type { StoredAccount } from '../accounts';
import { revokeLiveFeeds } from '../live-feed-revocations';
import { setAvailability } from '../profile';
import { publishedProvider } from '../provider-approval';
import { providerTallyId } from '../provider-stats';
import { phoneFields } from '../registration';
import { ensureUserDatabase } from '../user-databases';
import { logError } from '../../log';
import { recordAudit } from './audit';
import { listItem } from './users';

export const TEST_PROFILE_EMAIL_DOMAIN = 'test-profiles.invalid';

export class TestProfileRefused extends Error {
  constructor(readonly reason: 'not_found' | 'not_test_profile') {
    super(`Test profile not removed: ${reason}`);
    this.name = 'TestProfileRefused';
  }
}

type ProviderDoc = Provider & { _id: string; _rev?: string };

function testRecord(uid: string, email: string, input: NewTestProfile, at: string): Profile {
  const fullName = `${input.firstName} ${input.lastName}`;
  return {
    id: PROFILE_ID,
    type: 'profile',
    uid,
    role: input.role,
    email,
    preferredLanguage: input.languages[0]!,
    firstName: input.firstName,
    lastName: input.lastName,
    fullName,
    displayName: fullName,
    ...phoneFields('phone', TEST_PROFILE_PHONE),
    languages: input.languages,
    languagesSpoken: input.languages,
    ...(input.bio ? { bio: input.bio, description: input.bio } : {}),
    residenceCountry: input.country,
    presenceCountry: input.country,
    ...(input.role === 'lawyer'
      ? { specialties: input.specialties, practiceCountries: [input.country], yearsOfExperience: 0 }
      : { helpTypes: input.specialties, interventionCountry: input.country, yearsAsExpat: 1 }),
    isApproved: true,
    isTestProfile: true,
    isOnline: false,
    availability: 'unavailable',
    lastStatusChange: at,
    createdAt: at,
    updatedAt: at,
  } as Profile;
}

/** Creates a test profile, approved and published (online when asked); one audit entry. */
export async function createTestProfile(
  store: Store,
  input: NewTestProfile,
  by: string,
  now = new Date(),
): Promise<UserListItem> {
  const uid = randomBytes(16).toString('hex');
  const at = now.toISOString();
  const email = `test-${uid.slice(0, 12)}@${TEST_PROFILE_EMAIL_DOMAIN}`;
  const record = testRecord(uid, email, input, at);
  const account: StoredAccount = withAccountIndex({
    _id: accountIds.account(uid),
    type: 'account',
    uid,
    email,
    emailLower: email,
    role: input.role,
    provider: 'password',
    displayName: record.displayName,
    firstName: input.firstName,
    lastName: input.lastName,
    preferredLanguage: record.preferredLanguage,
    isActive: true,
    isApproved: true,
    isBanned: false,
    isVerifiedEmail: true,
    isTestProfile: true,
    createdAt: at,
    updatedAt: at,
    listing: profileListing(record),
  });
  if (!(await reserveEmail(store, email, uid))) throw new Error(`The address ${email} is taken`);
  try {
    await accountsDb(store).insert(account);
    await ensureUserDatabase(store, uid);
    await store.db(userDbName(uid)).insert({ _id: PROFILE_ID, ...record });
    await upsertDoc<ProviderDoc>(store, 'providers', uid, (previous) => ({
      ...publishedProvider(uid, record, previous, at),
      // Nobody's identity was checked: the directory shows no "verified" mark on it.
      isVerified: false,
      isTestProfile: true,
    }));
    if (input.online) await setAvailability(store, uid, true, now);
  } catch (error) {
    // Nothing half-made stays: what was written goes as a deletion removes it.
    await deleteAccount(store, account).catch((undoError: unknown) => {
      logError('[test-profiles] could not undo a creation:', undoError);
    });
    await releaseEmail(store, email, uid).catch(() => undefined);
    throw error;
  }
  await recordAudit(store, {
    actor: by,
    action: 'create_test_profile',
    subject: { kind: 'account', id: uid },
    before: null,
    after: {
      role: input.role,
      displayName: record.displayName,
      country: input.country,
      languages: input.languages,
      isTestProfile: true,
      isOnline: input.online,
    },
    now,
  });
  return listItem({ ...account, ...(input.online ? { isOnline: true } : {}) });
}

/** Removes a test profile and everything of it; one audit entry (also when retried after a cut). */
export async function removeTestProfile(store: Store, uid: string, by: string): Promise<void> {
  const account = await getOrUndefined(accountsDb(store), accountIds.account(uid));
  if (!account || account.type !== 'account') throw new TestProfileRefused('not_found');
  if (account.isTestProfile !== true) throw new TestProfileRefused('not_test_profile');
  await recordAudit(store, {
    actor: by,
    action: 'remove_test_profile',
    subject: { kind: 'account', id: uid },
    before: { role: account.role, displayName: account.displayName, isTestProfile: true },
    after: null,
    key: `remove_test_profile:${uid}`,
  });
  const ledger = store.db('ledger');
  const tally = await getOrUndefined(ledger, providerTallyId(uid));
  if (tally)
    await ledger.destroy(tally._id, tally._rev).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  await deleteAccount(store, account);
  revokeLiveFeeds(store, uid);
}
