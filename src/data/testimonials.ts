/**
 * Testimonials and provider reviews from the replicated `content` collection, newest first, read a
 * page at a time from the `newestFirst` indexes (so a list stays fast with thousands of them) and
 * kept current. Each is shown in the language its author wrote it in.
 */
import { useEffect, useState } from 'react';
import { combineLatest } from 'rxjs';
import type { MangoQuery } from 'rxdb';
import type { ContentDoc } from '../domain/content';
import { searchContent } from '../domain/search';
import type { AppDatabase } from './database';
import { useDataLayer } from './data-context';

export type ServiceType = NonNullable<ContentDoc['serviceType']>;

export type TestimonialQuery = {
  serviceType?: ServiceType;
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

const toDoc = (doc: { toJSON(): unknown }) => doc.toJSON() as ContentDoc;

/** Testimonials of one service (or all), newest first, straight from the matching index. */
export function testimonialQuery(serviceType: ServiceType | undefined): MangoQuery<ContentDoc> {
  return serviceType
    ? {
        selector: { type: { $eq: 'testimonial' }, group: { $eq: serviceType } },
        sort: [{ newestFirst: 'asc' }, { id: 'asc' }],
        index: ['type', 'group', 'newestFirst', 'id'],
      }
    : {
        selector: { type: { $eq: 'testimonial' } },
        sort: [{ newestFirst: 'asc' }, { id: 'asc' }],
        index: ['type', 'newestFirst', 'id'],
      };
}

/** Resolves once `content` has been pulled once (or has failed to): until then "none" may be wrong. */
function useContentPulled(): boolean {
  const { sync } = useDataLayer();
  const [pulled, setPulled] = useState(false);
  useEffect(() => {
    let alive = true;
    void sync.content.firstPull.then(() => alive && setPulled(true));
    return () => {
      alive = false;
    };
  }, [sync]);
  return pulled;
}

function settle(items: ContentDoc[] | undefined, total: number, pulled: boolean): ListState {
  const waiting = items === undefined || (total === 0 && !pulled && navigator.onLine);
  return { items: items ?? [], total, status: waiting ? 'loading' : 'ready' };
}

/**
 * A page of testimonials and the number matching. Without search words, the page and the count are
 * read from the index; a search reads the service's testimonials once and ranks the matches.
 */
export function useTestimonialPage({ serviceType, search = '', offset, limit }: TestimonialQuery): ListState {
  const { db } = useDataLayer();
  const pulled = useContentPulled();
  const [result, setResult] = useState<{ key: string; items: ContentDoc[]; total: number }>();
  const key = JSON.stringify([serviceType, search.trim(), offset, limit]);
  useEffect(() => {
    const base = testimonialQuery(serviceType);
    const words = search.trim();
    const subscription = words
      ? db.content.find(base).$.subscribe((docs) => {
          const matches = searchContent(docs.map(toDoc), words);
          setResult({ key, items: matches.slice(offset, offset + limit), total: matches.length });
        })
      : combineLatest([
          db.content.find({ ...base, skip: offset, limit }).$,
          db.content.count(base).$,
        ]).subscribe(([docs, total]) => setResult({ key, items: docs.map(toDoc), total }));
    return () => subscription.unsubscribe();
  }, [db, serviceType, search, offset, limit, key]);
  const current = result?.key === key ? result : undefined;
  return settle(current?.items, current?.total ?? 0, pulled);
}

/** One testimonial and up to `others` other testimonials of the same service, newest first. */
export function useTestimonial(
  id: string,
  others: number,
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
      void db.content
        .find({ ...testimonialQuery(doc.serviceType), limit: others + 1 })
        .exec()
        .then((docs) =>
          setState({
            id,
            doc,
            others: docs
              .map(toDoc)
              .filter((item) => item.id !== id)
              .slice(0, others),
          }),
        );
    });
    return () => subscription.unsubscribe();
  }, [db, id, others]);
  const current = state?.id === id ? state : undefined;
  const waiting = current === undefined || (current.doc === null && !pulled && navigator.onLine);
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
  const { db } = useDataLayer();
  const pulled = useContentPulled();
  const [result, setResult] = useState<{ key: string; items: ContentDoc[] }>();
  const key = `${providerId}:${limit}`;
  useEffect(() => {
    const subscription = findProviderReviews(db, providerId, limit).$.subscribe((docs) =>
      setResult({ key, items: docs.map(toDoc) }),
    );
    return () => subscription.unsubscribe();
  }, [db, providerId, limit, key]);
  const items = result?.key === key ? result.items : undefined;
  return settle(items, items?.length ?? 0, pulled);
}
