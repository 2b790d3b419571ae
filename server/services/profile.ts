/**
 * The user record (`profile` in the user's own database) as the service changes it: the owner's
 * whitelisted edits (spec section 5), presence on sign-out, and the matching fields of the public
 * provider profile when one is published (`providers`, same id as the user).
 */
import { profileListing } from '../../src/domain/account-index';
import { DEFAULT_AVATAR } from '../../src/domain/constants';
import { isProviderRole, PROFILE_ID } from '../../src/domain/mine';
import type { Profile } from '../../src/domain/mine';
import { providerListOrder } from '../../src/domain/provider';
import type { Provider } from '../../src/domain/provider';
import { toE164 } from '../../src/domain/phone';
import { publicProfileFields, withPublicFields } from '../../src/domain/public-profile';
import { PROFILE_UPDATE_FIELDS } from '../../src/domain/profile-fields';
import { profileUpdateProblems } from '../../src/domain/profile-update';
import type { ProfileUpdate, ProfileUpdateField } from '../../src/domain/profile-fields';
import { userDbName } from '../../src/domain/user-db';
import { getOrUndefined, isConflict, replaceDoc } from '../store/store';
import type { Store } from '../store/store';
import type { StoredAccount } from './accounts';
import { updateAccount } from './accounts';
import { claimPhoto, deletePhoto, getPhoto, photoIdOf, photoUrl } from './photos';
import { displayNameOf, phoneFields, ValidationFailure } from './registration';

type StoredProfile = Profile & { _id: string; _rev?: string };
type StoredProvider = Provider & { _id: string; _rev?: string };

const ATTEMPTS = 5;

export async function readProfile(store: Store, uid: string): Promise<StoredProfile | undefined> {
  return getOrUndefined(store.db<StoredProfile>(userDbName(uid)), PROFILE_ID).catch(() => undefined);
}

/** Applies `change` to a document and writes it, reading again when another write came first. */
async function updateDoc<T extends { _id: string; _rev?: string }>(
  store: Store,
  db: string,
  id: string,
  change: (doc: T) => T,
): Promise<T | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await getOrUndefined(store.db<T>(db), id);
    if (!current) return undefined;
    const next = change(current);
    try {
      await replaceDoc<T>(store, db, { ...next, _rev: current._rev });
      return next;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  throw new Error(`Could not update ${db}/${id}: too many concurrent writes`);
}

/**
 * Sign-out of a lawyer or expat (spec section 4): offline and unavailable, in the user record and
 * in the public profile when it is published, with the same timestamp.
 */
export async function setOffline(store: Store, uid: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await updateDoc<StoredProfile>(store, userDbName(uid), PROFILE_ID, (profile) => ({
    ...profile,
    isOnline: false,
    availability: 'unavailable',
    lastStatusChange: at,
    updatedAt: at,
  }));
  await updateDoc<StoredProvider>(store, 'providers', uid, (provider) => {
    const next = { ...provider, isOnline: false, availability: 'unavailable' as const };
    return { ...next, listOrder: providerListOrder(next), lastStatusChange: at, updatedAt: at };
  });
  await mirrorPresence(store, uid, false);
}

/**
 * The presence copied onto the account (server-only), where the admin dashboard counts providers
 * online with a view: the public `providers` database carries no design document (DESIGN.md).
 */
async function mirrorPresence(store: Store, uid: string, online: boolean, at?: string): Promise<void> {
  await updateAccount(store, uid, (account) => {
    // The first time online is kept for good: "approved but never online" automations read it.
    const first = online && !account.firstOnlineAt && at ? { firstOnlineAt: at } : {};
    return account.isOnline === online && !('firstOnlineAt' in first)
      ? account
      : { ...account, isOnline: online, ...first };
  });
}

/** Why an availability change was refused (spec section 4: its own message each). */
export class AvailabilityRefused extends Error {
  constructor(readonly reason: 'not_provider' | 'profile_not_approved' | 'profile_missing') {
    super(`Availability not changed: ${reason}`);
    this.name = 'AvailabilityRefused';
  }
}

/**
 * A lawyer or expat goes online (available) or offline (unavailable): the user record and the
 * public profile change together, with the same timestamp (spec section 4). Refused while the
 * profile is not approved; the approval read is the server's own copy, never the browser's.
 */
export async function setAvailability(
  store: Store,
  uid: string,
  online: boolean,
  now = new Date(),
): Promise<StoredProfile> {
  const current = await readProfile(store, uid);
  if (!current) throw new AvailabilityRefused('profile_missing');
  if (!isProviderRole(current.role)) throw new AvailabilityRefused('not_provider');
  if (!current.isApproved) throw new AvailabilityRefused('profile_not_approved');
  const at = now.toISOString();
  const availability = online ? ('available' as const) : ('unavailable' as const);
  const profile = await updateDoc<StoredProfile>(store, userDbName(uid), PROFILE_ID, (doc) => ({
    ...doc,
    isOnline: online,
    availability,
    lastStatusChange: at,
    updatedAt: at,
  }));
  if (!profile) throw new AvailabilityRefused('profile_missing');
  try {
    await updateDoc<StoredProvider>(store, 'providers', uid, (provider) => {
      const next = { ...provider, isOnline: online, availability };
      return { ...next, listOrder: providerListOrder(next), lastStatusChange: at, updatedAt: at };
    });
  } catch (error) {
    throw new StatusSyncFailed(uid, error);
  }
  await mirrorPresence(store, uid, online, at);
  return profile;
}

/**
 * The user record has the new availability but the public profile could not follow (spec section
 * 4: a status sync error has its own message). Setting the availability again brings it in line.
 */
