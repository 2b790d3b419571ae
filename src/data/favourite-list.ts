/**
 * The favourites as the dashboard lists them: each `favourite` document of the user's own collection
 * with the provider's public record (name, photo, online status) from the directory, both kept
 * current, so the online status is the live one and the list still shows offline.
 */
import { useEffect, useMemo, useState } from 'react';
import { favouriteId } from '../domain/mine';
import type { Favourite } from '../domain/mine';
import type { Provider } from '../domain/provider';
import type { AppDatabase } from './database';
import { useDataLayer } from './data-context';
import { removeMine } from './mine';

export type FavouriteEntry = { favourite: Favourite; provider: Provider | undefined };

/** Newest favourite first; undefined while they are read. */
export function useFavouriteList(): FavouriteEntry[] | undefined {
  const { db } = useDataLayer();
  const [favourites, setFavourites] = useState<Favourite[]>();
  const [providers, setProviders] = useState<ReadonlyMap<string, Provider>>(new Map());
  useEffect(() => {
    const subscription = db.mine
      .find({ selector: { type: { $eq: 'favourite' } } })
      .$.subscribe((docs) =>
        setFavourites(
          docs
            .map((doc) => doc.toJSON() as unknown as Favourite)
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id)),
        ),
      );
    return () => subscription.unsubscribe();
  }, [db]);
  const key = favourites?.map((f) => f.providerId).join(',') ?? '';
  useEffect(() => {
    const ids = key ? key.split(',') : [];
    const subscription = db.providers.findByIds(ids).$.subscribe((found) => {
      setProviders(new Map([...found].map(([id, doc]) => [id, doc.toJSON() as Provider])));
    });
    return () => subscription.unsubscribe();
  }, [db, key]);
  return useMemo(
    () => favourites?.map((favourite) => ({ favourite, provider: providers.get(favourite.providerId) })),
    [favourites, providers],
  );
}

/** Removes a favourite of the signed-in user; the removal is pushed like any change. */
export function removeFavourite(db: AppDatabase, providerId: string): Promise<void> {
  return removeMine(db, favouriteId(providerId));
}
