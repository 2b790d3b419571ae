/**
 * The approval queue (admin console, "approvals/lawyers" and "approvals/expats"): lawyers and
 * expats not approved yet, not banned (demo stand-ins never), oldest first, each with everything
 * they submitted: their user record (bio, photo, countries, specialties, diplomas…) and their
 * identity record (masked bank details, the document streamed by kyc.ts). Approval is
 * `setProviderApproval` (provider-approval.ts); rejection is here.
 *
 * A rejection is kept on the account (`approvalRejection`: reason, time, admin), which moves the
 * request from the pending queue to the rejected one, is audited once (the entry's key is the
 * rejection's time), and is mailed to the provider in their language once: the request that sends
 * claims it on the account first, and a rejection whose mail could not go out is sent by the next
 * rejection request for the same account.
 */
import { accountIds } from '../../../src/domain/account';
import type { ApprovalRequestView, ApprovalStatus, SubmittedProfile } from '../../../src/domain/approval';
import { approvalAgeHours, isApprovalOverdue } from '../../../src/domain/approval';
import { isProviderRole } from '../../../src/domain/mine';
import type { Profile } from '../../../src/domain/mine';
import type { ProviderRole } from '../../../src/domain/professions';
import type { Config } from '../../config/env';
import { logError } from '../../log';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { getAccount } from '../accounts';
import { readProfile } from '../profile';
import { storedMailTemplates } from '../mail-compose';
import { sendRejectionMail } from '../rejection-mail';
import { recordAudit } from './audit';
import { kycView, readKycDoc } from './kyc';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';

/** Why a rejection could not be applied. */
export class RejectionRefused extends Error {
  constructor(readonly reason: 'not_found' | 'not_provider' | 'already_approved') {
    super(`Rejection not applied: ${reason}`);
    this.name = 'RejectionRefused';
  }
}

/** A mail claim older than this is taken to have died with its request: the next one may send. */
const MAIL_CLAIM_MS = 60_000;

function submittedProfile(profile: Profile): SubmittedProfile {
  const fields: SubmittedProfile = {
    fullName: profile.fullName,
    photo: profile.profilePhoto,
    bio: profile.bio,
    phone: profile.phone,
    whatsapp: profile.whatsapp,
    languages: profile.languages,
    languageOther: profile.languageOther,
    residenceCountry: profile.residenceCountry,
    presenceCountry: profile.presenceCountry,
    interventionCountry: profile.interventionCountry,
    practiceCountries: profile.practiceCountries,
    practiceCountryOther: profile.practiceCountryOther,
    yearsOfExperience: profile.yearsOfExperience,
    graduationYear: profile.graduationYear,
    specialties: profile.specialties,
    specialtyOther: profile.specialtyOther,
    education: profile.education,
    barNumber: profile.barNumber,
    yearsAsExpat: profile.yearsAsExpat,
    helpTypes: profile.helpTypes,
    helpTypeOther: profile.helpTypeOther,
  };
  // Only what was given: an expat has no bar number, a lawyer no help types.
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
  ) as SubmittedProfile;
}

/** A request of the queue with everything the provider submitted. */
async function requestView(store: Store, account: StoredAccount, now: Date): Promise<ApprovalRequestView> {
  const role = account.role as ProviderRole;
  const [profile, kyc] = await Promise.all([readProfile(store, account.uid), readKycDoc(store, account.uid)]);
  const ageHours = approvalAgeHours(account.createdAt, now);
  const rejection = account.approvalRejection;
  return {
    uid: account.uid,
    role,
    email: account.email,
    displayName: account.displayName,
    preferredLanguage: account.preferredLanguage,
    isVerifiedEmail: account.isVerifiedEmail,
    isApproved: account.isApproved,
    createdAt: account.createdAt,
    ageHours,
    overdue: !rejection && !account.isApproved && isApprovalOverdue(role, ageHours),
    status: rejection ? 'rejected' : 'pending',
    ...(rejection
      ? {
          rejection: {
            reason: rejection.reason,
            at: rejection.at,
            by: rejection.by,
            mailed: rejection.mailedAt !== undefined,
          },
        }
      : {}),
    ...(profile ? { profile: submittedProfile(profile) } : {}),
    ...(kyc ? { kyc: await kycView(store, kyc, account) } : {}),
  };
}

export type ApprovalQueueQuery = {
  role: ProviderRole;
  status: ApprovalStatus;
  dir?: 'asc' | 'desc';
  limit?: number;
  token?: string;
  now?: Date;
};

/** One page of the queue of a role, oldest request first (`dir: 'desc'`: newest first). */
export async function listApprovalQueue(
  store: Store,
  { role, status, dir = 'asc', limit, token, now = new Date() }: ApprovalQueueQuery,
): Promise<Page<ApprovalRequestView>> {
  const descending = dir === 'desc';
  const low = [role, status];
  const high = [role, status, PREFIX_END];
  const page = await scanPage<StoredAccount, StoredAccount>(store.db<StoredAccount>('accounts'), {
    view: 'approvals/queue',
    startkey: descending ? high : low,
    endkey: descending ? low : high,
    descending,
    limit,
    token,
    pick: (doc) => (doc.type === 'account' ? doc : undefined),
  });
  const items = await Promise.all(page.items.map((account) => requestView(store, account, now)));
  return { items, ...(page.next ? { next: page.next } : {}) };
}

