/**
 * The index of conversations the console's `comms/messages` lists, so that listing them never opens
 * every user's database: one `conversation:<orderId>` document in `comms` per consultation whose
 * parties exchanged a message, written when a message is delivered (services/messages.ts) and read
 * newest activity first through the view `comms-messages/conversations_by_activity`.
 *
 * What it costs: per delivered message, one read and (usually) one write of that document; per page
 * of the list, one view range read (a search is filtered while reading, within the paging budget,
 * see admin/paging.ts). The messages themselves stay in the parties' databases: opening one
 * conversation reads a key range of each party's database (message-moderation.ts).
 *
 * The document holds no count, only instants merged by "latest wins" (`laterInstant`), so that two
 * deliveries racing on it, or a retried one, agree whatever their order. Messages written before
 * this index existed are added once per store by `backfillConversations`, at start.
 */
import type { ConversationParty, ConversationView } from '../../../src/domain/message-moderation';
import { laterInstant } from '../../../src/domain/message-moderation';
import { userDbName } from '../../../src/domain/user-db';
import { logError } from '../../log';
import { migrationDoneId } from '../../store/backfill';
import { createOnce, getOrUndefined, isNotFound, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { getAccount } from '../accounts';
import type { Page } from '../admin/paging';
import { scanPage } from '../admin/paging';
import { foldSearch, searchTokens } from '../admin/search-tokens';
import { providerUid } from '../consultation/parties';
import type { StoredOrder } from '../consultation/types';

export const COMMS_DB = 'comms';

export type ConversationDoc = ConversationView & {
  _id: string;
  _rev?: string;
  type: 'conversation';
  /** The parties' names, e-mails and uids, folded (search-tokens.ts), for the console's search. */
  search: string;
};

export const conversationDocId = (orderId: string) => `conversation:${orderId}`;

/** The parties of an order, with their e-mails (read from `accounts`, the order has the client's). */
async function parties(
  store: Store,
  order: StoredOrder,
): Promise<{ client: ConversationParty; provider: ConversationParty } | undefined> {
  const providerId = providerUid(order);
  if (!providerId) return undefined;
  const account = await getAccount(store, providerId);
  return {
    client: { uid: order.client.uid, name: order.client.name, email: order.client.email },
    provider: {
      uid: providerId,
      name: order.provider.name,
      ...(account?.email ? { email: account.email } : {}),
    },
  };
}

function searchText({ client, provider }: Pick<ConversationView, 'client' | 'provider'>): string {
  return foldSearch(
    [client.uid, client.name, client.email, provider.uid, provider.name, provider.email]
      .filter(Boolean)
      .join(' '),
  );
}

/** Records activity in an order's conversation at `at` (a delivery, the service's clock). */
export async function recordConversation(store: Store, order: StoredOrder, at: string): Promise<void> {
  const id = conversationDocId(order.orderId);
  const current = await getOrUndefined(store.db<ConversationDoc>(COMMS_DB), id);
  if (current && current.lastMessageAt >= at && current.startedAt <= at) return;
  const who = current ?? (await parties(store, order));
  if (!who) return;
  await upsertDoc<ConversationDoc>(store, COMMS_DB, id, (latest) => {
    if (latest && latest.lastMessageAt >= at && latest.startedAt <= at) return undefined;
    const { client, provider } = latest ?? who;
    return {
      _id: id,
      type: 'conversation',
      orderId: order.orderId,
      client,
      provider,
      startedAt: latest && latest.startedAt < at ? latest.startedAt : at,
      lastMessageAt: laterInstant(latest?.lastMessageAt, at),
      search: searchText({ client, provider }),
    };
  });
}

/** recordConversation that never fails a delivery: a miss is logged (the next message mends it). */
export async function recordConversationSafely(store: Store, order: StoredOrder, at: string): Promise<void> {
  await recordConversation(store, order, at).catch((error: unknown) =>
    logError(`[comms] could not index the conversation of order ${order.orderId}:`, error),
  );
}

export function conversationView(doc: ConversationDoc): ConversationView {
  const { orderId, client, provider, startedAt, lastMessageAt } = doc;
  return { orderId, client, provider, startedAt, lastMessageAt };
}

export async function getConversation(store: Store, orderId: string): Promise<ConversationView | undefined> {
  const doc = await getOrUndefined(store.db<ConversationDoc>(COMMS_DB), conversationDocId(orderId));
  return doc?.type === 'conversation' ? conversationView(doc) : undefined;
}

/**
 * Conversations, latest activity first. `q` keeps those where each of its words starts a word of
 * a party's name, e-mail or uid (or is found in the e-mail / uid, for a partial address).
 */
export function listConversations(
  store: Store,
  { q, limit, token }: { q?: string; limit: number; token?: string },
): Promise<Page<ConversationView>> {
  const words = q ? searchTokens(q) : [];
  const needle = q ? foldSearch(q.trim()) : '';
  const matches = (doc: ConversationDoc) => {
    if (words.length === 0) return true;
    if (doc.search.includes(needle)) return true;
    const record = searchTokens(doc.search);
    return words.every((word) => record.some((token) => token.startsWith(word)));
  };
  return scanPage<ConversationDoc, ConversationView>(store.db<ConversationDoc>(COMMS_DB), {
    view: 'comms-messages/conversations_by_activity',
    descending: true,
    limit,
    token,
    pick: (doc) => (doc.type === 'conversation' && matches(doc) ? conversationView(doc) : undefined),
  });
}

type MessageRow = { doc?: { type?: string; deliveredAt?: string; createdAt?: string } | null };

/** The messages of an order in one database: a key range of `message:<orderId>:…`. */
export function messageRange(orderId: string): { startkey: string; endkey: string } {
  return { startkey: `message:${orderId}:`, endkey: `message:${orderId}:\ufff0` };
}

const BACKFILL_BATCH = 200;

/**
 * Indexes the conversations of messages delivered before the index existed, once per store: for
 * each order whose provider can receive messages, one key range read of the client's database
 * (a delivered message has a copy there). A whole pass over `orders`, paid once.
 */
export async function backfillConversations(store: Store): Promise<number> {
  const name = 'comms-conversations';
  if (await getOrUndefined(store.db('admin'), migrationDoneId(name))) return 0;
  let indexed = 0;
  let startkey: string | undefined;
  for (;;) {
    const { rows } = await store.db<StoredOrder>('orders').list({
      include_docs: true,
      limit: BACKFILL_BATCH + 1,
      ...(startkey ? { startkey } : {}),
    });
    const batch = rows.slice(0, BACKFILL_BATCH);
    for (const row of batch) {
      const order = row.doc as StoredOrder | undefined;
      if (order?.type !== 'order' || !providerUid(order)) continue;
      const latest = await latestDelivery(store, order);
      if (!latest) continue;
      await recordConversation(store, order, latest.first);
      await recordConversation(store, order, latest.last);
      indexed += 1;
    }
    if (rows.length <= BACKFILL_BATCH) break;
    startkey = rows[BACKFILL_BATCH]!.id;
  }
  await createOnce(store, 'admin', {
    _id: migrationDoneId(name),
    type: 'migration',
    at: new Date().toISOString(),
  });
  return indexed;
}

async function latestDelivery(
  store: Store,
  order: StoredOrder,
): Promise<{ first: string; last: string } | undefined> {
  let answer;
  try {
    answer = await store
      .db(userDbName(order.client.uid))
      .list({ include_docs: true, ...messageRange(order.orderId) });
  } catch (error) {
    // The client's database is gone (a deleted account): nothing to index.
    if (isNotFound(error)) return undefined;
    throw error;
  }
  const times = (answer.rows as MessageRow[])
    .map((row) => (row.doc?.type === 'message' ? (row.doc.deliveredAt ?? row.doc.createdAt) : undefined))
    .filter((at): at is string => typeof at === 'string')
    .sort();
  return times.length > 0 ? { first: times[0]!, last: times[times.length - 1]! } : undefined;
}
