/**
 * Testimonials and provider reviews from the replicated `content` collection, newest first, read a
 * page at a time from the `newestFirst` indexes (so a list stays fast with thousands of them) and
 * kept current. Each is shown in the language its author wrote it in; a list of testimonials gives
 * the reader's language first, then the others (reader-language-first.ts), or one language only
 * when the reader chose one.
 */
import { useEffect, useState } from 'react';
import { combineLatest, distinctUntilChanged, firstValueFrom, map, of, switchMap } from 'rxjs';
import type { Observable } from 'rxjs';
import type { MangoQuery } from 'rxdb';
import type { ContentDoc } from '../domain/content';
import type { Language } from '../domain/languages';
import { readerFirstWindow, readerLanguageFirst } from '../domain/reader-language-first';
import type { Slice } from '../domain/reader-language-first';
import { searchContent } from '../domain/search';
import type { AppDatabase } from './database';
import { useDataLayer, useOptionalDataLayer, usePublicReads } from './data-context';
import { providerReviewsAnswer, testimonialPageAnswer } from './public-reads';
import type { ListAnswer } from './public-reads';
import { browserOnline } from './use-online';

export type ServiceType = NonNullable<ContentDoc['serviceType']>;

export type TestimonialQuery = {
  serviceType?: ServiceType;
  /** Only the testimonials written in this language; undefined for every language. */
  language?: Language;
  /** The reader's language: with every language listed, its testimonials come first. */
  readerLanguage: Language;
  /** Words to search for (accents and case ignored); empty for all. */
  search?: string;
  offset: number;
  limit: number;
};

export type ListState = {
  items: ContentDoc[];
  /** How many match in all. */
  total: number;
  status: 'loading' | 'ready';
};

type Page = { items: ContentDoc[]; total: number };

const toDoc = (doc: { toJSON(): unknown }) => doc.toJSON() as ContentDoc;

/** Which languages a query keeps: one, or every one but one (the reader's, listed apart). */
export type LanguageChoice = { only: Language } | { except: Language };

/**
 * Testimonials of one service (or all), of one language, all but one, or all, newest first, from the
 * index that serves it: a language to keep is part of the index; one to leave out is filtered while
 * reading the service's index, which stops once the page is full.
 */
export function testimonialQuery(
  serviceType: ServiceType | undefined,
  languages?: LanguageChoice,
): MangoQuery<ContentDoc> {
  const language = languages && ('only' in languages ? { $eq: languages.only } : { $ne: languages.except });
  const only = languages && 'only' in languages;
  const selector = {
    type: { $eq: 'testimonial' as const },
    ...(serviceType ? { group: { $eq: serviceType } } : {}),
    ...(language ? { language } : {}),
  };
  const index = [
    'type',
    ...(serviceType ? ['group'] : []),
    ...(only ? ['language'] : []),
    'newestFirst',
    'id',
  ];
  return { selector, sort: [{ newestFirst: 'asc' }, { id: 'asc' }], index };
}

function slice(db: AppDatabase, query: MangoQuery<ContentDoc>, { skip, limit }: Slice) {
  return limit > 0
    ? db.content.find({ ...query, skip, limit }).$.pipe(map((docs) => docs.map(toDoc)))
    : of([]);
}

/**
 * A page of testimonials and the number matching, kept current. Without search words, each part is
 * paged and counted from its index; a search reads the service's testimonials once and ranks them.
 */
export function testimonialPage$(db: AppDatabase, query: TestimonialQuery): Observable<Page> {
  const { serviceType, language, readerLanguage, offset, limit } = query;
  const words = (query.search ?? '').trim();
  const chosen = testimonialQuery(serviceType, language && { only: language });
  if (words) {
    return db.content.find(chosen).$.pipe(
      map((docs) => {
        const matches = readerLanguageFirst(searchContent(docs.map(toDoc), words), readerLanguage);
        return { items: matches.slice(offset, offset + limit), total: matches.length };
      }),
    );
  }
  if (language) {
    return combineLatest([slice(db, chosen, { skip: offset, limit }), db.content.count(chosen).$]).pipe(
      map(([items, total]) => ({ items, total })),
    );
  }
  const readers = testimonialQuery(serviceType, { only: readerLanguage });
  const others = testimonialQuery(serviceType, { except: readerLanguage });
  return combineLatest([db.content.count(readers).$, db.content.count(chosen).$]).pipe(
    distinctUntilChanged((a, b) => a[0] === b[0] && a[1] === b[1]),
    switchMap(([readerTotal, total]) => {
      const window = readerFirstWindow(offset, limit, readerTotal);
      return combineLatest([slice(db, readers, window.reader), slice(db, others, window.others)]).pipe(
        map(([first, then]) => ({ items: [...first, ...then], total })),
      );
    }),
  );
}

