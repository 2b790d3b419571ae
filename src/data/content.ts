/**
 * Editorial content (help articles, FAQ, legal pages, testimonials) from the replicated `content`
 * collection, in the reader's language, kept current.
 */
import { useEffect, useState } from 'react';
import type { ContentDoc } from '../domain/content';
import type { Language } from '../domain/languages';
import { useOptionalDataLayer, usePublicReads } from './data-context';
import { contentDocAnswer, contentOfTypeAnswer, shownDocument } from './public-reads';
import { browserOnline } from './use-online';

export type ContentState<T> = { value: T; status: 'loading' | 'ready' };

/** Every document of one type in one language, in their `order`. */
export function useContentOfType(type: ContentDoc['type'], language: Language): ContentState<ContentDoc[]> {
  const layer = useOptionalDataLayer();
  const served = usePublicReads().answer(`content:${type}:${language}`, (data) =>
    contentOfTypeAnswer(data, type, language),
  );
  const [local, setLocal] = useState<{ key: string; docs: ContentDoc[] }>();
  const [pulled, setPulled] = useState(false);
  const key = `${type}:${language}`;
  useEffect(() => {
    if (!layer) return;
    let alive = true;
    void layer.sync.content.in(language).readable.then(() => alive && setPulled(true));
    const subscription = layer.db.content
      .find({ selector: { type: { $eq: type }, language: { $eq: language } }, sort: [{ id: 'asc' }] })
      .$.subscribe((found) => {
        const list = found.map((doc) => doc.toJSON() as ContentDoc);
        setLocal({ key, docs: list.sort((a, b) => (a.order ?? 0) - (b.order ?? 0)) });
      });
    return () => {
      alive = false;
      subscription.unsubscribe();
    };
  }, [layer, type, language, key]);
  const docs = local?.key === key ? local.docs : undefined;
  // The offline store's list once it is whole (or cannot be completed now), else the server's.
  const settled = docs !== undefined && (pulled || !browserOnline());
  const shown = settled ? docs : (served ?? docs);
  const waiting =
    shown === undefined || (shown.length === 0 && served === undefined && !pulled && browserOnline());
  return { value: shown ?? [], status: waiting ? 'loading' : 'ready' };
}

/** One document by id (of `language`'s help texts), or undefined once it is known not to exist locally. */
export function useContentDoc(id: string, language: Language): ContentState<ContentDoc | undefined> {
  const layer = useOptionalDataLayer();
  const served = usePublicReads().answer(`content:${id}`, (data) => contentDocAnswer(data, id));
  const [local, setLocal] = useState<{ id: string; doc: ContentDoc | null }>();
  const [pulled, setPulled] = useState(false);
  useEffect(() => {
    if (!layer) return;
    let alive = true;
    // A document still missing after a failed first pull is reported as not available (not loading).
    void layer.sync.content.in(language).firstAttempt.then(() => alive && setPulled(true));
    const subscription = layer.db.content.findOne(id).$.subscribe((found) => {
      setLocal({ id, doc: found ? (found.toJSON() as ContentDoc) : null });
    });
    return () => {
      alive = false;
      subscription.unsubscribe();
    };
  }, [layer, id, language]);
  return shownDocument(local?.id === id ? local.doc : undefined, served, pulled, browserOnline());
}
