// The newest reviews shown on each demo provider's profile: three to five per provider, written in
// a language the provider speaks (a client and a provider always share one), dated in the weeks
// before the seed. Deterministic per provider, like the rest of the demo directory.
import { contentIds } from '../../../src/domain/help-centre';
import { newestFirstKey } from '../../../src/domain/content';
import type { ContentDoc } from '../../../src/domain/content';
import type { Provider } from '../../../src/domain/provider';
import { createRng, hashString, itemAt } from './random';
import { REVIEW_TEXTS } from './review-texts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReviewSeedDoc = Omit<ContentDoc, 'id'> & { _id: string };

export function demoReviews(providers: readonly Provider[], now: Date): ReviewSeedDoc[] {
  const docs: ReviewSeedDoc[] = [];
  for (const provider of providers) {
    const rng = createRng(hashString(`reviews:${provider.id}`));
    const count = Math.min(provider.reviewCount, rng.int(3, 5));
    const used = new Set<string>();
    let daysAgo = rng.int(1, 6);
    for (let n = 0; n < count; n++) {
      const language = rng.pick(provider.languages);
      const pool = REVIEW_TEXTS[provider.role][language];
      let index = rng.int(0, pool.length - 1);
      while (used.has(`${language}:${index}`)) index = (index + 1) % pool.length;
      used.add(`${language}:${index}`);
      const review = itemAt(pool, index);
      const publishedAt = new Date(
        now.getTime() - daysAgo * DAY_MS - rng.int(0, 86_399) * 1000,
      ).toISOString();
      const id = `demo-${provider.id}-${n + 1}`;
      docs.push({
        _id: contentIds.review(id),
        type: 'review',
        language,
        providerId: provider.id,
        serviceType: provider.role,
        rating: review.rating,
        authorName: review.author,
        country: review.country,
        body: review.text,
        verified: true,
        publishedAt,
        group: provider.id,
        newestFirst: newestFirstKey(publishedAt),
        updatedAt: publishedAt,
      });
      daysAgo += rng.int(2, 21);
    }
  }
  return docs;
}
