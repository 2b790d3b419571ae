/**
 * Favourite providers: `favourite` documents of the user's own collection. Before sign-in they stay
 * on the device (the `mine` collection is not replicated then); the accounts feature starts the
 * replication at sign-in, which pushes them into the user's database: that is the merge.
 */
import { useEffect, useState } from 'react';
import { favouriteId } from '../domain/mine';
import type { AppDatabase } from './database';
import { useOptionalDataLayer } from './data-context';
import { removeMine, saveMine } from './mine';

/** The ids of the favourite providers, kept current. */
export function useFavouriteIds(): ReadonlySet<string> {
  const db = useOptionalDataLayer()?.db;
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!db) return;
    const subscription = db.mine
      .find({ selector: { type: { $eq: 'favourite' } } })
      .$.subscribe((docs) => setIds(new Set(docs.map((doc) => String(doc.get('providerId'))))));
    return () => subscription.unsubscribe();
  }, [db]);
  return ids;
}

/** Adds or removes a favourite; works offline. */
export async function toggleFavourite(
  db: AppDatabase,
  providerId: string,
  signedIn = false,
): Promise<boolean> {
  const id = favouriteId(providerId);
  if (await db.mine.findOne(id).exec()) {
    await removeMine(db, id, { track: signedIn });
    return false;
  }
  const now = new Date().toISOString();
  await saveMine(
    db,
    { id, type: 'favourite', providerId, createdAt: now, updatedAt: now },
    { track: signedIn },
  );
  return true;
}
