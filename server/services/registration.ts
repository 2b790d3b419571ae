/**
 * Account creation (spec section 4, "Registration"): the e-mail key, the account, the user's own
 * database with its `profile` document, for lawyers and expats their identity and finance fields
 * (`admin`, `kyc:<uid>`, never replicated) and their uploads, then a session. Every step that wrote
 * something registers how to undo it: when a later step fails, what was written is removed in
 * reverse order, so no half-made account is left (the e-mail stays free for the next attempt).
 */
import { randomBytes } from 'node:crypto';
import { accountIds } from '../../src/domain/account';
import { profileListing, withAccountIndex } from '../../src/domain/account-index';
import type { Account } from '../../src/domain/account';
import type { KycStatus } from '../../src/domain/kyc';
import { resolveLanguage } from '../../src/domain/languages';
import { PROFILE_ID } from '../../src/domain/mine';
import type { Profile } from '../../src/domain/mine';
import { splitE164 } from '../../src/domain/phone';
import { normalizeRegistration, registrationProblems } from '../../src/domain/registration';
import type {
  ClientRegistration,
  ExpatRegistration,
  IdentityFields,
  LawyerRegistration,
  ProviderCommon,
  RegistrationInput,
  RegistrationRole,
} from '../../src/domain/registration';
import { userDbName } from '../../src/domain/user-db';
import { ApiError } from '../http/errors';
import { isNotFound } from '../store/store';
import type { Store } from '../store/store';
import { accountsDb, findAccountByEmail, releaseEmail, reserveEmail } from './accounts';
import type { StoredAccount } from './accounts';
import { hashPassword } from './passwords';
import { claimPhoto, isClaimable, photoUrl, unclaimPhoto } from './photos';
import { createSession, endSession } from './sessions';
import { ensureUserDatabase } from './user-databases';
import { logError } from '../log';

/**
 * The steps that reach outside this module, as an object so that a test can make one of them fail
 * (`vi.spyOn(registrationSteps, 'createUserDatabase')`) and watch the rollback.
 */
export const registrationSteps = {
  createUserDatabase: (store: Store, uid: string) => ensureUserDatabase(store, uid),
  writeProfile: async (store: Store, db: string, profile: Profile) => {
    await store.db(db).insert({ _id: PROFILE_ID, ...profile });
  },
  startSession: (store: Store, uid: string, remember: boolean, now: Date) =>
    createSession(store, uid, { remember }, now),
};

/** A provider's identity, as registered (`idDocument`: a photo of kind `id_document`, never public). */
export type KycDoc = IdentityFields & {
  _id: string;
  _rev?: string;
  type: 'kyc';
  uid: string;
  role: 'lawyer' | 'expat';
  /** Set by an admin (see services/admin/kyc.ts); `pending` until then. */
  status: KycStatus;
  statusReason?: string;
  reviewedAt?: string;
  reviewedBy?: string;
  /** The status before the last decision, and how many decisions so far (the audit key). */
  previousStatus?: KycStatus;
  statusVersion?: number;
  createdAt: string;
  updatedAt: string;
};

export const kycId = (uid: string) => `kyc:${uid}`;

export type Registered = { account: StoredAccount; token: string; persistent: boolean };

export class ValidationFailure extends ApiError {
  constructor(fields: Record<string, string>) {
    super(400, 'validation', 'Some fields are not valid.', { fields });
  }
}

/** Why an address cannot be used for a new account, by how its account signs in. */
export function emailInUse(existing: Pick<Account, 'provider' | 'passwordHash'> | undefined): ApiError {
  if (!existing || existing.provider === 'password') {
    return new ApiError(409, 'email_in_use_password', 'This e-mail belongs to an account with a password.');
  }
  if (existing.provider === 'google') {
    return new ApiError(409, 'email_in_use_google', 'This e-mail belongs to a Google sign-in account.');
  }
  return new ApiError(409, 'email_in_use_provider', 'This e-mail belongs to an account of another provider.');
}

