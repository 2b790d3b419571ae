/**
 * The `b2b` database (server only, never replicated to browsers): company accounts, their members,
 * their monthly invoices and billing runs. Ids are fixed by what a record is, so that a repeated
 * write is the same record:
 * - `b2b-account:<id>`, `b2b-member:<accountId>:<emailLower>` (the member's e-mail is the key: a
 *   client account with that e-mail is a member, whenever it is created);
 * - `b2b-invoice:<accountId>:<YYYY-MM>`: one invoice per account and month, whoever bills it;
 * - `b2b-invoice-counter:<year>`: the invoice numbers taken (services/b2b/invoice-numbers.ts);
 * - `b2b-run:<YYYY-MM>:<at>:<nonce>`: what a billing run did; `b2b-billing-schedule`: the last month the
 *   daily check billed.
 */
import type { B2bAccount, B2bInvoice, B2bMember } from '../../../src/domain/b2b';
import { getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';

export const B2B_DB = 'b2b';

export type StoredB2bAccount = B2bAccount & { _id: string; _rev?: string; type: 'b2b_account' };
export type StoredB2bMember = B2bMember & { _id: string; _rev?: string; type: 'b2b_member' };
export type StoredB2bInvoice = B2bInvoice & { _id: string; _rev?: string; type: 'b2b_invoice' };

export type B2bRun = {
  id: string;
  month: string;
  trigger: 'manual' | 'scheduled';
  actor: string;
  at: string;
  /** The invoices this run wrote (an invoice already there is not written again). */
  created: string[];
  /** Invoices of the month found already written. */
  existing: string[];
};
export type StoredB2bRun = B2bRun & { _id: string; _rev?: string; type: 'b2b_run' };

export const b2bIds = {
  account: (id: string) => `b2b-account:${id}`,
  member: (accountId: string, email: string) => `b2b-member:${accountId}:${email}`,
  memberPrefix: (accountId: string) => `b2b-member:${accountId}:`,
  invoice: (accountId: string, month: string) => `b2b-invoice:${accountId}:${month}`,
  counter: (year: number) => `b2b-invoice-counter:${year}`,
  /** `nonce` tells apart two runs started at the same instant. */
  run: (month: string, at: string, nonce: string) => `b2b-run:${month}:${at}:${nonce}`,
  schedule: 'b2b-billing-schedule',
};

export const b2bDb = <T extends object>(store: Store) => store.db<T>(B2B_DB);

export function accountFields(doc: StoredB2bAccount): B2bAccount {
  const { _id, _rev, type: _type, ...account } = doc;
  return account;
}

export function invoiceFields(doc: StoredB2bInvoice): B2bInvoice {
  const { _id, _rev, type: _type, ...invoice } = doc;
  return invoice;
}

/** An account, read by id (current on a cluster too). */
export function readAccount(store: Store, accountId: string): Promise<StoredB2bAccount | undefined> {
  return getOrUndefined(b2bDb<StoredB2bAccount>(store), b2bIds.account(accountId));
}

/** Whether this e-mail is a member of the account now (read by id: a removal is seen at once). */
export async function isMember(store: Store, accountId: string, email: string): Promise<boolean> {
  const member = await getOrUndefined(b2bDb<StoredB2bMember>(store), b2bIds.member(accountId, email));
  return member?.type === 'b2b_member';
}
