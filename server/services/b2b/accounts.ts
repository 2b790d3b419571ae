/**
 * Company accounts as the admin console manages them (screens b2b/accounts, members, pricing):
 * a paged list searchable by name, one account, its creation and edits, its negotiated prices and
 * its members (added and removed by e-mail). Every change writes exactly one audit entry.
 */
import { randomBytes } from 'node:crypto';
import { checkB2bAccountInput, checkB2bPrices, memberEmail } from '../../../src/domain/b2b';
import type { B2bAccount, B2bFieldProblem, B2bMember } from '../../../src/domain/b2b';
import { createOnce, getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import { foldSearch } from '../admin/search-tokens';
import { changedFields } from '../admin/changes';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { accountFields, b2bDb, b2bIds, B2B_DB, readAccount } from './records';
import type { StoredB2bAccount, StoredB2bMember } from './records';

export class B2bInvalid extends Error {
  constructor(readonly fields: Record<string, B2bFieldProblem>) {
    super('B2B input refused');
    this.name = 'B2bInvalid';
  }
}

export class B2bNotFound extends Error {
  constructor(readonly what: 'account' | 'member' | 'invoice') {
    super(`No such ${what}`);
    this.name = 'B2bNotFound';
  }
}

export const ACCOUNT_ID_PATTERN = /^co_[0-9a-f]{12}$/;

const SUBJECT = (id: string) => ({ kind: 'b2b_account', id });

/**
 * The search key of a name: lower-case, accents of Latin letters folded with the admin lists' one
 * table (the `b2b/accounts_by_name` and `affiliates/by_name` views fold alike, in the ES5 CouchDB
 * runs, which has no `normalize`).
 */
export function nameKey(name: string): string {
  return foldSearch(name).trim();
}

export async function listAccounts(
  store: Store,
  query: { q?: string; active?: boolean; limit: number; token?: string },
): Promise<Page<B2bAccount>> {
  const q = query.q ? nameKey(query.q) : '';
  return scanPage(b2bDb<StoredB2bAccount>(store), {
    view: 'b2b/accounts_by_name',
    startkey: q,
    endkey: q + PREFIX_END,
    limit: query.limit,
    token: query.token,
    pick: (doc) =>
      doc.type === 'b2b_account' && (query.active === undefined || doc.active === query.active)
        ? accountFields(doc)
        : undefined,
  });
}

export async function getB2bAccount(store: Store, accountId: string): Promise<B2bAccount> {
  const doc = ACCOUNT_ID_PATTERN.test(accountId) ? await readAccount(store, accountId) : undefined;
  if (!doc) throw new B2bNotFound('account');
  return accountFields(doc);
}

export async function createB2bAccount(
  store: Store,
  { input, by, now = new Date() }: { input: unknown; by: string; now?: Date },
): Promise<B2bAccount> {
  const checked = checkB2bAccountInput(input);
  if (!checked.ok) throw new B2bInvalid(checked.fields);
  const prices = checkB2bPrices((input as { prices?: unknown } | null)?.prices);
  if (!prices.ok) throw new B2bInvalid(prices.fields);
  const id = `co_${randomBytes(6).toString('hex')}`;
  const at = now.toISOString();
  const account: B2bAccount = { id, ...checked.value, prices: prices.value, createdAt: at, updatedAt: at };
  await b2bDb<StoredB2bAccount>(store).insert({ ...account, _id: b2bIds.account(id), type: 'b2b_account' });
  await recordAudit(store, {
    actor: by,
    action: 'b2b_account_create',
    subject: SUBJECT(id),
    before: null,
    after: account,
    now,
  });
  return account;
}

/** Applies `change` to the account and audits the fields that changed (nothing written when none did). */
async function changeAccount(
  store: Store,
  accountId: string,
  action: string,
  by: string,
  now: Date,
  change: (account: StoredB2bAccount) => StoredB2bAccount,
): Promise<B2bAccount> {
  const current = await getB2bAccount(store, accountId);
  let before: StoredB2bAccount | undefined;
  const written = await upsertDoc<StoredB2bAccount>(store, B2B_DB, b2bIds.account(accountId), (doc) => {
    if (!doc) throw new B2bNotFound('account');
    before = doc;
    const next = change(doc);
    const { updatedAt: _a, ...was } = accountFields(doc);
    const { updatedAt: _b, ...will } = accountFields(next);
    return changedFields(was, will) ? { ...next, updatedAt: now.toISOString() } : undefined;
  });
  if (!written || !before) return current;
  const { updatedAt: _a, ...was } = accountFields(before);
  const { updatedAt: _b, ...will } = accountFields(written);
  const diff = changedFields(was, will)!;
  await recordAudit(store, { actor: by, action, subject: SUBJECT(accountId), ...diff, now });
  return accountFields(written);
}

export function updateB2bAccount(
  store: Store,
  { accountId, input, by, now = new Date() }: { accountId: string; input: unknown; by: string; now?: Date },
): Promise<B2bAccount> {
  const checked = checkB2bAccountInput(input);
  if (!checked.ok) throw new B2bInvalid(checked.fields);
  return changeAccount(store, accountId, 'b2b_account_update', by, now, (doc) => ({
    ...doc,
    ...checked.value,
  }));
}

export function setB2bPrices(
  store: Store,
  { accountId, input, by, now = new Date() }: { accountId: string; input: unknown; by: string; now?: Date },
): Promise<B2bAccount> {
  const checked = checkB2bPrices(input);
  if (!checked.ok) throw new B2bInvalid(checked.fields);
  return changeAccount(store, accountId, 'b2b_prices', by, now, (doc) => ({ ...doc, prices: checked.value }));
}

// ---------------------------------------------------------------------------------------------
// Members

function memberFields(doc: StoredB2bMember): B2bMember {
  return { accountId: doc.accountId, email: doc.email, addedAt: doc.addedAt, addedBy: doc.addedBy };
}

export async function listMembers(
  store: Store,
  query: { accountId: string; limit: number; token?: string },
): Promise<Page<B2bMember>> {
  await getB2bAccount(store, query.accountId);
  const prefix = b2bIds.memberPrefix(query.accountId);
  return scanPage(b2bDb<StoredB2bMember>(store), {
    view: '_all_docs',
    startkey: prefix,
    endkey: prefix + PREFIX_END,
    limit: query.limit,
    token: query.token,
    pick: (doc) => (doc.type === 'b2b_member' ? memberFields(doc) : undefined),
  });
}

/** Adds a member by e-mail; `created` false when they were one already (nothing audited then). */
export async function addMember(
  store: Store,
  {
    accountId,
    email: raw,
    by,
    now = new Date(),
  }: { accountId: string; email: unknown; by: string; now?: Date },
): Promise<{ member: B2bMember; created: boolean }> {
  const email = memberEmail(raw);
  if (!email) throw new B2bInvalid({ email: 'email_invalid' });
  await getB2bAccount(store, accountId);
  const member: B2bMember = { accountId, email, addedAt: now.toISOString(), addedBy: by };
  const id = b2bIds.member(accountId, email);
  if (!(await createOnce(store, B2B_DB, { ...member, _id: id, type: 'b2b_member' as const }))) {
    const existing = await getOrUndefined(b2bDb<StoredB2bMember>(store), id);
    return { member: existing ? memberFields(existing) : member, created: false };
  }
  await recordAudit(store, {
    actor: by,
    action: 'b2b_member_add',
    subject: SUBJECT(accountId),
    before: null,
    after: { member: email },
    now,
  });
  return { member, created: true };
}

/** Removes a member: from now on they cannot book on the account. */
export async function removeMember(
  store: Store,
  {
    accountId,
    email: raw,
    by,
    now = new Date(),
  }: { accountId: string; email: unknown; by: string; now?: Date },
): Promise<void> {
  const email = memberEmail(raw);
  if (!email) throw new B2bInvalid({ email: 'email_invalid' });
  await getB2bAccount(store, accountId);
  const db = b2bDb<StoredB2bMember>(store);
  const doc = await getOrUndefined(db, b2bIds.member(accountId, email));
  if (!doc?._rev) throw new B2bNotFound('member');
  try {
    await db.destroy(doc._id, doc._rev);
  } catch (error) {
    // Removed at the same moment by another admin: one removal, audited once.
    if ((error as { statusCode?: number }).statusCode === 409) throw new B2bNotFound('member');
    throw error;
  }
  await recordAudit(store, {
    actor: by,
    action: 'b2b_member_remove',
    subject: SUBJECT(accountId),
    before: { member: email },
    after: null,
    now,
  });
}
