/**
 * Testimonials from the replicated `content` collection: all languages (each is shown in the
 * language its author wrote it in), newest first, kept current.
 */
import { useEffect, useState } from 'react';
import type { ContentDoc } from '../domain/content';
import { contentIds } from '../domain/help-centre';
import { useDataLayer } from './data-context';

export type TestimonialsState = { testimonials: ContentDoc[]; status: 'loading' | 'ready' };

export function useTestimonials(): TestimonialsState {
  const { db, sync } = useDataLayer();
  const [docs, setDocs] = useState<ContentDoc[]>();
  const [pulled, setPulled] = useState(false);
  useEffect(() => {
    let alive = true;
    void sync.content.firstPull.then(() => alive && setPulled(true));
    const subscription = db.content
      .find({ selector: { type: { $eq: 'testimonial' } }, sort: [{ id: 'asc' }] })
      .$.subscribe((found) => {
        const list = found.map((doc) => doc.toJSON() as ContentDoc);
        setDocs(list.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '')));
      });
    return () => {
      alive = false;
      subscription.unsubscribe();
    };
  }, [db, sync]);
  const waiting = docs === undefined || (docs.length === 0 && !pulled && navigator.onLine);
  return { testimonials: docs ?? [], status: waiting ? 'loading' : 'ready' };
}

export function testimonialDocId(id: string): string {
  return contentIds.testimonial(id);
}
