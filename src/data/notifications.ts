/**
 * The user's notifications: `notification` documents the service writes into the user's own database
 * (booking confirmed, call completed, invoice ready…). The owner may only mark them read; that change
 * is saved on this device first and pushed by the replication, so it works offline.
 */
import { useEffect, useState } from 'react';
import type { NotificationDoc } from '../domain/mine';
import type { AppDatabase } from './database';
import { useDataLayer } from './data-context';
import { saveMine } from './mine';

/** Newest first; ties broken by id so that the order never jumps. */
export function sortNotifications(list: readonly NotificationDoc[]): NotificationDoc[] {
  return [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

export function countUnread(list: readonly Pick<NotificationDoc, 'isRead'>[]): number {
  return list.reduce((count, item) => count + (item.isRead ? 0 : 1), 0);
}

/** Every notification on this device, newest first; undefined while they are read. */
export function useNotifications(): NotificationDoc[] | undefined {
  const { db } = useDataLayer();
  const [list, setList] = useState<NotificationDoc[]>();
  useEffect(() => {
    const subscription = db.mine
      .find({ selector: { type: { $eq: 'notification' } } })
      .$.subscribe((docs) =>
        setList(sortNotifications(docs.map((doc) => doc.toJSON() as unknown as NotificationDoc))),
      );
    return () => subscription.unsubscribe();
  }, [db]);
  return list;
}

/** How many notifications are unread (0 while they are read), kept current. */
export function useUnreadCount(): number {
  const list = useNotifications();
  return list ? countUnread(list) : 0;
}

/** Marks notifications read: only `isRead` and `updatedAt` change. */
export async function markNotificationsRead(db: AppDatabase, ids: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const id of ids) {
    const current = await db.mine.findOne(id).exec();
    if (!current) continue;
    const doc = current.toJSON() as unknown as NotificationDoc;
    if (doc.type !== 'notification' || doc.isRead) continue;
    // Only the fields of the schema: the replicated copy may carry the store's own (`_id`…).
    const { id: docId, type, kind, orderId, params, createdAt } = doc;
    await saveMine(db, {
      id: docId,
      type,
      kind,
      ...(orderId === undefined ? {} : { orderId }),
      params,
      isRead: true,
      createdAt,
      updatedAt: now,
    });
  }
}
