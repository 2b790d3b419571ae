/**
 * Favourite providers: `favourite` documents of the user's own collection. Before sign-in they stay
 * on the device (the `mine` collection is not replicated then); the accounts feature starts the
 * replication at sign-in, which pushes them into the user's database: that is the merge.
 */
import { useSyncExternalStore } from 'react';
import { favouriteId } from '../domain/mine';
import type { AppDatabase } from './database';
import { useOptionalDataLayer } from './data-context';
import { pressesLeft, pressWritten, rememberPress } from './favourite-presses';
import { InvalidDocumentError, removeMine, saveMine } from './mine';

type FavouriteIds = {
  ids: ReadonlySet<string>;
  subscribe(listener: () => void): () => void;
};

const NONE: ReadonlySet<string> = new Set();
const shared = new WeakMap<AppDatabase, FavouriteIds>();

/**
 * One query for every heart on screen (a directory page shows 24): each held its own subscription,
 * and each change of `mine` rendered every card again. The set is replaced only when it changes.
 */
function favouriteIdsOf(db: AppDatabase): FavouriteIds {
  let made = shared.get(db);
  if (made) return made;
  const listeners = new Set<() => void>();
  let stop: (() => void) | undefined;
  const state: FavouriteIds = {
    ids: NONE,
    subscribe(listener) {
      listeners.add(listener);
      if (!stop) {
        const subscription = db.mine
          .find({ selector: { type: { $eq: 'favourite' } } })
          .$.subscribe((docs) => {
            const ids = new Set(docs.map((doc) => String(doc.get('providerId'))));
            if (ids.size === state.ids.size && [...ids].every((id) => state.ids.has(id))) return;
            state.ids = ids;
            for (const notify of listeners) notify();
          });
        stop = () => subscription.unsubscribe();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = undefined;
        }
      };
    },
  };
  made = state;
  shared.set(db, made);
  return made;
}

const noSubscription = () => () => undefined;

/**
 * Whether one provider is a favourite, kept current: its heart is drawn again only when that
 * changes, not whenever another provider is added or removed.
 */
export function useIsFavourite(providerId: string): boolean {
  const db = useOptionalDataLayer()?.db;
  const source = db ? favouriteIdsOf(db) : undefined;
  return useSyncExternalStore(
    source?.subscribe ?? noSubscription,
    () => source?.ids.has(providerId) ?? false,
    () => false,
  );
}

/** Adds or removes a favourite; works offline. */
export async function toggleFavourite(
  db: AppDatabase,
  providerId: string,
  signedIn = false,
): Promise<boolean> {
  const present = (await db.mine.findOne(favouriteId(providerId)).exec()) !== null;
  return setFavourite(db, providerId, !present, signedIn);
}

/**
 * Makes a provider a favourite or not, whatever it was (a second press sent before the first was
 * written asks for the state it wants, not for a change of the stored one); works offline.
 */
export async function setFavourite(
  db: AppDatabase,
  providerId: string,
  wanted: boolean,
  signedIn = false,
): Promise<boolean> {
  const id = favouriteId(providerId);
  const present = (await db.mine.findOne(id).exec()) !== null;
  if (present === wanted) return wanted;
  if (!wanted) {
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

/** Each provider's writes, one after the other: the last press decides, however fast they come. */
const writes = new Map<string, Promise<unknown>>();

export function inTurn<T>(providerId: string, write: () => Promise<T>): Promise<T> {
  const turn = (writes.get(providerId) ?? Promise.resolve()).then(write, write);
  writes.set(providerId, turn);
  void turn
    .finally(() => {
      if (writes.get(providerId) === turn) writes.delete(providerId);
    })
    .catch(() => undefined);
  return turn;
}

/** Writes one press; a press that can never be written (refused by the schema) is not kept. */
async function writeKept(db: AppDatabase, providerId: string, wanted: boolean, signedIn: boolean) {
  try {
    await setFavourite(db, providerId, wanted, signedIn);
  } catch (error) {
    if (error instanceof InvalidDocumentError) pressWritten(providerId, wanted);
    throw error;
  }
  pressWritten(providerId, wanted);
}

/**
 * Writes the state a press asked for once the store is open (`store`), in turn with the provider's
 * other writes. Kept on the device until written (favourite-presses.ts): a page left before its
 * store opened does not lose it.
 */
export function writePress(
  store: () => Promise<AppDatabase>,
  providerId: string,
  wanted: boolean,
  signedIn = false,
): Promise<void> {
  rememberPress(providerId, wanted);
  return inTurn(providerId, async () => writeKept(await store(), providerId, wanted, signedIn));
}

/** Writes the presses a page left before its store had them; each is tried once per opening. */
export async function writePressesLeft(db: AppDatabase, signedIn = false): Promise<void> {
  await Promise.all(
    Object.entries(pressesLeft()).map(([providerId, wanted]) =>
      inTurn(providerId, () => writeKept(db, providerId, wanted, signedIn)).catch((error: unknown) =>
        console.warn('A favourite pressed on an earlier page could not be saved:', error),
      ),
    ),
  );
}
