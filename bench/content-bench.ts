/**
 * Testimonials and reviews as the screens read them: N testimonials and M reviews in RxDB (memory
 * storage, which keeps real sorted indexes), then pages of the testimonial list and a provider's
 * newest reviews read from the `newestFirst` indexes, against reading every testimonial and sorting
 * it in memory (what a component filtering an array would do).
 */
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { createAppDatabase } from '../src/data/database';
import { findProviderReviews, testimonialQuery } from '../src/data/testimonials';
import { contentGroup, newestFirstKey } from '../src/domain/content';
import type { ContentDoc } from '../src/domain/content';
import { LANGUAGES } from '../src/domain/languages';
import type { Percentiles } from './query-bench';
import { percentiles } from './query-bench';

const PAGE = 9;

function contentDocs(testimonials: number, reviews: number, providers: number): ContentDoc[] {
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  const doc = (i: number, type: 'testimonial' | 'review'): ContentDoc => {
    const publishedAt = new Date(start + ((i * 7919) % 90_000) * 600_000).toISOString();
    const serviceType = i % 3 === 0 ? 'lawyer' : 'expat';
    const providerId = type === 'review' ? `provider-${i % providers}` : undefined;
    return {
      id: `${type}:bench-${i}`,
      type,
      language: LANGUAGES[i % LANGUAGES.length]!,
      serviceType,
      group: contentGroup({ type, serviceType, providerId }),
      country: 'TH',
      rating: 4 + (i % 2),
      authorName: `Client ${i}`,
      title: `Title ${i}`,
      body: 'A clear answer within minutes, in my language, and the advice worked. '.repeat(3),
      publishedAt,
      newestFirst: newestFirstKey(publishedAt),
      updatedAt: publishedAt,
      ...(providerId ? { providerId } : {}),
    };
  };
  return [
    ...Array.from({ length: testimonials }, (_, i) => doc(i, 'testimonial')),
    ...Array.from({ length: reviews }, (_, i) => doc(i, 'review')),
  ];
}

export type ContentBench = { indexedPage: Percentiles; sortedInMemory: Percentiles; reviews: Percentiles };

export async function benchContent(
  testimonials = 1000,
  reviews = 20_000,
  providers = 10_000,
): Promise<ContentBench> {
  const db = await createAppDatabase(getRxStorageMemory(), `bench-content-${Date.now()}`, {
    multiInstance: false,
  });
  await db.content.bulkInsert(contentDocs(testimonials, reviews, providers));
  const indexed: number[] = [];
  const sorted: number[] = [];
  const perProvider: number[] = [];
  const pages = Math.ceil(testimonials / PAGE);
  for (let run = 0; run < 60; run++) {
    const serviceType = ([undefined, 'lawyer', 'expat'] as const)[run % 3];
    const page = (run * 7) % pages;
    const base = testimonialQuery(serviceType);

    let started = performance.now();
    await Promise.all([
      db.content.find({ ...base, skip: page * PAGE, limit: PAGE }).exec(),
      db.content.count(base).exec(),
    ]);
    indexed.push(performance.now() - started);

    started = performance.now();
    const all = (await db.content.find({ selector: { type: { $eq: 'testimonial' } } }).exec()).map(
      (d) => d.toJSON() as ContentDoc,
    );
    const matching = all
      .filter((d) => !serviceType || d.serviceType === serviceType)
      .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
    matching.slice(page * PAGE, (page + 1) * PAGE);
    sorted.push(performance.now() - started);

    started = performance.now();
    await findProviderReviews(db, `provider-${(run * 131) % providers}`, 5).exec();
    perProvider.push(performance.now() - started);
  }
  await db.remove();
  return {
    indexedPage: percentiles(indexed),
    sortedInMemory: percentiles(sorted),
    reviews: percentiles(perProvider),
  };
}