export async function registerAccount(
  store: Store,
  role: RegistrationRole,
  input: RegistrationInput,
  now = new Date(),
): Promise<Registered> {
  const problems = registrationProblems(role, input);
  if (Object.keys(problems).length > 0) throw new ValidationFailure(problems);
  const data = normalizeRegistration(role, input);
  if (role !== 'client') {
    const provider = data as ProviderCommon;
    const fields: Record<string, string> = {};
    if (!(await isClaimable(store, provider.profilePhoto, 'profile'))) fields.profilePhoto = 'photo_invalid';
    if (!(await isClaimable(store, provider.idDocument, 'id_document'))) fields.idDocument = 'photo_invalid';
    if (Object.keys(fields).length > 0) throw new ValidationFailure(fields);
  }
  const existing = await findAccountByEmail(store, data.email);
  if (existing) throw emailInUse(existing);

  const passwordHash = await hashPassword(data.password);
  const uid = randomBytes(16).toString('hex');
  const account = newAccount(uid, role, data, resolveLanguage(input.language), passwordHash, now);
  const undo: (() => Promise<unknown>)[] = [];
  try {
    if (!(await reserveEmail(store, account.emailLower, uid))) {
      throw emailInUse(await findAccountByEmail(store, account.emailLower));
    }
    undo.push(() => releaseEmail(store, account.emailLower, uid));

    const written = await accountsDb(store).insert(account);
    undo.push(() => accountsDb(store).destroy(account._id, written.rev));

    const db = userDbName(uid);
    undo.push(() => store.server.db.destroy(db));
    await registrationSteps.createUserDatabase(store, uid);
    await registrationSteps.writeProfile(store, db, newProfile(account, role, data, now));

    if (role !== 'client') {
      const provider = data as ProviderCommon;
      for (const [id, kind] of [
        [provider.profilePhoto, 'profile'],
        [provider.idDocument, 'id_document'],
      ] as const) {
        if (!(await claimPhoto(store, id, kind, uid))) {
          throw new ValidationFailure({
            [kind === 'profile' ? 'profilePhoto' : 'idDocument']: 'photo_invalid',
          });
        }
        undo.push(() => unclaimPhoto(store, id, uid));
      }
      const kyc = await store.db<KycDoc>('admin').insert(newKyc(uid, role, provider, now));
      undo.push(() => store.db('admin').destroy(kycId(uid), kyc.rev));
    }

    const session = await registrationSteps.startSession(store, uid, data.remember === true, now);
    undo.push(() => endSession(store, session.token));
    return {
      account: { ...account, _rev: written.rev },
      token: session.token,
      persistent: session.persistent,
    };
  } catch (error) {
    for (const step of undo.reverse()) {
      await step().catch((undoError: unknown) => {
        if (!isNotFound(undoError)) logError('[register] could not undo a step:', undoError);
      });
    }
    throw error;
  }
}

function newAccount(
  uid: string,
  role: RegistrationRole,
  data: ClientRegistration | ProviderCommon,
  language: Account['preferredLanguage'],
  passwordHash: string,
  now: Date,
): StoredAccount {
  const lastName = 'lastName' in data ? data.lastName : undefined;
  const at = now.toISOString();
  const listing = profileListing({
    phone: data.phone,
    residenceCountry: 'residenceCountry' in data ? data.residenceCountry : undefined,
    languages: data.languages,
  });
  return withAccountIndex({
    _id: accountIds.account(uid),
    type: 'account',
    uid,
    email: data.email,
    emailLower: data.email,
    role,
    passwordHash,
    provider: 'password',
    displayName: displayNameOf(role, data.firstName, lastName),
    firstName: data.firstName,
    ...(lastName ? { lastName } : {}),
    preferredLanguage: language,
    isActive: true,
    // Clients at once; lawyers and expats when an admin has checked their identity.
    isApproved: role === 'client',
    isBanned: false,
    isVerifiedEmail: false,
    createdAt: at,
    updatedAt: at,
    listing,
  });
}

