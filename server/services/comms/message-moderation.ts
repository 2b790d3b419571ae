/**
 * Moderation of the messages of a consultation (console `comms/messages`): reading a conversation
 * as both parties wrote it, and hiding a message (with a reason) or showing it again.
 *
 * Where the state lives: each party's own copy of the message (`userdb-<hex>`), so that it reaches
 * every device of both parties by the replication they already run (an offline device at its next
 * sync). A hidden copy has no `body` and carries `hiddenAt` (src/domain/message-moderation.ts); the
 * text is kept in `comms` (`message-moderation:<messageId>`, with the last decision), so that an
 * admin still reads it and can show it again.
 *
 * Why a device cannot undo it: the gateway refuses any push of a message that exists on the server
 * (services/messages.ts, `check`: "a sent message cannot be changed"), whatever its revision, edited
 * or older, `new_edits=false` included; the device gets a `conflict` row and pulls the server's
 * hidden copy. A device cannot push a new message already marked `hiddenAt` either. So the server's
 * state always wins.
 *
 * Order of writes, so that a crash or a race leaves nothing visible that should be hidden: hiding
 * writes the record (with the text) first, then the copies; delivery (messages.ts) creates the
 * recipient's copy first, then reads the record (`enforceModeration`). Whichever comes second sees
 * the other's write. Showing again restores the copies from the record, then marks the record.
 */