/** Whether `content` may be listed as it is locally (see `readable`): until then it may be partial. */
function useContentPulled(): boolean {
  const sync = useOptionalDataLayer()?.sync;
  const [pulled, setPulled] = useState(false);
  useEffect(() => {
    if (!sync) return;
    let alive = true;
    void sync.content.current().readable.then(() => alive && setPulled(true));
    return () => {
      alive = false;
    };
  }, [sync]);
  return pulled;
}

function settle(
  items: ContentDoc[] | undefined,
  total: number,
  pulled: boolean,
  served: ListAnswer | undefined,
): ListState {
  // The offline store's list once it is whole (or cannot be completed now), else the server's.
  const online = browserOnline();
  const waiting = items === undefined || (!pulled && online);
  if (served && waiting) return { ...served, status: 'ready' };
  return { items: items ?? [], total, status: waiting ? 'loading' : 'ready' };
}

/** `testimonialPage$` for a screen: the page, and whether it is still awaited. */
export function useTestimonialPage(query: TestimonialQuery): ListState {
  const db = useOptionalDataLayer()?.db;
  const pulled = useContentPulled();
  const [result, setResult] = useState<Page & { key: string }>();
  const { serviceType, language, readerLanguage, search = '', offset, limit } = query;
  const key = JSON.stringify([serviceType, language, readerLanguage, search.trim(), offset, limit]);
  const served = usePublicReads().answer(`testimonials:${key}`, (data) =>
    testimonialPageAnswer(data, { serviceType, language, readerLanguage, search, offset, limit }),
  );
  useEffect(() => {
    if (!db) return;
    const subscription = testimonialPage$(db, {
      serviceType,
      language,
      readerLanguage,
      search,
      offset,
      limit,
    }).subscribe((page) => setResult({ key, ...page }));
    return () => subscription.unsubscribe();
  }, [db, serviceType, language, readerLanguage, search, offset, limit, key]);
  const current = result?.key === key ? result : undefined;
  return settle(current?.items, current?.total ?? 0, pulled, served);
}

/**
 * One testimonial and up to `others` other testimonials of the same service, newest first, those in
 * the reader's language first.
 */
export function useTestimonial(
  id: string,
  others: number,
  readerLanguage: Language,
): { testimonial?: ContentDoc; others: ContentDoc[]; status: 'loading' | 'ready' } {
  const { db } = useDataLayer();
  const pulled = useContentPulled();
  const [state, setState] = useState<{ id: string; doc: ContentDoc | null; others: ContentDoc[] }>();
  useEffect(() => {
    const subscription = db.content.findOne(id).$.subscribe((found) => {
      const doc = found ? toDoc(found) : null;
      if (!doc) {
        setState({ id, doc, others: [] });
        return;
      }
      const page = { serviceType: doc.serviceType, readerLanguage, offset: 0, limit: others + 1 };
      void firstValueFrom(testimonialPage$(db, page)).then(({ items }) =>
        setState({
          id,
          doc,
          others: items.filter((item) => item.id !== id).slice(0, others),
        }),
      );
    });
    return () => subscription.unsubscribe();
  }, [db, id, others, readerLanguage]);
  const current = state?.id === id ? state : undefined;
  const waiting = current === undefined || (current.doc === null && !pulled && browserOnline());
  return {
    testimonial: current?.doc ?? undefined,
    others: current?.others ?? [],
    status: waiting ? 'loading' : 'ready',
  };
}

/** The newest published reviews of a provider, from its own index. */
export function findProviderReviews(db: AppDatabase, providerId: string, limit: number) {
  return db.content.find({
    selector: { type: { $eq: 'review' }, group: { $eq: providerId } },
    sort: [{ newestFirst: 'asc' }, { id: 'asc' }],
    index: ['type', 'group', 'newestFirst', 'id'],
    limit,
  });
}

export function useProviderReviews(providerId: string, limit: number): ListState {
  const db = useOptionalDataLayer()?.db;
  const pulled = useContentPulled();
  const [result, setResult] = useState<{ key: string; items: ContentDoc[] }>();
  const key = `${providerId}:${limit}`;
  const served = usePublicReads().answer(`reviews:${key}`, (data) =>
    providerReviewsAnswer(data, providerId, limit),
  );
  useEffect(() => {
    if (!db) return;
    const subscription = findProviderReviews(db, providerId, limit).$.subscribe((docs) =>
      setResult({ key, items: docs.map(toDoc) }),
    );
    return () => subscription.unsubscribe();
  }, [db, providerId, limit, key]);
  const items = result?.key === key ? result.items : undefined;
  return settle(items, items?.length ?? 0, pulled, served);
}
