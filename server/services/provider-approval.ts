/**
 * An admin approves a lawyer or expat, or withdraws the approval (spec section 4: a provider cannot
 * go online nor be booked before it). Approval sets `isApproved` on the account and on the user
 * record, then publishes the public profile (`providers`, same id as the user) from the record's
 * public fields, with the service's own fields (rating, reviews, presence) starting at the spec's
 * defaults for a new provider (rating 5, no review) or kept from an earlier approval. Withdrawal
 * hides the public profile and sets the provider offline; the rating and reviews stay for a later
 * approval. Each decision is written to the audit trail.
 *
 * An approval (from not approved to approved) is mailed to the provider once (`mailApproval`): the
 * account keeps the mail due with the approval's time (`approvalMail`), the request that sends it
 * claims it there first, and a mail that could not go out is sent by the next approval request for
 * the same account. An approval repeated with no change is no new decision: it keeps the first
 * one's time and mail, and sends nothing once that mail went out.
 */
import { accountIds } from '../../src/domain/account';
import { DEFAULT_AVATAR, NEW_PROVIDER_RATING, NEW_PROVIDER_REVIEW_COUNT } from '../../src/domain/constants';
import { isProviderRole, PROFILE_ID } from '../../src/domain/mine';
import type { Profile } from '../../src/domain/mine';
import type { Provider } from '../../src/domain/provider';
import { providerListOrder } from '../../src/domain/provider';
import { publicProfileFields, withPublicFields } from '../../src/domain/public-profile';
import { userDbName } from '../../src/domain/user-db';
import type { ProviderRole } from '../../src/domain/professions';
import type { Config } from '../config/env';
import { logError } from '../log';
import { slugify } from '../seed/demo/text';
import { upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import { recordAudit } from './admin/audit';
import { sendApprovalMail } from './approval-mail';
import { getAccount, updateAccount } from './accounts';
import type { StoredAccount } from './accounts';
import { fixedMessageId } from './mail';
import { storedMailTemplates } from './mail-compose';
import { readProfile } from './profile';

/** A mail claim older than this is taken to have died with its request: the next one may send. */
const MAIL_CLAIM_MS = 60_000;

/** Why an approval decision could not be applied. */
export class ApprovalRefused extends Error {
  constructor(readonly reason: 'not_found' | 'not_provider' | 'profile_incomplete') {
    super(`Approval not changed: ${reason}`);
    this.name = 'ApprovalRefused';
  }
}

type ProviderDoc = Provider & { _id: string; _rev?: string };

/** The public profile of a provider approved now, over what an earlier approval left. */
export function publishedProvider(
  uid: string,
  profile: Profile,
  previous: ProviderDoc | undefined,
  at: string,
): ProviderDoc {
  const fields = publicProfileFields(profile);
  if (!fields.fullName || !fields.country || !fields.languages) {
    throw new ApprovalRefused('profile_incomplete');
  }
  const role = profile.role as Provider['role'];
  const base: ProviderDoc = previous ?? {
    _id: uid,
    id: uid,
    type: 'provider',
    role,
    profession: role,
    fullName: fields.fullName,
    slug: `${slugify(fields.fullName)}-${uid.slice(0, 8).toLowerCase()}`,
    profilePhoto: DEFAULT_AVATAR,
    country: fields.country,
    languages: fields.languages,
    specialties: [],
    yearsOfExperience: 0,
    rating: NEW_PROVIDER_RATING,
    reviewCount: NEW_PROVIDER_REVIEW_COUNT,
    completedCalls: 0,
    isActive: true,
    isOnline: false,
    availability: 'unavailable',
    isVisible: true,
    isVisibleOnMap: true,
    isVerified: true,
    listOrder: 0,
    createdAt: at,
    updatedAt: at,
  };
  const next: ProviderDoc = {
    ...withPublicFields(base, fields),
    yearsOfExperience: fields.yearsOfExperience ?? base.yearsOfExperience,
    isActive: true,
    isVisible: true,
    isVerified: true,
    updatedAt: at,
  };
  return { ...next, listOrder: providerListOrder(next) };
}

export type ApprovalDecision = { uid: string; approved: boolean; by: string; now?: Date };

export async function setProviderApproval(
  store: Store,
  { uid, approved, by, now = new Date() }: ApprovalDecision,
): Promise<{ isApproved: boolean; published: boolean }> {
  const account = await getAccount(store, uid);
  if (!account) throw new ApprovalRefused('not_found');
  // A demo expert's stand-in (demo mode) is its client's private space: never published.
  if (!isProviderRole(account.role) || account.standInFor) throw new ApprovalRefused('not_provider');
  const profile = await readProfile(store, uid);
  if (!profile) throw new ApprovalRefused('not_found');
  const at = now.toISOString();

  // The public profile first: an incomplete record is refused before anything is written.
  if (approved) {
    await upsertDoc<ProviderDoc>(store, 'providers', uid, (previous) =>
      publishedProvider(uid, { ...profile, isApproved: true }, previous, at),
    );
  } else {
    await upsertDoc<ProviderDoc>(store, 'providers', uid, (previous) => {
      if (!previous) return undefined;
      const next = { ...previous, isVisible: false, isOnline: false, availability: 'unavailable' as const };
      return { ...next, listOrder: providerListOrder(next), lastStatusChange: at, updatedAt: at };
    });
  }
  await upsertDoc<Profile & { _id: string }>(store, userDbName(uid), PROFILE_ID, (current) =>
    current
      ? {
          ...current,
          isApproved: approved,
          ...(approved
            ? {}
            : { isOnline: false, availability: 'unavailable' as const, lastStatusChange: at }),
          updatedAt: at,
        }
      : undefined,
  );
  await updateAccount(store, uid, (current) => {
    if (!approved) return { ...current, isApproved: false };
    // An approval after a rejection ends it: the provider leaves the rejected queue.
    const { approvalRejection: _rejection, ...rest } = current;
    // Approved already: no new decision, so neither a new time nor a new mail.
    if (current.isApproved) return rest;
    return { ...rest, isApproved: true, approvedAt: at, approvalMail: { approvedAt: at } };
  });
  await recordAudit(store, {
    actor: by,
    action: approved ? 'approve' : 'withdraw_approval',
    subject: { kind: 'account', id: uid },
    before: { isApproved: account.isApproved },
    after: { isApproved: approved },
    now,
  });
  return { isApproved: approved, published: approved };
}

/**
 * Sends the mail of the provider's latest approval if it is due: claimed on the account, sent, then
 * recorded as sent. Answers whether it has gone out (by this request or an earlier one). A mail that
 * could not go out gives its claim back and is logged; it never undoes the approval.
 */
export async function mailApproval(
  store: Store,
  config: Config,
  uid: string,
  now = new Date(),
): Promise<boolean> {
  const id = accountIds.account(uid);
  const claimedAt = now.toISOString();
  const claimed = await upsertDoc<StoredAccount>(store, 'accounts', id, (current) => {
    const mail = current?.approvalMail;
    if (!current?.isApproved || !mail || mail.mailedAt || mail.approvedAt !== current.approvedAt) {
      return undefined;
    }
    const claim = mail.mailingAt ? Date.parse(mail.mailingAt) : NaN;
    if (now.getTime() - claim < MAIL_CLAIM_MS) return undefined;
    return { ...current, approvalMail: { ...mail, mailingAt: claimedAt } };
  });
  const mail = claimed?.approvalMail;
  if (!claimed || !mail) return (await getAccount(store, uid))?.approvalMail?.mailedAt !== undefined;
  const profile = await readProfile(store, uid);
  try {
    await sendApprovalMail(
      config,
      storedMailTemplates(store),
      {
        email: claimed.email,
        language: claimed.preferredLanguage,
        name: profile?.firstName ?? claimed.firstName,
        role: claimed.role as ProviderRole,
      },
      fixedMessageId(`approval.${uid}.${mail.approvedAt}`, config.mailFrom),
    );
  } catch (error) {
    logError('[mail] approval mail not sent:', error);
    // The claim is given back, so that the next approval request sends it.
    await upsertDoc<StoredAccount>(store, 'accounts', id, (current) => {
      if (current?.approvalMail?.mailingAt !== claimedAt) return undefined;
      const { mailingAt: _claim, ...rest } = current.approvalMail;
      return { ...current, approvalMail: rest };
    });
    return false;
  }
  const sentAt = new Date().toISOString();
  await upsertDoc<StoredAccount>(store, 'accounts', id, (current) => {
    const latest = current?.approvalMail;
    if (!current || latest?.approvedAt !== mail.approvedAt) return undefined;
    const { mailingAt: _claim, ...rest } = latest;
    return { ...current, approvalMail: { ...rest, mailedAt: sentAt } };
  });
  return true;
}