import type {
  ConversationDetail,
  ConversationMessageView,
  MessageModeration,
  MessageState,
} from '../../../src/domain/message-moderation';
import {
  byReadingOrder,
  CONVERSATION_MESSAGES_MAX,
  hiddenCopy,
  isHiddenMessage,
  orderIdOfMessage,
  restoredCopy,
} from '../../../src/domain/message-moderation';
import type { MessageDoc, NotificationDoc } from '../../../src/domain/mine';
import { userDbName } from '../../../src/domain/user-db';
import { getOrUndefined, isNotFound, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { actorNames } from '../admin/actor-names';
import { docsById } from '../admin/docs-by-id';
import { recordAudit } from '../admin/audit';
import { providerUid } from '../consultation/parties';
import type { StoredOrder } from '../consultation/types';
import { messageNotificationId, messagePreview } from '../message-notifications';
import { COMMS_DB, getConversation, messageRange } from './conversations';

type StoredMessage = MessageDoc & { _id: string; _rev?: string };

export type MessageModerationDoc = {
  _id: string;
  _rev?: string;
  type: 'message_moderation';
  messageId: string;
  orderId: string;
  state: MessageState;
  /** The message's text, kept while the parties' copies have none. */
  body: string;
  reason: string;
  at: string;
  by: string;
};

export const messageModerationId = (messageId: string) => `message-moderation:${messageId}`;

/** Shown in a notification that quoted a message since hidden (the notification keeps its count). */
const HIDDEN_PREVIEW = '…';

export class ConversationNotFound extends Error {
  constructor(orderId: string) {
    super(`No conversation for order ${orderId}.`);
    this.name = 'ConversationNotFound';
  }
}

export class MessageNotFound extends Error {
  constructor(messageId: string) {
    super(`No message ${messageId}.`);
    this.name = 'MessageNotFound';
  }
}

/** The message documents of a key range of one database; none when the database is gone. */
async function readRange(store: Store, db: string, range: { startkey: string; endkey: string }) {
  try {
    const answer = await store
      .db(db)
      .list({ include_docs: true, limit: CONVERSATION_MESSAGES_MAX + 1, ...range });
    return answer.rows.map((row) => row.doc as unknown as Record<string, unknown> | undefined);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

async function readDoc<T extends object>(store: Store, db: string, id: string) {
  try {
    return await getOrUndefined(store.db<T>(db), id);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

function moderationOf(record: MessageModerationDoc | undefined, names: Map<string, string>) {
  if (!record) return undefined;
  const { state, reason, at, by } = record;
  const byName = names.get(by);
  return { state, reason, at, by, ...(byName ? { byName } : {}) } satisfies MessageModeration;
}

/** One conversation as both parties wrote it, in reading order, hidden messages with their text. */
export async function readConversation(store: Store, orderId: string): Promise<ConversationDetail> {
  const conversation = await getConversation(store, orderId);
  if (!conversation) throw new ConversationNotFound(orderId);
  const { client, provider } = conversation;
  const [clientCopies, providerCopies] = await Promise.all([
    readRange(store, userDbName(client.uid), messageRange(orderId)),
    readRange(store, userDbName(provider.uid), messageRange(orderId)),
  ]);
  const truncated = [clientCopies, providerCopies].some((rows) => rows.length > CONVERSATION_MESSAGES_MAX);
  const byId = new Map<string, MessageDoc[]>();
  for (const doc of [...clientCopies, ...providerCopies]) {
    if (doc?.type !== 'message') continue;
    const message = doc as unknown as MessageDoc & { _id: string };
    byId.set(message._id, [...(byId.get(message._id) ?? []), message]);
  }
  // The decisions by id (what must be current is read by id, not from a range: DESIGN.md).
  const recordDocs = await docsById<MessageModerationDoc>(
    store,
    COMMS_DB,
    [...byId.keys()].map(messageModerationId),
  );
  const records = new Map([...recordDocs.values()].map((record) => [record.messageId, record]));
  const names = await actorNames(
    store,
    [...records.values()].map((record) => record.by),
  );
  const messages: ConversationMessageView[] = [];
  for (const [id, copies] of byId) {
    const record = records.get(id);
    const first = copies[0]!;
    const hidden = copies.some(isHiddenMessage) || record?.state === 'hidden';
    const moderation = moderationOf(record, names);
    const deliveredAt = copies.find((copy) => copy.deliveredAt)?.deliveredAt;
    messages.push({
      id,
      from: first.from,
      fromRole: first.from === client.uid ? 'client' : 'provider',
      to: first.to,
      body: copies.find((copy) => copy.body !== undefined)?.body ?? record?.body ?? '',
      state: hidden ? 'hidden' : 'visible',
      createdAt: first.createdAt,
      ...(deliveredAt ? { deliveredAt } : {}),
      ...(moderation ? { moderation } : {}),
    });
  }
  messages.sort(byReadingOrder);
  return { conversation, messages, truncated };
}

/** The party databases of a message's order that hold a copy of it. */
async function copiesOf(store: Store, messageId: string) {
  const orderId = orderIdOfMessage(messageId);
  const order = orderId ? await getOrUndefined(store.db<StoredOrder>('orders'), orderId) : undefined;
  if (!order) throw new MessageNotFound(messageId);
  const uids = [order.client.uid, providerUid(order)].filter((uid): uid is string => uid !== undefined);
  const copies: { uid: string; copy: StoredMessage }[] = [];
  for (const uid of [...new Set(uids)]) {
    const copy = await readDoc<StoredMessage>(store, userDbName(uid), messageId);
    if (copy?.type === 'message') copies.push({ uid, copy });
  }
  if (copies.length === 0) throw new MessageNotFound(messageId);
  return { orderId: order.orderId, copies };
}

/** Makes a party's copy hidden (no change when it already is). */
async function hideCopy(store: Store, uid: string, messageId: string, at: string): Promise<void> {
  await upsertDoc<StoredMessage>(store, userDbName(uid), messageId, (current) =>
    current?.type === 'message' ? hiddenCopy(current, at) : undefined,
  );
}

/**
 * A notification quoting the hidden message stops quoting it: the recipient's notification of new
 * messages in this thread keeps the latest message's start (message-notifications.ts).
 */
async function unquote(store: Store, recipient: string, orderId: string, body: string): Promise<void> {
  const quoted = messagePreview(body);
  await upsertDoc<NotificationDoc & { _id: string }>(
    store,
    userDbName(recipient),
    messageNotificationId(orderId),
    (current) =>
      current?.type === 'notification' && current.params.preview === quoted
        ? { ...current, params: { ...current.params, preview: HIDDEN_PREVIEW } }
        : undefined,
  ).catch((error: unknown) => {
    if (!isNotFound(error)) throw error;
  });
}

export type MessageDecision = { messageId: string; state: MessageState; reason: string; by: string };

/**
 * Hides or shows again one message in both parties' databases, with an audit entry when something
 * changed. Answers the message's state and whether this call changed it (a repeated decision does
 * not, and records no second entry; it mends a copy a crash left behind).
 */
export async function moderateMessage(
  store: Store,
  { messageId, state, reason, by }: MessageDecision,
): Promise<{ messageId: string; state: MessageState; changed: boolean }> {
  const { orderId, copies } = await copiesOf(store, messageId);
  const recordId = messageModerationId(messageId);
  const record = await getOrUndefined(store.db<MessageModerationDoc>(COMMS_DB), recordId);
  // The decision is the record's (written first when hiding); copies that disagree with it are
  // mended by a repeated decision, which is no new change (no second audit entry).
  const before: MessageState =
    record?.state ?? (copies.some(({ copy }) => isHiddenMessage(copy)) ? 'hidden' : 'visible');
  const body = copies.find(({ copy }) => copy.body !== undefined)?.copy.body ?? record?.body;
  if (body === undefined) throw new MessageNotFound(messageId);
  const at = new Date().toISOString();
  const decision = { type: 'message_moderation' as const, messageId, orderId, state, body, reason, at, by };
  const changed = before !== state;

  if (state === 'hidden') {
    if (record?.state !== 'hidden') {
      await upsertDoc<MessageModerationDoc>(store, COMMS_DB, recordId, () => ({
        _id: recordId,
        ...decision,
      }));
    }
    for (const { uid } of copies) await hideCopy(store, uid, messageId, at);
    const recipient = copies[0]!.copy.to;
    await unquote(store, recipient, orderId, body);
  } else {
    for (const { uid } of copies) {
      await upsertDoc<StoredMessage>(store, userDbName(uid), messageId, (current) =>
        current?.type === 'message' ? restoredCopy(current, body, at) : undefined,
      );
    }
    if (record && record.state !== 'visible') {
      await upsertDoc<MessageModerationDoc>(store, COMMS_DB, recordId, () => ({
        _id: recordId,
        ...decision,
      }));
    }
  }
  if (changed) {
    await recordAudit(store, {
      actor: by,
      action: state === 'hidden' ? 'message_hide' : 'message_unhide',
      subject: { kind: 'message', id: messageId },
      before: { state: before },
      after: { state },
      reason,
      // Two admins deciding the same at once, from the same record, are recorded once.
      key: `message:${messageId}:${state}:${record?._rev ?? 'none'}`,
    });
  }
  return { messageId, state, changed };
}

/**
 * For a copy just delivered (messages.ts): when the message was hidden meanwhile, the new copy is
 * hidden too. Answers whether the message is hidden.
 */
export async function enforceModeration(store: Store, uid: string, messageId: string): Promise<boolean> {
  const record = await getOrUndefined(
    store.db<MessageModerationDoc>(COMMS_DB),
    messageModerationId(messageId),
  );
  if (record?.state !== 'hidden') return false;
  await hideCopy(store, uid, messageId, new Date().toISOString());
  return true;
}
