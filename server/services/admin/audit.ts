/**
 * The audit trail (DESIGN.md, "The admin console"): every admin change is one entry saying who did
 * what to which record, when, and the record's state before and after. A record's trail is read on
 * its detail page through the `audit/by_subject` view; the whole trail by time through `by_time`.
 *
 * An entry may carry a deterministic id (`key`), so that an action retried after a lost answer
 * records itself once.
 */
import { randomUUID } from 'node:crypto';
import { accountIds } from '../../../src/domain/account';
import { isConflict } from '../../store/store';
import type { Store } from '../../store/store';
import { accountsDb } from '../accounts';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';

/** What an entry is about: a kind of record (`account`, `coupon`, `settings`…) and its id. */
export type AuditSubject = { kind: string; id: string };

export type AuditEntry = {
  _id: string;
  type: 'audit';
  /** The admin's uid (or `system` for the service's own scheduled work). */
  actor: string;
  at: string;
  /** What was done, as a code: `ban`, `approve`, `price_change`… */
  action: string;
  subject: AuditSubject;
  /** The record's relevant fields before and after (null when it did not or no longer exists). */
  before: unknown;
  after: unknown;
  reason?: string;
};

export type AuditInput = {
  actor: string;
  action: string;
  subject: AuditSubject;
  before: unknown;
  after: unknown;
  reason?: string;
  /** Makes the entry's id deterministic: a second record with the same key is not written again. */
  key?: string;
  now?: Date;
};

/** Writes one audit entry; answers it (the earlier one when `key` was already recorded). */
export async function recordAudit(store: Store, input: AuditInput): Promise<AuditEntry> {
  const at = (input.now ?? new Date()).toISOString();
  const entry: AuditEntry = {
    _id: input.key ? `audit:${input.key}` : `audit:${at}:${randomUUID()}`,
    type: 'audit',
    actor: input.actor,
    at,
    action: input.action,
    subject: input.subject,
    before: input.before ?? null,
    after: input.after ?? null,
    ...(input.reason ? { reason: input.reason } : {}),
  };
  const db = store.db<AuditEntry>('audit');
  try {
    await db.insert(entry);
    return entry;
  } catch (error) {
    if (!input.key || !isConflict(error)) throw error;
    return db.get(entry._id);
  }
}

/** What an admin sees of an entry: with the acting admin's name when their account still exists. */
export type AuditView = Omit<AuditEntry, '_id' | 'type'> & { id: string; actorName?: string };

/** Names the actors of a page (read by id: current on a cluster too; a deleted admin keeps their uid). */
export async function withActorNames(store: Store, page: Page<AuditView>): Promise<Page<AuditView>> {
  const actors = [...new Set(page.items.map((entry) => entry.actor).filter((actor) => actor !== 'system'))];
  if (actors.length === 0) return page;
  const answer = await accountsDb(store).fetch({ keys: actors.map((uid) => accountIds.account(uid)) });
  const names = new Map<string, string>();
  for (const row of answer.rows) {
    const account = 'doc' in row ? row.doc : undefined;
    if (account?.uid && account.displayName) names.set(account.uid, account.displayName);
  }
  return {
    ...page,
    items: page.items.map((entry) =>
      names.has(entry.actor) ? { ...entry, actorName: names.get(entry.actor) } : entry,
    ),
  };
}

function view(entry: AuditEntry): AuditView {
  const { _id, type: _type, ...rest } = entry;
  return { id: _id, ...rest };
}

/** A record's trail, newest first, one page at a time. */
export function auditTrail(
  store: Store,
  subject: AuditSubject,
  page: { limit?: number; token?: string } = {},
): Promise<Page<AuditView>> {
  return scanPage<AuditEntry, AuditView>(store.db<AuditEntry>('audit'), {
    view: 'audit/by_subject',
    descending: true,
    startkey: [subject.kind, subject.id, PREFIX_END],
    endkey: [subject.kind, subject.id],
    limit: page.limit,
    token: page.token,
    pick: (doc) => view(doc),
  });
}

/** The whole trail, newest first (the console's audit screen). */
export function auditLog(
  store: Store,
  page: { limit?: number; token?: string } = {},
): Promise<Page<AuditView>> {
  return scanPage<AuditEntry, AuditView>(store.db<AuditEntry>('audit'), {
    view: 'audit/by_time',
    descending: true,
    limit: page.limit,
    token: page.token,
    pick: (doc) => (doc.type === 'audit' ? view(doc) : undefined),
  });
}
