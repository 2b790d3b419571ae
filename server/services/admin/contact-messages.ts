/**
 * The inbox of contact messages (`POST /api/contact` stores them in `admin` as `contact:<id>`):
 * listed newest first by the `contact-messages` views, each with a status (new, in progress,
 * answered) and an admin assigned to it, changed by admins with an audit entry; and answered by
 * mail in the sender's language, the answer kept with the message.
 *
 * A reply carries the browser's idempotency key: it is written into the message first (`sending`),
 * and only the write that added it sends the mail, so a retried or doubled click mails once.
 */
import { accountIds } from '../../../src/domain/account';
import { CONTACT_REPLY_MAX, CONTACT_STATUSES } from '../../../src/domain/admin-ops';
import type {
  ContactListItem,
  ContactMessageView,
  ContactReply,
  ContactStatus,
} from '../../../src/domain/admin-ops';
import type { ContactCategory } from '../../../src/domain/contact';
import { LANGUAGES, isLanguage } from '../../../src/domain/languages';
import type { Language } from '../../../src/domain/languages';
import type { Config } from '../../config/env';
import { getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { builtInContactReplyMail, contactReplyMailVariables } from '../contact-reply-mail';
import { composeMail, storedMailTemplates } from '../mail-compose';
import { sendMail } from '../mail';
import { recordAudit } from './audit';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';
import { matchesAll, searchPlan } from './search-tokens';

export { CONTACT_REPLY_MAX, CONTACT_STATUSES };
export type { ContactListItem, ContactMessageView, ContactStatus };

export type StoredContactMessage = {
  _id: string;
  _rev?: string;
  type: 'contact_message';
  firstName: string;
  lastName: string;
  email: string;
  phoneCountryCode: string;
  phoneNumber: string;
  originCountry: string;
  interventionCountry: string;
  languages: string[];
  nationalities: string[];
  category: ContactCategory;
  subject: string;
  message: string;
  language?: Language;
  status?: ContactStatus;
  assignee?: string;
  replies?: ContactReply[];
  createdAt: string;
  updatedAt?: string;
};

export class ContactChangeRefused extends Error {
  constructor(readonly reason: 'not_found' | 'assignee_invalid' | 'mail_failed') {
    super(`Contact message not changed: ${reason}`);
    this.name = 'ContactChangeRefused';
  }
}

const docId = (id: string) => `contact:${id}`;
const idOf = (doc: StoredContactMessage) => doc._id.slice('contact:'.length);
const statusOf = (doc: StoredContactMessage): ContactStatus => doc.status ?? 'new';

/** The sender's language: the interface's when they wrote, else the first of theirs we speak. */
export function replyLanguage(doc: Pick<StoredContactMessage, 'language' | 'languages'>): Language {
  if (isLanguage(doc.language)) return doc.language;
  return (
    doc.languages.find((code): code is Language => (LANGUAGES as readonly string[]).includes(code)) ?? 'fr'
  );
}

function item(doc: StoredContactMessage): ContactListItem {
  return {
    id: idOf(doc),
    name: `${doc.firstName} ${doc.lastName}`,
    email: doc.email,
    category: doc.category,
    subject: doc.subject,
    status: statusOf(doc),
    ...(doc.assignee ? { assignee: doc.assignee } : {}),
    createdAt: doc.createdAt,
    replies: doc.replies?.length ?? 0,
  };
}

function view(doc: StoredContactMessage): ContactMessageView {
  const { _id, _rev, type: _type, status: _status, replies, ...rest } = doc;
  return {
    ...rest,
    id: idOf(doc),
    status: statusOf(doc),
    replyLanguage: replyLanguage(doc),
    replies: replies ?? [],
  };
}

export type ContactFilter = {
  status?: ContactStatus;
  /** An admin's uid, or `none` for the unassigned. */
  assignee?: string;
  q?: string;
  limit: number;
  token?: string;
  dir: 'asc' | 'desc';
};

export function listContactMessages(store: Store, filter: ContactFilter): Promise<Page<ContactListItem>> {
  const descending = filter.dir === 'desc';
  const plan = filter.q ? searchPlan(filter.q) : undefined;
  const range = <K>(low: K, high: K) =>
    descending ? { startkey: high, endkey: low } : { startkey: low, endkey: high };
  const seen = new Set<string>();
  const keep = (doc: StoredContactMessage) =>
    doc.type === 'contact_message' &&
    (!filter.status || statusOf(doc) === filter.status) &&
    (!filter.assignee || (filter.assignee === 'none' ? !doc.assignee : doc.assignee === filter.assignee)) &&
    (!plan || matchesAll(plan.all, `${doc.firstName} ${doc.lastName} ${doc.subject} ${doc.email}`)) &&
    !seen.has(doc._id) &&
    !!seen.add(doc._id);
  const source = plan
    ? { view: 'contact-messages/search', ...range([plan.lead], [plan.lead + PREFIX_END]) }
    : filter.status
      ? { view: 'contact-messages/by_status_created', ...range([filter.status], [filter.status, PREFIX_END]) }
      : filter.assignee && filter.assignee !== 'none'
        ? {
            view: 'contact-messages/by_assignee_created',
            ...range([filter.assignee], [filter.assignee, PREFIX_END]),
          }
        : { view: 'contact-messages/by_created' };
  return scanPage<StoredContactMessage, ContactListItem>(store.db<StoredContactMessage>('admin'), {
    ...source,
    descending,
    limit: filter.limit,
    token: filter.token,
    pick: (doc) => (keep(doc) ? item(doc) : undefined),
  });
}

export async function contactMessage(store: Store, id: string): Promise<ContactMessageView | undefined> {
  const doc = await getOrUndefined(store.db<StoredContactMessage>('admin'), docId(id));
  return doc?.type === 'contact_message' ? view(doc) : undefined;
}

/** The admins a message may be assigned to. */
export async function contactAssignees(store: Store): Promise<{ uid: string; name: string }[]> {
  const answer = await store
    .db<{ uid: string; displayName?: string; email?: string }>('accounts')
    .view<null>('dashboard-accounts', 'admins', { include_docs: true, limit: 200, reduce: false });
  return answer.rows.flatMap((row) => {
    const doc = (row as { doc?: { uid: string; displayName?: string; email?: string } | null }).doc;
    return doc ? [{ uid: doc.uid, name: doc.displayName || doc.email || doc.uid }] : [];
  });
}

async function isAdmin(store: Store, uid: string): Promise<boolean> {
  const account = await getOrUndefined(
    store.db<{ role?: string; isBanned?: boolean }>('accounts'),
    accountIds.account(uid),
  );
  return account?.role === 'admin' && account.isBanned !== true;
}

export type ContactChange = { status?: ContactStatus; assignee?: string | null };

/** Sets the status and/or the assignee; one audit entry for the fields that changed (none when none did). */
export async function updateContactMessage(
  store: Store,
  { id, change, by, now = new Date() }: { id: string; change: ContactChange; by: string; now?: Date },
): Promise<ContactMessageView> {
  if (change.assignee && !(await isAdmin(store, change.assignee)))
    throw new ContactChangeRefused('assignee_invalid');
  const at = now.toISOString();
  let before: Record<string, unknown> = {};
  let after: Record<string, unknown> = {};
  const current = await getOrUndefined(store.db<StoredContactMessage>('admin'), docId(id));
  if (current?.type !== 'contact_message') throw new ContactChangeRefused('not_found');
  const written = await upsertDoc<StoredContactMessage>(store, 'admin', docId(id), (doc) => {
    if (!doc) return undefined;
    before = {};
    after = {};
    if (change.status !== undefined && statusOf(doc) !== change.status) {
      before.status = statusOf(doc);
      after.status = change.status;
    }
    if (change.assignee !== undefined && (doc.assignee ?? null) !== change.assignee) {
      before.assignee = doc.assignee ?? null;
      after.assignee = change.assignee;
    }
    if (Object.keys(after).length === 0) return undefined;
    const { assignee: _old, ...rest } = doc;
    const assignee = change.assignee === undefined ? doc.assignee : change.assignee;
    return {
      ...rest,
      ...(assignee ? { assignee } : {}),
      status: change.status ?? statusOf(doc),
      updatedAt: at,
    };
  });
  if (!written)
    return view((await getOrUndefined(store.db<StoredContactMessage>('admin'), docId(id))) ?? current);
  await recordAudit(store, {
    actor: by,
    action: 'contact_update',
    subject: { kind: 'contact_message', id },
    before,
    after,
    now,
  });
  return view(written);
}

/**
 * Mails an answer in the sender's language and keeps it with the message, which becomes answered.
 * `replyId` is the browser's idempotency key: the same key again sends nothing and answers the message.
 */
export async function replyToContactMessage(
  store: Store,
  config: Config,
  {
    id,
    replyId,
    text,
    by,
    now = new Date(),
  }: { id: string; replyId: string; text: string; by: string; now?: Date },
): Promise<{ message: ContactMessageView; sent: boolean }> {
  const at = now.toISOString();
  let claimed = false;
  const withReply = await upsertDoc<StoredContactMessage>(store, 'admin', docId(id), (doc) => {
    claimed = false;
    if (doc?.type !== 'contact_message') return undefined;
    if (doc.replies?.some((reply) => reply.id === replyId)) return undefined;
    claimed = true;
    const reply: ContactReply = { id: replyId, by, at, language: replyLanguage(doc), text, state: 'sending' };
    return { ...doc, replies: [...(doc.replies ?? []), reply], updatedAt: at };
  });
  if (!claimed || !withReply) {
    const existing = await contactMessage(store, id);
    if (!existing) throw new ContactChangeRefused('not_found');
    return { message: existing, sent: false };
  }
  const language = replyLanguage(withReply);
  const values = contactReplyMailVariables(language, {
    firstName: withReply.firstName,
    subject: withReply.subject,
    original: withReply.message,
    sentAt: withReply.createdAt,
    answer: text,
  });
  let state: ContactReply['state'] = 'sent';
  try {
    const templates = storedMailTemplates(store);
    const mail = await composeMail(templates, 'contact_reply', language, values, builtInContactReplyMail);
    await sendMail(config, { kind: 'contact_reply', to: withReply.email, ...mail });
  } catch {
    state = 'failed';
  }
  const previousStatus = statusOf(withReply);
  const settled = await upsertDoc<StoredContactMessage>(store, 'admin', docId(id), (doc) =>
    doc
      ? {
          ...doc,
          replies: (doc.replies ?? []).map((reply) => (reply.id === replyId ? { ...reply, state } : reply)),
          status: state === 'sent' ? 'answered' : statusOf(doc),
          updatedAt: at,
        }
      : undefined,
  );
  await recordAudit(store, {
    actor: by,
    action: state === 'sent' ? 'contact_reply' : 'contact_reply_failed',
    subject: { kind: 'contact_message', id },
    before: { status: previousStatus },
    after: {
      status: state === 'sent' ? 'answered' : previousStatus,
      reply: { id: replyId, language, state },
    },
    key: `contact_reply:${id}:${replyId}`,
    now,
  });
  if (state === 'failed') throw new ContactChangeRefused('mail_failed');
  return { message: view(settled ?? withReply), sent: true };
}
