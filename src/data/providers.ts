/**
 * The provider directory as the screens see it.
 *
 * One live RxDB query holds every listed provider in listing order (the `listOrder` index);
 * filters, pages and exact counts are computed from that result in memory, so changing a filter
 * never waits on IndexedDB, and replication changes reach the result through RxDB's event-reduce.
 * Reading a large directory from IndexedDB takes a while (RxDB walks it with a cursor, and walks
 * it again after each batch a first pull writes), so the whole-directory query starts once the
 * first pull is over (or at once offline); until then the requested page is read with a live
 * indexed query that stops after the page: cards show at once, the count follows.
 */
import { useEffect, useMemo, useState } from 'react';
import type { MangoQuerySelector, MangoQuerySortPart } from 'rxdb';
import { asyncScheduler, throttleTime } from 'rxjs';
import { directoryCountries, selectPage } from '../domain/provider-filter';
import type { ProviderPage } from '../domain/provider-filter';
import type { Provider, ProviderFilter } from '../domain/provider';
import type { AppDatabase } from './database';
import { useOptionalDataLayer, usePublicReads } from './data-context';
import { providerAnswer, providerPageAnswer, shownDocument } from './public-reads';
import { browserOnline } from './use-online';

/** While replication brings many changes, the screen recomputes at most this often. */
const DIRECTORY_REFRESH_MS = 250;
/** If the first pull cannot finish (server unreachable), the directory is read anyway after this. */
const DIRECTORY_WAIT_MS = 5_000;
const LISTING_ORDER: MangoQuerySortPart<Provider>[] = [{ listOrder: 'asc' }, { id: 'asc' }];

/** The same filter as `matchesFilter`, as a query the storage can answer from its indexes. */
export function providerSelector(filter: ProviderFilter): MangoQuerySelector<Provider> {
  const selector: MangoQuerySelector<Provider> = { isVisible: { $eq: true } };
  if (filter.role) selector.role = { $eq: filter.role };
  if (filter.country) selector.country = { $eq: filter.country };
  if (filter.online !== undefined) selector.isOnline = { $eq: filter.online };
  if (filter.language) selector.languages = { $elemMatch: { $eq: filter.language } };
  return selector;
}

function directoryQuery(db: AppDatabase) {
  return db.providers.find({ selector: { isVisible: { $eq: true } }, sort: LISTING_ORDER });
}

function pageQuery(db: AppDatabase, filter: ProviderFilter, page: number, pageSize: number) {
  return db.providers.find({
    selector: providerSelector(filter),
    sort: LISTING_ORDER,
    skip: (page - 1) * pageSize,
    limit: pageSize,
  });
}

/** The document's data without copying it: screens never write through it. */
function toProvider(doc: { toJSON(): unknown }): Provider {
  return doc.toJSON() as Provider;
}

/** Every listed provider, in listing order, read once. */
export async function loadDirectory(db: AppDatabase): Promise<Provider[]> {
  return (await directoryQuery(db).exec()).map(toProvider);
}

/** One page of the listing read straight from the storage's index, without the total. */
export async function findPageOnly(
  db: AppDatabase,
  filter: ProviderFilter,
  page: number,
  pageSize: number,
): Promise<Provider[]> {
  return (await pageQuery(db, filter, page, pageSize).exec()).map(toProvider);
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

/**
 * The whole directory, kept current once `enabled`. `loaded` is false until the local database has
 * answered once.
 */
function useDirectory(enabled: boolean): DirectoryState {
  const db = useOptionalDataLayer()?.db;
  const [state, setState] = useState<DirectoryState>({ providers: [], loaded: false });
  useEffect(() => {
    if (!enabled || !db) return;
    const subscription = directoryQuery(db)
      .$.pipe(throttleTime(DIRECTORY_REFRESH_MS, asyncScheduler, { leading: true, trailing: true }))
      .subscribe((docs) => setState({ providers: docs.map(toProvider), loaded: true }));
    return () => subscription.unsubscribe();
  }, [db, enabled]);
  return state;
}

/** The requested page, live, read from the index while the whole directory is not in memory yet. */
function useFirstPage(
  filter: ProviderFilter,
  page: number,
  pageSize: number,
  needed: boolean,
): Provider[] | undefined {
  const db = useOptionalDataLayer()?.db;
  const [result, setResult] = useState<{ key: string; providers: Provider[] }>();
  const key = JSON.stringify([filter, page, pageSize]);
  useEffect(() => {
    if (!needed || !db) return;
    const subscription = pageQuery(db, filter, page, pageSize).$.subscribe((docs) =>
      setResult({ key, providers: docs.map(toProvider) }),
    );
    return () => subscription.unsubscribe();
  }, [db, filter, page, pageSize, key, needed]);
  return result?.key === key ? result.providers : undefined;
}

/**
 * True once the whole directory may be read: after the first pull, offline, or after a while when
 * the server's answer is not there to show meanwhile (a first pull arrives in batches: read before
 * its end, the list would change under the reader's finger as each batch lands).
 */
function useDirectoryReadable(firstPullDone: boolean, served: boolean): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), DIRECTORY_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  // Once read, it stays read: going back to the server's answer would stop following the directory.
  const [latched, setLatched] = useState(false);
  const readable = firstPullDone || (waited && !served) || !browserOnline();
  if (readable && !latched) setLatched(true);
  return readable || latched;
}

