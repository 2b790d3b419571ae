/**
 * Messages between the client and the provider of a consultation: the sender writes a
 * `message:<orderId>:<key>` document into their own database (offline too); the gateway asks
 * `check` whether it may be written, and `afterWrite` delivers it.
 *
 * - Refused: a message the owner did not send (`from` is not the owner, or a copy delivered to
 *   them), for an order the owner is not a party of, to someone other than the other party, to a
 *   provider without an account (no database to deliver to: the demo directory), and any change to
 *   a message once written (`deliveredAt` is the service's).
 * - Delivered once: the copy in the other party's database is created with `createOnce` under the
 *   same id, then the sender's copy is marked delivered.
 */
import type { MessageDoc } from '../../src/domain/mine';
import { userDbName } from '../../src/domain/user-db';
import type { UserDocHooks } from '../http/gateway';
import { createOnce, getOrUndefined, upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import type { StoredOrder } from './consultation/types';

/** The other party of an order for one of its parties, or undefined for a stranger. */
export function otherParty(order: StoredOrder, uid: string): string | undefined {
  if (order.client.uid === uid) return order.provider.hasAccount ? order.provider.id : undefined;
  if (order.provider.hasAccount && order.provider.id === uid) return order.client.uid;
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
        if (!String(doc._id).startsWith(`message:${String(doc.orderId)}:`))
          return 'a message is keyed on its order';
        const order = await readOrder(doc.orderId);
        const party = order && (order.client.uid === owner.uid || order.provider.id === owner.uid);
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
  if (!other || other !== message.to || message.from !== uid) return;
  const now = new Date().toISOString();
  const { id, type, orderId, from, to, body, createdAt } = message;
  await createOnce(store, userDbName(other), {
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
  await upsertDoc<MessageDoc>(store, userDbName(uid), id, (current) => {
    if (!current || current.deliveredAt) return undefined;
    return { ...current, deliveredAt: now, updatedAt: now };
  });
}