/** One provider's request, whatever its state (approved ones too, for the detail page). */
export async function readApprovalRequest(
  store: Store,
  uid: string,
  now = new Date(),
): Promise<ApprovalRequestView> {
  const account = await getAccount(store, uid);
  if (!account) throw new RejectionRefused('not_found');
  if (!isProviderRole(account.role) || account.standInFor) throw new RejectionRefused('not_provider');
  return requestView(store, account, now);
}

export type RejectionDecision = { uid: string; reason: string; by: string; now?: Date };

/**
 * Rejects a provider's registration with a reason, audited once and mailed once in the provider's
 * language. A provider already rejected keeps the first rejection (`changed` false); its mail is
 * sent now if it has not gone out yet. `mailed` says whether the provider has been told.
 */
export async function rejectProvider(
  store: Store,
  config: Config,
  { uid, reason, by, now = new Date() }: RejectionDecision,
): Promise<{ request: ApprovalRequestView; changed: boolean; mailed: boolean }> {
  const account = await getAccount(store, uid);
  if (!account) throw new RejectionRefused('not_found');
  if (!isProviderRole(account.role) || account.standInFor) throw new RejectionRefused('not_provider');
  const at = now.toISOString();
  const id = accountIds.account(uid);
  const written = await upsertDoc<StoredAccount>(store, 'accounts', id, (current) => {
    if (!current) throw new RejectionRefused('not_found');
    if (current.isApproved) throw new RejectionRefused('already_approved');
    if (current.approvalRejection) return undefined;
    return { ...current, approvalRejection: { reason: reason.trim(), at, by }, updatedAt: at };
  });
  let current = written ?? (await getAccount(store, uid));
  const rejection = current?.approvalRejection;
  if (!current || !rejection) throw new RejectionRefused('not_found');

  await recordAudit(store, {
    actor: rejection.by,
    action: 'reject',
    subject: { kind: 'account', id: uid },
    before: { approvalStatus: 'pending' },
    after: { approvalStatus: 'rejected' },
    reason: rejection.reason,
    key: `reject:${uid}:${rejection.at}`,
    now: new Date(rejection.at),
  });

  current = (await mailRejection(store, config, current, now)) ?? current;
  return {
    request: await requestView(store, current, now),
    changed: written !== undefined,
    mailed: current.approvalRejection?.mailedAt !== undefined,
  };
}

/** Claims the rejection's mail, sends it, and records that it went out; the account as it ends. */
async function mailRejection(
  store: Store,
  config: Config,
  account: StoredAccount,
  now: Date,
): Promise<StoredAccount | undefined> {
  const id = accountIds.account(account.uid);
  const claimedAt = now.toISOString();
  const claimed = await upsertDoc<StoredAccount>(store, 'accounts', id, (current) => {
    const rejection = current?.approvalRejection;
    if (!current || !rejection || rejection.mailedAt) return undefined;
    const claim = rejection.mailingAt ? Date.parse(rejection.mailingAt) : NaN;
    if (now.getTime() - claim < MAIL_CLAIM_MS) return undefined;
    return { ...current, approvalRejection: { ...rejection, mailingAt: claimedAt } };
  });
  if (!claimed?.approvalRejection) return getAccount(store, account.uid);
  const rejection = claimed.approvalRejection;
  const profile = await readProfile(store, account.uid);
  try {
    await sendRejectionMail(
      config,
      storedMailTemplates(store),
      {
        email: claimed.email,
        language: claimed.preferredLanguage,
        name: profile?.firstName ?? claimed.firstName,
        role: claimed.role as ProviderRole,
      },
      rejection.reason,
    );
  } catch (error) {
    logError('[mail] rejection mail not sent:', error);
    // The claim is given back, so that the next rejection request sends it.
    return upsertDoc<StoredAccount>(store, 'accounts', id, (current) => {
      if (current?.approvalRejection?.mailingAt !== claimedAt) return undefined;
      const { mailingAt: _claim, ...rest } = current.approvalRejection;
      return { ...current, approvalRejection: rest };
    }).then((account) => account ?? getAccount(store, claimed.uid));
  }
  const sentAt = new Date().toISOString();
  return (
    (await upsertDoc<StoredAccount>(store, 'accounts', id, (current) => {
      const latest = current?.approvalRejection;
      if (!current || !latest || latest.at !== rejection.at) return undefined;
      const { mailingAt: _claim, ...rest } = latest;
      return { ...current, approvalRejection: { ...rest, mailedAt: sentAt } };
    })) ?? getAccount(store, account.uid)
  );
}