export class StatusSyncFailed extends Error {
  constructor(
    readonly uid: string,
    override readonly cause: unknown,
  ) {
    super(`The public profile of ${uid} did not follow the availability change`);
    this.name = 'StatusSyncFailed';
  }
}

/**
 * Publishes the public fields of an approved provider's record into their public profile (same id),
 * after the owner edited it: the service's fields (rating, reviews, presence, statistics) stay as
 * they are and the listing order is derived again. Nothing is published for an unapproved provider
 * (their public profile appears with the approval), nor for a provider without a public profile.
 */
export async function publishProfile(store: Store, uid: string, now = new Date()): Promise<boolean> {
  const profile = await readProfile(store, uid);
  if (!profile || !isProviderRole(profile.role) || profile.isApproved !== true) return false;
  const fields = publicProfileFields(profile);
  const published = await updateDoc<StoredProvider>(store, 'providers', uid, (provider) => {
    const next = withPublicFields(provider, fields);
    return { ...next, listOrder: providerListOrder(next), updatedAt: now.toISOString() };
  });
  return published !== undefined;
}

/** The user record follows an e-mail change of the account. */
export async function setProfileEmail(store: Store, uid: string, email: string, now = new Date()) {
  await updateDoc<StoredProfile>(store, userDbName(uid), PROFILE_ID, (profile) => ({
    ...profile,
    email,
    updatedAt: now.toISOString(),
  }));
}

const NAME_FIELDS = ['firstName', 'lastName', 'fullName', 'displayName'] as const;
const PHOTO_FIELDS = ['profilePhoto', 'photoURL', 'avatar'] as const;

/**
 * A profile update from `PATCH /api/auth/profile`. Fields outside the whitelist are refused (400
 * `validation`, `field_not_allowed`), not silently dropped, so a form never believes it saved what
 * it did not. Phone numbers are stored in E.164 with their split fields; a photo must be one of the
 * user's uploads; names keep `fullName` and `displayName` in step unless given.
 */
export async function updateProfile(
  store: Store,
  account: StoredAccount,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<{ account: StoredAccount; profile: StoredProfile }> {
  const notAllowed = Object.keys(body).filter(
    (key) => !(PROFILE_UPDATE_FIELDS as readonly string[]).includes(key),
  );
  if (notAllowed.length > 0) {
    throw new ValidationFailure(Object.fromEntries(notAllowed.map((key) => [key, 'field_not_allowed'])));
  }
  const update = body as ProfileUpdate;
  const problems = profileUpdateProblems(update);
  if (Object.keys(problems).length > 0) throw new ValidationFailure(problems);

  const change: Partial<Profile> = {};
  const text = (field: ProfileUpdateField) => String(update[field]).trim();
  for (const field of NAME_FIELDS) if (field in update) change[field] = text(field);
  for (const field of ['bio', 'description'] as const) if (field in update) change[field] = text(field);
  for (const field of ['languages', 'languagesSpoken'] as const) {
    if (field in update) change[field] = [...new Set(update[field] as string[])];
  }
  for (const prefix of ['phone', 'whatsapp'] as const) {
    if (prefix in update) {
      const raw = text(prefix);
      Object.assign(
        change,
        raw
          ? phoneFields(prefix, toE164(raw))
          : { [prefix]: '', [`${prefix}Number`]: '', [`${prefix}CountryCode`]: '' },
      );
    } else {
      for (const part of [`${prefix}Number`, `${prefix}CountryCode`] as const) {
        if (part in update) change[part] = text(part);
      }
    }
  }

  const photoField = PHOTO_FIELDS.find((field) => field in update);
  let newPhotoId: string | undefined;
  if (photoField) {
    const ref = text(photoField);
    newPhotoId = photoIdOf(ref);
    if (ref && !(newPhotoId && (await claimPhoto(store, newPhotoId, 'profile', account.uid)))) {
      throw new ValidationFailure({ [photoField]: 'photo_invalid' });
    }
    const url = newPhotoId ? photoUrl(newPhotoId) : '';
    for (const field of PHOTO_FIELDS) change[field] = url;
  }

  const at = now.toISOString();
  let previousPhoto: string | undefined;
  const profile = await updateDoc<StoredProfile>(store, userDbName(account.uid), PROFILE_ID, (current) => {
    previousPhoto = current.profilePhoto;
    const next: StoredProfile = { ...current, ...change, updatedAt: at };
    const namesChanged = NAME_FIELDS.some((field) => field in change);
    if (namesChanged && !('fullName' in change)) {
      next.fullName = [next.firstName, next.lastName].filter(Boolean).join(' ');
    }
    if (namesChanged && !('displayName' in change)) {
      next.displayName = displayNameOf(account.role, next.firstName, next.lastName);
    }
    return next;
  });
  if (!profile) throw new Error(`The profile of ${account.uid} is missing`);

  // The account keeps the names the session view shows, and what the admin lists filter on.
  const updated =
    (await updateAccount(store, account.uid, (current) => ({
      ...current,
      firstName: profile.firstName,
      ...(profile.lastName ? { lastName: profile.lastName } : {}),
      displayName: profile.displayName,
      listing: profileListing(profile),
    }))) ?? account;

  await updateDoc<StoredProvider>(store, 'providers', account.uid, (provider) => ({
    ...provider,
    fullName: profile.fullName || provider.fullName,
    ...(photoField ? { profilePhoto: profile.profilePhoto || DEFAULT_AVATAR } : {}),
    ...(profile.bio !== undefined ? { bio: profile.bio } : {}),
    updatedAt: at,
  }));

  const oldId = photoIdOf(previousPhoto);
  if (photoField && oldId && oldId !== newPhotoId) {
    const old = await getPhoto(store, oldId);
    if (old?.owner === account.uid) await deletePhoto(store, oldId);
  }
  return { account: updated, profile };
}
