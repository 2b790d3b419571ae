/**
 * Messages between the client and the provider of a consultation: the sender writes a
 * `message:<orderId>:<key>` document into their own database (offline too); the gateway asks
 * `check` whether it may be written, and `afterWrite` delivers it.
 *
 * - Refused: a message the owner did not send (`from` is not the owner, or a copy delivered to
 *   them), for an order the owner is not a party of, to someone other than the other party, to a
 *   provider with no database to deliver to (a demo expert outside demo mode; in demo mode the demo
 *   expert's stand-in receives it, see parties.ts), and any change to a message once written
 *   (`deliveredAt` is the service's).
 * - Delivered once: the copy in the other party's database is created with `createOnce` under the
 *   same id; a new copy notifies its recipient (message-notifications.ts); the sender's copy is
 *   marked delivered last, so a delivered message has its copy and its notification.
 * - Indexed: each delivery marks its consultation's conversation active (comms/conversations.ts),
 *   which the admin console lists without opening every user's database.
 * - Moderated: an admin may hide a message in both copies (comms/message-moderation.ts); a copy
 *   delivered after that is hidden at once.
 */
import type { MessageDoc } from '../../src/domain/mine';
import { userDbName } from '../../src/domain/user-db';
import type { UserDocHooks } from '../http/gateway';
import { createOnce, getOrUndefined, upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import { providerUid } from './consultation/parties';
import type { StoredOrder } from './consultation/types';
import { recordConversationSafely } from './comms/conversations';
import { enforceModeration } from './comms/message-moderation';
import { ensureStandIn } from './demo-stand-ins';
import { notifyNewMessage } from './message-notifications';

/** The other party of an order for one of its parties, or undefined for a stranger. */
export function otherParty(order: StoredOrder, uid: string): string | undefined {
  const provider = providerUid(order);
  if (order.client.uid === uid) return provider;
  if (provider !== undefined && provider === uid) return order.client.uid;
  return undefined;
}

export function messageHooks(store: Store): UserDocHooks {
  const readOrder = (orderId: unknown) =>
    typeof orderId === 'string' ? getOrUndefined(store.db<StoredOrder>('orders'), orderId) : undefined;

  return {
    message: {
      async check(owner, doc, current) {
        if (current) return 'a sent message cannot be changed';
        if (doc._deleted === true) return undefined;
        if (doc.from !== owner.uid) return 'a message is sent by its owner only';
        if (doc.deliveredAt !== undefined) return 'messages are delivered by the service only';
        // Moderation is the service's (comms/message-moderation.ts): a device never hides a message,
        // and never pushes one without its text. With the refusal of any change above, whatever
        // revision a device pushes of a hidden message (older, edited, `new_edits=false`) is
        // refused, and the device ends on the server's hidden copy.
        if (doc.hiddenAt !== undefined) return 'messages are hidden by moderation only';
        if (typeof doc.body !== 'string') return 'a message has a text';
        if (!String(doc._id).startsWith(`message:${String(doc.orderId)}:`))
          return 'a message is keyed on its order';
        const order = await readOrder(doc.orderId);
        const party = order && (order.client.uid === owner.uid || providerUid(order) === owner.uid);
        if (!order || !party) return 'this consultation is not yours';
        const other = otherParty(order, owner.uid);
        if (!other) return 'messages are not available for this consultation';
        if (doc.to !== other) return 'a message goes to the other party of the consultation';
        return undefined;
      },
      async afterWrite(owner, docs) {
        for (const doc of docs) {
          if (doc._deleted === true) continue;
          // Pushed documents carry their id as `_id` only.
          await deliver(store, owner.uid, { ...(doc as unknown as MessageDoc), id: String(doc._id) });
        }
      },
    },
  };
}

async function deliver(store: Store, uid: string, message: MessageDoc): Promise<void> {
  const order = await getOrUndefined(store.db<StoredOrder>('orders'), message.orderId);
  const other = order && otherParty(order, uid);
  if (!order || !other || other !== message.to || message.from !== uid) return;
  const now = new Date().toISOString();
  const { id, type, orderId, from, to, body, createdAt } = message;
  // A stand-in its client deleted is made again: the demo expert keeps receiving.
  if (other === order.provider.standInUid) {
    const { client, provider } = order;
    await ensureStandIn(store, { client, provider });
  }
  if (body === undefined) return;
  const created = await createOnce(store, userDbName(other), {
    _id: id,
    id,
    type,
    orderId,
    from,
    to,
    body,
    deliveredAt: now,
    createdAt,
    updatedAt: now,
  });
  // Hidden meanwhile (an admin read the sender's copy before it was delivered): hidden here too.
  const hidden = await enforceModeration(store, other, id);
  await recordConversationSafely(store, order, now);
  if (created && !hidden) {
    const senderName = uid === order.client.uid ? order.client.name : order.provider.name;
    await notifyNewMessage(store, { recipient: other, orderId, senderName, body, at: now });
  }
  await upsertDoc<MessageDoc>(store, userDbName(uid), id, (current) => {
    if (!current || current.deliveredAt) return undefined;
    return { ...current, deliveredAt: now, updatedAt: now };
  });
}
