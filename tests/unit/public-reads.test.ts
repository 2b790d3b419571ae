/**
 * The server renders public pages from plain arrays (src/data/public-reads.ts) and the browser
 * then reads the same lists from RxDB: both must give the same answer, or the page would change
 * under the reader once the offline store takes over. Each computation is checked against the
 * RxDB query of its hook, on the same documents.
 */
import { firstValueFrom } from 'rxjs';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyProviders } from '../../bench/bench-data';
import { createAppDatabase } from '../../src/data/database';
import type { AppDatabase } from '../../src/data/database';
import { findProviderPage } from '../../src/data/providers';
import {
  computingReads,
  contentOfTypeAnswer,
  providerAnswer,
  providerPageAnswer,
  providerReviewsAnswer,
  recordedReads,
  testimonialPageAnswer,
} from '../../src/data/public-reads';
import type { PublicData } from '../../src/data/public-reads';
import { findProviderReviews, testimonialPage$ } from '../../src/data/testimonials';
import { contentGroup, newestFirstKey } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';
import { LANGUAGES } from '../../src/domain/languages';

let db: AppDatabase;
let data: PublicData;

function content(id: string, type: ContentDoc['type'], index: number, extra: Partial<ContentDoc> = {}) {
  // Some share a date, so that the order between them is the id's.
  const publishedAt = new Date(Date.UTC(2026, 0, 1 + Math.floor(index / 2))).toISOString();
  const doc: ContentDoc = {
    id,
    type,
    language: LANGUAGES[index % LANGUAGES.length]!,
    publishedAt,
    title: `${type} ${index} ${index % 3 === 0 ? 'visa' : 'logement'}`,
    ...extra,
    group: '',
    newestFirst: newestFirstKey(publishedAt),
    updatedAt: publishedAt,
  };
  return { ...doc, group: contentGroup(doc) };
}

beforeAll(async () => {
  const providers = manyProviders(300);
  const docs: ContentDoc[] = [
    ...Array.from({ length: 60 }, (_, i) =>
      content(`testimonial:${i}`, 'testimonial', i, { serviceType: i % 3 ? 'lawyer' : 'expat' }),
    ),
    ...Array.from({ length: 40 }, (_, i) =>
      content(`review:${i}`, 'review', i, { providerId: providers[i % 4]!.id }),
    ),
    ...Array.from({ length: 20 }, (_, i) => content(`faq:${i}`, 'faq', i, { order: (i * 7) % 5 })),
  ];
  db = await createAppDatabase(getRxStorageMemory(), `public-reads-${Date.now()}`, { multiInstance: false });
  await db.providers.bulkInsert(providers);
  await db.content.bulkInsert(docs);
  data = { providers, content: docs, config: [] };
});
afterAll(() => db.remove());

const ids = (docs: readonly { id: string }[]) => docs.map((doc) => doc.id);

describe("the server's answers are RxDB's", () => {
  it('a page of the directory, its counts and countries, for several filters and pages', async () => {
    const filters = [{}, { role: 'lawyer' as const }, { online: true }, { language: 'de' as const }];
    for (const filter of filters) {
      for (const page of [1, 2, 7]) {
        const served = providerPageAnswer(data, filter, page, 12);
        const local = await findProviderPage(db, filter, page, 12);
        expect(ids(served.providers)).toEqual(ids(local.providers));
        expect([served.total, served.listed]).toEqual([local.total, local.listed]);
      }
    }
  });

  it('one provider by id or by slug, or none', async () => {
    const [first] = await db.providers.find({ limit: 1 }).exec();
    expect(providerAnswer(data, { id: first!.id })?.id).toBe(first!.id);
    expect(providerAnswer(data, { slug: first!.slug })?.id).toBe(first!.id);
    expect(providerAnswer(data, { slug: 'nobody' })).toBeNull();
  });

  it('testimonials, the reader’s language first, by service, language and search', async () => {
    const queries = [
      { readerLanguage: 'fr' as const, offset: 0, limit: 9 },
      { readerLanguage: 'de' as const, offset: 9, limit: 9 },
      { readerLanguage: 'en' as const, serviceType: 'lawyer' as const, offset: 3, limit: 6 },
      { readerLanguage: 'fr' as const, language: 'es' as const, offset: 0, limit: 5 },
      { readerLanguage: 'ru' as const, search: 'visa', offset: 0, limit: 9 },
    ];
    for (const query of queries) {
      const served = testimonialPageAnswer(data, query);
      const local = await firstValueFrom(testimonialPage$(db, query));
      expect(ids(served.items)).toEqual(ids(local.items));
      expect(served.total).toBe(local.total);
    }
  });

  it("a provider's newest reviews", async () => {
    const providerId = data.providers[1]!.id;
    const local = await findProviderReviews(db, providerId, 5).exec();
    expect(ids(providerReviewsAnswer(data, providerId, 5).items)).toEqual(ids(local));
  });

  it('content of one type and language in its order', async () => {
    const local = await db.content
      .find({ selector: { type: { $eq: 'faq' }, language: { $eq: 'fr' } }, sort: [{ id: 'asc' }] })
      .exec();
    const expected = local
      .map((doc) => doc.toJSON() as ContentDoc)
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    expect(ids(contentOfTypeAnswer(data, 'faq', 'fr'))).toEqual(ids(expected));
  });
});

describe('answers travel with the page', () => {
  it('the browser gets back exactly what the server recorded, and nothing for other keys', () => {
    const server = computingReads(data);
    const page = server.answer('providers:first', (all) => providerPageAnswer(all, {}, 1, 12));
    const browser = recordedReads(JSON.parse(JSON.stringify(server.answers)) as Record<string, unknown>);
    expect(browser.answer('providers:first', () => undefined)).toEqual(page);
    expect(browser.answer('providers:other', () => providerPageAnswer(data, {}, 2, 12))).toBeUndefined();
  });
});
