/**
 * Moderation of the messages clients and providers exchange about a consultation (admin console,
 * `comms/messages`, issue 17): an admin lists the conversations, reads one, and hides a message
 * with a reason (or shows it again). A hidden message keeps its place in both parties' threads,
 * without its text: each party's copy loses its `body` and carries `hiddenAt`, and their screens say
 * "hidden by moderation" instead. The text stays with the service only, so that it can be shown
 * again. These rules are shared by the service, the console and the tests.
 */
import type { MessageDoc } from './mine-consultation';

export const MESSAGE_STATES = ['visible', 'hidden'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** The shape of a message id (`message:<orderId>:<key>`, as the gateway's schema has it). */
export const MESSAGE_ID_PATTERN = /^message:([A-Za-z0-9_-]{1,64}):[A-Za-z0-9_-]{1,40}$/;
/** The shape of an order id, which names its conversation. */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The most messages the console reads from one conversation (each party's database, at most this
 * many + 1); a longer one says it was cut (`truncated`), its oldest messages shown.
 */
export const CONVERSATION_MESSAGES_MAX = 500;

/** The order a message belongs to, read from its id; undefined when the id is not a message's. */
export function orderIdOfMessage(messageId: string): string | undefined {
  return MESSAGE_ID_PATTERN.exec(messageId)?.[1];
}

export function isHiddenMessage(message: Pick<MessageDoc, 'hiddenAt'>): boolean {
  return typeof message.hiddenAt === 'string';
}

/** A party's copy once hidden: no text, `hiddenAt` set; a copy already hidden is left as it is. */
export function hiddenCopy<T extends MessageDoc>(copy: T, at: string): T | undefined {
  if (isHiddenMessage(copy) && copy.body === undefined) return undefined;
  const { body: _body, ...rest } = copy;
  return { ...rest, hiddenAt: copy.hiddenAt ?? at, updatedAt: at } as T;
}

/** A party's copy shown again with its text; a copy already visible is left as it is. */
export function restoredCopy<T extends MessageDoc>(copy: T, body: string, at: string): T | undefined {
  if (!isHiddenMessage(copy) && copy.body === body) return undefined;
  const { hiddenAt: _hiddenAt, ...rest } = copy;
  return { ...rest, body, updatedAt: at } as T;
}

/** The later of two instants (ISO strings compare as instants when both are UTC, as ours are). */
export function laterInstant(a: string | undefined, b: string): string {
  return a !== undefined && a > b ? a : b;
}

/** One party of a conversation, as the console shows it. */
export type ConversationParty = { uid: string; name: string; email?: string };

/** A conversation (one per consultation with messages) in the console's list. */
export type ConversationView = {
  orderId: string;
  client: ConversationParty;
  provider: ConversationParty;
  /** When the first and the latest messages were delivered (the service's clock). */
  startedAt: string;
  lastMessageAt: string;
};

/** The last moderation decision on a message. */
export type MessageModeration = {
  state: MessageState;
  reason: string;
  at: string;
  by: string;
  byName?: string;
};

/** One message of a conversation in the console: its text even when hidden from the parties. */
export type ConversationMessageView = {
  id: string;
  from: string;
  fromRole: 'client' | 'provider';
  to: string;
  body: string;
  state: MessageState;
  createdAt: string;
  deliveredAt?: string;
  moderation?: MessageModeration;
};

export type ConversationDetail = {
  conversation: ConversationView;
  messages: ConversationMessageView[];
  /** More messages than `CONVERSATION_MESSAGES_MAX`: only the oldest are listed. */
  truncated: boolean;
};

/** Messages in reading order: oldest first, the id breaking ties (as the parties' threads do). */
export function byReadingOrder(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}