/** Clients appear by first name; providers by their full name. */
export function displayNameOf(role: string, firstName: string, lastName?: string): string {
  return role === 'client' || !lastName ? firstName : `${firstName} ${lastName}`;
}

/** The phone fields of the user record from an E.164 number. */
export function phoneFields(prefix: 'phone' | 'whatsapp', e164: string | undefined): Partial<Profile> {
  if (!e164) return {};
  const split = splitE164(e164);
  return {
    [prefix]: e164,
    [`${prefix}Number`]: split?.nationalNumber ?? '',
    [`${prefix}CountryCode`]: split?.countryCode ?? '',
  };
}

function newProfile(
  account: Account,
  role: RegistrationRole,
  data: ClientRegistration | LawyerRegistration | ExpatRegistration,
  now: Date,
): Profile {
  const at = now.toISOString();
  const profile: Profile = {
    id: PROFILE_ID,
    type: 'profile',
    uid: account.uid,
    role,
    email: account.email,
    preferredLanguage: account.preferredLanguage,
    firstName: data.firstName,
    displayName: account.displayName,
    fullName: account.lastName ? `${data.firstName} ${account.lastName}` : data.firstName,
    languages: data.languages,
    languagesSpoken: data.languages,
    ...(data.languageOther ? { languageOther: data.languageOther } : {}),
    ...phoneFields('phone', data.phone),
    ...phoneFields('whatsapp', 'whatsapp' in data ? data.whatsapp : undefined),
    isApproved: account.isApproved,
    createdAt: at,
    updatedAt: at,
  };
  if (role === 'client') return profile;
  const provider = data as LawyerRegistration | ExpatRegistration;
  const photo = photoUrl(provider.profilePhoto);
  Object.assign(profile, {
    lastName: provider.lastName,
    profilePhoto: photo,
    photoURL: photo,
    avatar: photo,
    bio: provider.bio,
    description: provider.bio,
    residenceCountry: provider.residenceCountry,
    presenceCountry: provider.presenceCountry,
    isOnline: false,
    availability: 'unavailable',
    lastStatusChange: at,
  });
  if (role === 'lawyer') {
    const lawyer = data as LawyerRegistration;
    Object.assign(profile, {
      practiceCountries: lawyer.practiceCountries,
      ...(lawyer.practiceCountryOther ? { practiceCountryOther: lawyer.practiceCountryOther } : {}),
      yearsOfExperience: lawyer.yearsOfExperience ?? 0,
      ...(lawyer.graduationYear ? { graduationYear: lawyer.graduationYear } : {}),
      specialties: lawyer.specialties,
      ...(lawyer.specialtyOther ? { specialtyOther: lawyer.specialtyOther } : {}),
      education: lawyer.education.map((e) => JSON.parse(JSON.stringify(e)) as typeof e),
    });
  } else {
    const expat = data as ExpatRegistration;
    Object.assign(profile, {
      interventionCountry: expat.interventionCountry,
      yearsAsExpat: expat.yearsAsExpat,
      helpTypes: expat.helpTypes,
      ...(expat.helpTypeOther ? { helpTypeOther: expat.helpTypeOther } : {}),
    });
  }
  return profile;
}

function newKyc(uid: string, role: 'lawyer' | 'expat', data: ProviderCommon, now: Date): KycDoc {
  const at = now.toISOString();
  return {
    _id: kycId(uid),
    type: 'kyc',
    uid,
    role,
    dateOfBirth: data.dateOfBirth,
    address: data.address,
    idNumber: data.idNumber,
    idDocument: data.idDocument,
    bankAccountNumber: data.bankAccountNumber,
    ifsc: data.ifsc,
    status: 'pending',
    createdAt: at,
    updatedAt: at,
  };
}
