/**
 * The provider directory as the screens see it. One live RxDB query holds every listed provider in
 * listing order (online first, then rating and reviews: the `rank` index); filters, pages and counts
 * are computed from that result in memory, so changing a filter never waits on IndexedDB and the
 * count is exact without a second scan. Replication changes reach the result through RxDB's
 * event-reduce, without re-reading the collection.
 */
import { useEffect, useMemo, useState } from 'react';
import { asyncScheduler, throttleTime } from 'rxjs';
import { directoryCountries, selectPage } from '../domain/provider-filter';
import type { ProviderPage } from '../domain/provider-filter';
import type { Provider, ProviderFilter } from '../domain/provider';
import type { AppDatabase } from './database';
import { useDataLayer } from './data-context';

function directoryQuery(db: AppDatabase) {
  return db.providers.find({
    selector: { isVisible: { $eq: true } },
    sort: [{ rank: 'desc' }, { id: 'asc' }],
  });
}

/** While a pull brings thousands of providers, the screen recomputes at most this often. */
const DIRECTORY_REFRESH_MS = 250;

/** Every listed provider, in listing order, read once. */
export async function loadDirectory(db: AppDatabase): Promise<Provider[]> {
  return (await directoryQuery(db).exec()).map(toProvider);
}

/** The document's data without copying it: screens never write through it. */
function toProvider(doc: { toJSON(): unknown }): Provider {
  return doc.toJSON() as Provider;
}

/** One page of the listing and the number of matching providers, read once. */
export async function findProviderPage(
  db: AppDatabase,
  filter: ProviderFilter,
  page: number,
  pageSize: number,
): Promise<ProviderPage> {
  return selectPage(await loadDirectory(db), filter, page, pageSize);
}

type DirectoryState = { providers: Provider[]; loaded: boolean };

/** The whole directory, kept current. `loaded` is false until the local database has answered once. */
function useDirectory(): DirectoryState {
  const { db } = useDataLayer();
  const [state, setState] = useState<DirectoryState>({ providers: [], loaded: false });
  useEffect(() => {
    const subscription = directoryQuery(db)
      .$.pipe(throttleTime(DIRECTORY_REFRESH_MS, asyncScheduler, { leading: true, trailing: true }))
      .subscribe((docs) => setState({ providers: docs.map(toProvider), loaded: true }));
    return () => subscription.unsubscribe();
  }, [db]);
  return state;
}

/** Resolves once the directory has been pulled from the server at least once. */
function useFirstPullDone(): boolean {
  const { sync } = useDataLayer();
  const [done, setDone] = useState(false);
  useEffect(() => {
    let alive = true;
    void sync.providers.firstPull.then(() => alive && setDone(true));
    return () => {
      alive = false;
    };
  }, [sync]);
  return done;
}

export type ProviderPageState = ProviderPage & { status: 'loading' | 'ready'; countries: string[] };

/**
 * A page of the listing, the matching count and the countries to filter on, kept current as
 * replication brings changes. While the local directory is empty and its first pull has not
 * finished, the status stays `loading` rather than telling a first-time visitor "no results".
 */
export function useProviderPage(filter: ProviderFilter, page: number, pageSize: number): ProviderPageState {
  const directory = useDirectory();
  const firstPullDone = useFirstPullDone();
  const countries = useMemo(() => directoryCountries(directory.providers), [directory.providers]);
  const result = useMemo(
    () => selectPage(directory.providers, filter, page, pageSize),
    [directory.providers, filter, page, pageSize],
  );
  const waiting =
    !directory.loaded || (directory.providers.length === 0 && !firstPullDone && navigator.onLine !== false);
  return { ...result, countries, status: waiting ? 'loading' : 'ready' };
}

/** Keeps the directory live (long-poll) while the calling screen is mounted. */
export function useLiveProviders() {
  const { sync } = useDataLayer();
  useEffect(() => sync.providers.hold(), [sync]);
}
