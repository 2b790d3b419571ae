/**
 * Messages between the client and the provider of a consultation: `message:<orderId>:<key>`
 * documents of the user's own collection. The sender's copy is written here (offline too) and
 * pushed when a connection allows; the service copies it into the other party's database and marks
 * both copies delivered (`deliveredAt`), and notifies the recipient. A provider without an account
 * (the demo directory) has no database: in demo mode their stand-in receives instead (see
 * src/domain/demo-stand-in.ts); otherwise no messages can be exchanged about their consultations.
 */
import { useEffect, useState } from 'react';
import { messageId } from '../domain/mine';
import type { CallSessionDoc, MessageDoc, MineDoc } from '../domain/mine';
import type { AppDatabase } from './database';
import { useDataLayer } from './data-context';
import { saveMine } from './mine';

/** Every message on this device, grouped by order, oldest first; undefined while they are read. */
export function useMessagesByOrder(): ReadonlyMap<string, MessageDoc[]> | undefined {
  const { db } = useDataLayer();
  const [byOrder, setByOrder] = useState<ReadonlyMap<string, MessageDoc[]>>();
  useEffect(() => {
    const subscription = db.mine.find({ selector: { type: { $eq: 'message' } } }).$.subscribe((docs) => {
      const groups = new Map<string, MessageDoc[]>();
      for (const doc of docs) {
        const message = doc.toJSON() as unknown as MessageDoc;
        groups.set(message.orderId, [...(groups.get(message.orderId) ?? []), message]);
      }
      for (const list of groups.values())
        list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      setByOrder(groups);
    });
    return () => subscription.unsubscribe();
  }, [db]);
  return byOrder;
}

/**
 * The other party of a consultation, to whom messages go (a demo expert's stand-in in demo mode);
 * undefined when messages cannot reach them (a provider without an account has no database).
 */
export function messagePartner(call: CallSessionDoc): string | undefined {
  return call.partnerUid;
}

/** Saves a message locally; it is sent when a connection allows. */
export async function sendMessage(
  db: AppDatabase,
  { orderId, from, to, body }: { orderId: string; from: string; to: string; body: string },
): Promise<void> {
  const now = new Date().toISOString();
  const id = messageId(orderId, crypto.randomUUID());
  const message: MessageDoc = {
    id,
    type: 'message',
    orderId,
    from,
    to,
    body: body.trim(),
    createdAt: now,
    updatedAt: now,
  };
  await saveMine(db, message as unknown as MineDoc);
}
