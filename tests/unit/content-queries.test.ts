import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDatabase } from '../../src/data/database';
import type { AppDatabase } from '../../src/data/database';
import { findProviderReviews, testimonialQuery } from '../../src/data/testimonials';
import { contentGroup, newestFirstKey } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';

let db: AppDatabase;

function doc(
  id: string,
  type: 'testimonial' | 'review',
  day: number,
  extra: Partial<ContentDoc> = {},
): ContentDoc {
  const publishedAt = new Date(Date.UTC(2026, 0, day)).toISOString();
  return {
    id: `${type}:${id}`,
    type,
    language: 'fr',
    publishedAt,
    ...extra,
    group: contentGroup({ type, ...extra }),
    newestFirst: newestFirstKey(publishedAt),
    updatedAt: publishedAt,
  };
}

beforeAll(async () => {
  db = await createAppDatabase(getRxStorageMemory(), `content-queries-${Date.now()}`, {
    multiInstance: false,
  });
  await db.content.bulkInsert([
    ...Array.from({ length: 25 }, (_, i) =>
      doc(`t${i}`, 'testimonial', i + 1, { serviceType: i % 2 ? 'lawyer' : 'expat' }),
    ),
    ...Array.from({ length: 8 }, (_, i) =>
      doc(`r${i}`, 'review', i + 1, { providerId: i < 6 ? 'p1' : 'p2' }),
    ),
    {
      id: 'faq:fr:a',
      type: 'faq',
      language: 'fr',
      group: '',
      newestFirst: newestFirstKey(undefined),
      updatedAt: '2026-01-01',
    },
  ]);
});
afterAll(() => db.remove());

const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

describe('testimonial and review pages read from the newest-first indexes', () => {
  it('pages testimonials newest first, with the total, for all services or one', async () => {
    const all = testimonialQuery(undefined);
    expect(await db.content.count(all).exec()).toBe(25);
    const second = await db.content.find({ ...all, skip: 9, limit: 9 }).exec();
    expect(ids(second)).toEqual(Array.from({ length: 9 }, (_, i) => `testimonial:t${24 - 9 - i}`));

    const lawyers = testimonialQuery('lawyer');
    expect(await db.content.count(lawyers).exec()).toBe(12);
    const first = await db.content.find({ ...lawyers, limit: 3 }).exec();
    expect(ids(first)).toEqual(['testimonial:t23', 'testimonial:t21', 'testimonial:t19']);
  });

  it("reads a provider's newest reviews only", async () => {
    const reviews = await findProviderReviews(db, 'p1', 5).exec();
    expect(ids(reviews)).toEqual(['review:r5', 'review:r4', 'review:r3', 'review:r2', 'review:r1']);
    expect(ids(await findProviderReviews(db, 'p2', 5).exec())).toEqual(['review:r7', 'review:r6']);
  });

  it('keys undated documents after every dated one', () => {
    expect(newestFirstKey('2026-01-02T00:00:00Z')).toBeLessThan(newestFirstKey('2026-01-01T00:00:00Z'));
    expect(newestFirstKey(undefined)).toBeGreaterThan(newestFirstKey('1970-01-02T00:00:00Z'));
  });
});
