/**
 * Sending a contact message. It always goes through the outbox under the message's own id:
 * - offline, it stays there and the outbox sends it once when the connection returns;
 * - online, the outbox is flushed at once; if the server could not take it (5xx, network), it is
 *   taken back out of the outbox and the caller keeps the text to try again. A retry of unchanged
 *   text reuses the id, so a first attempt whose answer was lost cannot become a second message.
 */
import { useEffect, useState } from 'react';
import type { ContactMessage } from '../domain/contact';
import type { AppDatabase } from './database';
import { useDataLayer } from './data-context';
import { enqueue, flushOutbox } from './outbox';

export const CONTACT_API_PATH = '/api/contact';

export type ContactSendOutcome = 'sent' | 'queued' | 'failed';

export async function sendContactMessage(
  db: AppDatabase,
  message: ContactMessage,
): Promise<ContactSendOutcome> {
  const { id, ...payload } = message;
  if (!(await db.outbox.findOne(id).exec())) {
    await enqueue(db, { kind: 'contact', path: CONTACT_API_PATH, payload }, id);
  }
  if (!navigator.onLine) return 'queued';
  // A flush already under way when the item was added may not include it: then flush once more.
  for (let round = 0; round < 2; round++) {
    await flushOutbox(db);
    const item = await db.outbox.findOne(id).exec();
    if (!item) return 'sent';
    if (item.attempts > 0) break;
  }
  const left = await db.outbox.findOne(id).exec();
  if (!left) return 'sent';
  if (!navigator.onLine) return 'queued';
  await left.remove().catch(() => undefined);
  return 'failed';
}

/** Whether the action with this id still waits in the outbox; undefined until the outbox has answered. */
export function useIsWaitingInOutbox(id: string | undefined): boolean | undefined {
  const { db } = useDataLayer();
  const [waiting, setWaiting] = useState<{ id: string; waiting: boolean }>();
  useEffect(() => {
    if (!id) return;
    const subscription = db.outbox
      .findOne(id)
      .$.subscribe((item) => setWaiting({ id, waiting: item !== null }));
    return () => subscription.unsubscribe();
  }, [db, id]);
  return id && waiting?.id === id ? waiting.waiting : undefined;
}