/** Resolves once the directory has been pulled from the server at least once. */
function useFirstPullDone(): boolean {
  const sync = useOptionalDataLayer()?.sync;
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!sync) return;
    let alive = true;
    void sync.providers.firstPull.then(() => alive && setDone(true));
    return () => {
      alive = false;
    };
  }, [sync]);
  return done;
}

export type ProviderPageState = {
  providers: Provider[];
  /** The exact number of matching providers, test profiles left out; undefined while it is being counted. */
  total: number | undefined;
  /** The number of providers listed under the filter, test profiles included (for the pages). */
  listed: number | undefined;
  countries: string[];
  status: 'loading' | 'ready';
};

/**
 * A page of the listing, the matching count and the countries to filter on, kept current as
 * replication brings changes. While the local directory is empty and its first pull has not
 * finished, the status stays `loading` rather than telling a first-time visitor "no results".
 */
export function useProviderPage(filter: ProviderFilter, page: number, pageSize: number): ProviderPageState {
  const served = usePublicReads().answer(`providers:${JSON.stringify([filter, page, pageSize])}`, (data) =>
    providerPageAnswer(data, filter, page, pageSize),
  );
  const firstPullDone = useFirstPullDone();
  const directory = useDirectory(useDirectoryReadable(firstPullDone, served !== undefined));
  const online = browserOnline();
  // Not while the server's page is shown instead: each batch a first pull writes would read it again.
  const firstPage = useFirstPage(filter, page, pageSize, !directory.loaded && !(served && online));
  const countries = useMemo(() => directoryCountries(directory.providers), [directory.providers]);
  const result = useMemo(
    () => selectPage(directory.providers, filter, page, pageSize),
    [directory.providers, filter, page, pageSize],
  );
  // The page the server rendered, until the offline store holds the whole directory (and has pulled
  // it once): its first page alone has no count, and the count and the pages would go and come back.
  const localEmpty = directory.providers.length === 0 && !firstPullDone;
  if (served && online && (!directory.loaded || localEmpty)) return { ...served, status: 'ready' };
  if (!directory.loaded) {
    const ready = firstPage !== undefined && (firstPage.length > 0 || firstPullDone || !online);
    return {
      providers: firstPage ?? [],
      total: undefined,
      listed: undefined,
      countries: served?.countries ?? countries,
      status: ready ? 'ready' : 'loading',
    };
  }
  const waiting = directory.providers.length === 0 && !firstPullDone && online;
  return { ...result, countries, status: waiting ? 'loading' : 'ready' };
}

/** Keeps the directory live (long-poll) while the calling screen is mounted. */
export function useLiveProviders() {
  const sync = useOptionalDataLayer()?.sync;
  useEffect(() => sync?.providers.hold(), [sync]);
}

export type ProviderState = { provider: Provider | undefined; status: 'loading' | 'ready' };

/**
 * One provider, by id or by the slug of its canonical URL, kept current (its online status
 * changes live). `ready` with no provider means it does not exist, once the directory has been
 * pulled (or at once offline).
 */
export function useProvider(key: { id: string } | { slug: string }): ProviderState {
  const db = useOptionalDataLayer()?.db;
  const id = 'id' in key ? key.id : undefined;
  const slug = 'slug' in key ? key.slug : undefined;
  const served = usePublicReads().answer(`provider:${id ?? ''}:${slug ?? ''}`, (data) =>
    providerAnswer(data, id ? { id } : { slug: slug ?? '' }),
  );
  const [found, setFound] = useState<{ key: string; provider: Provider | null }>();
  const pulled = useFirstPullDone();
  const current = `${id ?? ''}:${slug ?? ''}`;
  useEffect(() => {
    if (!db) return;
    const query = id
      ? db.providers.findOne(id)
      : db.providers.findOne({ selector: { slug: { $eq: slug ?? '' } } });
    const subscription = query.$.subscribe((doc) =>
      setFound({ key: current, provider: doc ? toProvider(doc) : null }),
    );
    return () => subscription.unsubscribe();
  }, [db, id, slug, current]);
  const local = found?.key === current ? found.provider : undefined;
  const { value, status } = shownDocument(local, served, pulled, browserOnline());
  return { provider: value, status };
}
