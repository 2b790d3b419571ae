/**
 * The in-app notification of new messages, written into the recipient's own database when a
 * message is delivered (services/messages.ts).
 *
 * - One per thread (`notification:<orderId>:message_received`) while it is unread: a burst of
 *   messages counts up in it (`count`, the latest sender and the start of the latest message)
 *   instead of flooding the list. Once the recipient has read it, the next message opens it again,
 *   unread, counting from one, dated now (so it comes first).
 * - Written only when the recipient keeps device notifications on (`settings.notifications.push`,
 *   on by default: spec section 9).
 * - Language-neutral like every notification (a kind and its values): the recipient's screen says
 *   it in the language they read the platform in.
 */
import { DEFAULT_NOTIFICATIONS } from '../../src/domain/constants';
import type { NotificationDoc } from '../../src/domain/mine';
import { userDbName } from '../../src/domain/user-db';
import { getOrUndefined, upsertDoc } from '../store/store';
import type { Store } from '../store/store';

/** How much of the latest message the notification quotes (the schema allows 200 characters). */
const PREVIEW_LENGTH = 120;

type SettingsDoc = { type?: string; notifications?: { push?: unknown } };

export function messageNotificationId(orderId: string): string {
  return `notification:${orderId}:message_received`;
}

/** The start of a message as its notification quotes it. */
export function messagePreview(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length <= PREVIEW_LENGTH ? text : `${text.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

async function wantsDeviceNotifications(store: Store, uid: string): Promise<boolean> {
  const settings = await getOrUndefined(store.db<SettingsDoc>(userDbName(uid)), 'settings');
  const push = settings?.type === 'settings' ? settings.notifications?.push : undefined;
  return typeof push === 'boolean' ? push : DEFAULT_NOTIFICATIONS.push;
}

export async function notifyNewMessage(
  store: Store,
  message: { recipient: string; orderId: string; senderName: string; body: string; at: string },
): Promise<void> {
  const { recipient, orderId, senderName, body, at } = message;
  if (!(await wantsDeviceNotifications(store, recipient))) return;
  const id = messageNotificationId(orderId);
  await upsertDoc<NotificationDoc>(store, userDbName(recipient), id, (current) => {
    const unread = current?.type === 'notification' && !current.isRead;
    const count = unread && typeof current.params.count === 'number' ? current.params.count + 1 : 1;
    return {
      _id: id,
      ...(current?._rev ? { _rev: current._rev } : {}),
      id,
      type: 'notification',
      kind: 'message_received',
      orderId,
      params: { senderName, count, preview: messagePreview(body) },
      isRead: false,
      createdAt: unread ? current.createdAt : at,
      updatedAt: at,
    };
  });
}
