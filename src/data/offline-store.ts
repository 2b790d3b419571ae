/**
 * The offline store and its sync, opened after the first paint (src/main.tsx): RxDB on IndexedDB,
 * the public collections' replication, the outbox and the signed-in user's own database. Its own
 * chunk, so that none of it is on a first visit's critical path.
 */
import i18next from 'i18next';
import { isLanguage } from '../domain/languages';
import type { Language } from '../domain/languages';
import type { DataLayer } from './data-context';
import { getDatabase } from './database';
import { watchOutbox } from './outbox';
import { startPublicSync } from './replication';
import { followSession } from './session-sync';

/** `language`: the reader's, whose help texts are pulled (and then those of each language they switch to). */
export async function openOfflineStore(origin: string, language: Language): Promise<DataLayer> {
  const db = await getDatabase();
  const sync = startPublicSync(db, { origin }, language);
  i18next.on('languageChanged', (chosen: string) => {
    if (isLanguage(chosen)) sync.content.in(chosen);
  });
  watchOutbox(db);
  followSession(db, { origin });
  return { db, sync };
}
