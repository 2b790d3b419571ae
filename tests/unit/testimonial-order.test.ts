import { firstValueFrom } from 'rxjs';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDatabase } from '../../src/data/database';
import type { AppDatabase } from '../../src/data/database';
import { testimonialPage$ } from '../../src/data/testimonials';
import type { TestimonialQuery } from '../../src/data/testimonials';
import { contentGroup, newestFirstKey } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';
import type { Language } from '../../src/domain/languages';
import { readerFirstWindow, readerLanguageFirst } from '../../src/domain/reader-language-first';

let db: AppDatabase;

/** Testimonial `n` was published on day n (the higher, the newer), in a language, for a service. */
function testimonial(n: number, language: Language, serviceType: 'lawyer' | 'expat', title = ''): ContentDoc {
  const publishedAt = new Date(Date.UTC(2026, 0, n)).toISOString();
  return {
    id: `testimonial:t${n}`,
    type: 'testimonial',
    language,
    serviceType,
    title: title || `Testimonial ${n}`,
    publishedAt,
    group: contentGroup({ type: 'testimonial', serviceType }),
    newestFirst: newestFirstKey(publishedAt),
    updatedAt: publishedAt,
  };
}

// Days 1 to 12: fr, en, de, fr, en, de…; odd days lawyer, even days expat. Visa in days 3, 4, 5.
const LANGUAGE_OF = ['fr', 'en', 'de'] as const;
const docs = Array.from({ length: 12 }, (_, i) =>
  testimonial(i + 1, LANGUAGE_OF[i % 3]!, i % 2 === 0 ? 'lawyer' : 'expat', i >= 2 && i <= 4 ? 'Visa' : ''),
);

beforeAll(async () => {
  db = await createAppDatabase(getRxStorageMemory(), `testimonial-order-${Date.now()}`, {
    multiInstance: false,
  });
  await db.content.bulkInsert(docs);
});
afterAll(() => db.remove());

const page = async (query: Omit<TestimonialQuery, 'offset' | 'limit'> & Partial<TestimonialQuery>) => {
  const { items, total } = await firstValueFrom(testimonialPage$(db, { offset: 0, limit: 20, ...query }));
  return { days: items.map((doc) => Number(doc.id.replace('testimonial:t', ''))), total };
};

describe('the window of a page over "reader first, then the others"', () => {
  it('takes from the reader’s part, then from the others, across the boundary', () => {
    expect(readerFirstWindow(0, 9, 25)).toEqual({
      reader: { skip: 0, limit: 9 },
      others: { skip: 0, limit: 0 },
    });
    expect(readerFirstWindow(18, 9, 25)).toEqual({
      reader: { skip: 18, limit: 7 },
      others: { skip: 0, limit: 2 },
    });
    expect(readerFirstWindow(27, 9, 25)).toEqual({
      reader: { skip: 25, limit: 0 },
      others: { skip: 2, limit: 9 },
    });
    expect(readerFirstWindow(9, 9, 0)).toEqual({
      reader: { skip: 0, limit: 0 },
      others: { skip: 9, limit: 9 },
    });
  });

  it('puts the reader’s language first and keeps the order within each part', () => {
    const items = [
      { id: 1, language: 'fr' },
      { id: 2, language: 'en' },
      { id: 3, language: 'de' },
      { id: 4, language: 'en' },
    ];
    expect(readerLanguageFirst(items, 'en').map((item) => item.id)).toEqual([2, 4, 1, 3]);
  });
});

describe('a page of testimonials for a reader', () => {
  it('lists the reader’s language newest first, then every other language newest first', async () => {
    expect(await page({ readerLanguage: 'en' })).toEqual({
      days: [11, 8, 5, 2, 12, 10, 9, 7, 6, 4, 3, 1],
      total: 12,
    });
    expect((await page({ readerLanguage: 'de' })).days.slice(0, 5)).toEqual([12, 9, 6, 3, 11]);
  });

  it('pages across the boundary without losing or repeating any', async () => {
    const pages = await Promise.all(
      [0, 5, 10].map((offset) => page({ readerLanguage: 'en', offset, limit: 5 })),
    );
    expect(pages.map((p) => p.days)).toEqual([
      [11, 8, 5, 2, 12],
      [10, 9, 7, 6, 4],
      [3, 1],
    ]);
    expect(pages.every((p) => p.total === 12)).toBe(true);
  });

  it('keeps one service, its reader’s language first', async () => {
    expect(await page({ readerLanguage: 'en', serviceType: 'lawyer' })).toEqual({
      days: [11, 5, 9, 7, 3, 1],
      total: 6,
    });
  });

  it('keeps only the language chosen in the filter, with or without a service', async () => {
    expect(await page({ readerLanguage: 'en', language: 'de' })).toEqual({ days: [12, 9, 6, 3], total: 4 });
    expect(await page({ readerLanguage: 'en', language: 'de', serviceType: 'expat' })).toEqual({
      days: [12, 6],
      total: 2,
    });
    expect(await page({ readerLanguage: 'fr', language: 'de', offset: 2, limit: 1 })).toEqual({
      days: [6],
      total: 4,
    });
  });

  it('ranks search matches in the reader’s language first, and filters them by language too', async () => {
    expect(await page({ readerLanguage: 'en', search: 'visa' })).toEqual({ days: [5, 4, 3], total: 3 });
    expect(await page({ readerLanguage: 'en', search: 'visa', language: 'fr' })).toEqual({
      days: [4],
      total: 1,
    });
  });
});
