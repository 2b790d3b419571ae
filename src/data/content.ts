/**
 * Editorial content (help articles, FAQ, legal pages, testimonials) from the replicated `content`
 * collection, in the reader's language, kept current.
 */
import { useEffect, useState } from 'react';
import type { ContentDoc } from '../domain/content';
import type { Language } from '../domain/languages';
import { useDataLayer } from './data-context';

export type ContentState<T> = { value: T; status: 'loading' | 'ready' };

/** Every document of one type in one language, in their `order`. */
export function useContentOfType(type: ContentDoc['type'], language: Language): ContentState<ContentDoc[]> {
  const { db, sync } = useDataLayer();
  const [docs, setDocs] = useState<ContentDoc[] | undefined>(undefined);
  const [pulled, setPulled] = useState(false);
  useEffect(() => {
    let alive = true;
    void sync.content.firstPull.then(() => alive && setPulled(true));
    const subscription = db.content
      .find({ selector: { type: { $eq: type }, language: { $eq: language } }, sort: [{ id: 'asc' }] })
      .$.subscribe((found) => {
        const list = found.map((doc) => doc.toJSON() as ContentDoc);
        setDocs(list.sort((a, b) => (a.order ?? 0) - (b.order ?? 0)));
      });
    return () => {
      alive = false;
      subscription.unsubscribe();
    };
  }, [db, sync, type, language]);
  const waiting = docs === undefined || (docs.length === 0 && !pulled && navigator.onLine);
  return { value: docs ?? [], status: waiting ? 'loading' : 'ready' };
}

/** One document by id, or undefined once it is known not to exist locally. */
export function useContentDoc(id: string): ContentState<ContentDoc | undefined> {
  const { db, sync } = useDataLayer();
  const [doc, setDoc] = useState<ContentDoc | null | undefined>(undefined);
  const [pulled, setPulled] = useState(false);
  useEffect(() => {
    let alive = true;
    // A document still missing after a failed first pull is reported as not available (not loading).
    void sync.content.firstAttempt.then(() => alive && setPulled(true));
    const subscription = db.content.findOne(id).$.subscribe((found) => {
      setDoc(found ? (found.toJSON() as ContentDoc) : null);
    });
    return () => {
      alive = false;
      subscription.unsubscribe();
    };
  }, [db, sync, id]);
  const waiting = doc === undefined || (doc === null && !pulled && navigator.onLine);
  return { value: doc ?? undefined, status: waiting ? 'loading' : 'ready' };
}
