/**
 * The offline store and its sync, opened after the first paint (src/main.tsx): RxDB on IndexedDB,
 * the public collections' replication, the outbox and the signed-in user's own database. Its own
 * chunk, so that none of it is on a first visit's critical path.
 */
import type { DataLayer } from './data-context';
import { getDatabase } from './database';
import { watchOutbox } from './outbox';
import { startPublicSync } from './replication';
import { followSession } from './session-sync';

export async function openOfflineStore(origin: string): Promise<DataLayer> {
  const db = await getDatabase();
  const sync = startPublicSync(db, { origin });
  watchOutbox(db);
  followSession(db, { origin });
  return { db, sync };
}
