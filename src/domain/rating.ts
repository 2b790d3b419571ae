/**
 * How a provider's rating is shown: one rule for every screen that shows one (directory card,
 * profile, registration preview, the provider's dashboard). A provider nobody has reviewed yet is
 * stored with the spec's default (`NEW_PROVIDER_RATING`, which places them in the listing order)
 * but is shown as new, never as a score earned from nobody; from the first review on, the average
 * to one decimal and the number of reviews.
 */

/** A review gives 1 to 5 stars, so an average of reviews lies between them too. */
const LOWEST_REVIEW = 1;
const HIGHEST_REVIEW = 5;

export type RatingView = { kind: 'new' } | { kind: 'rated'; average: number; reviews: number };

export function ratingView({ rating, reviewCount }: { rating: number; reviewCount: number }): RatingView {
  if (!(reviewCount > 0)) return { kind: 'new' };
  const tenths = Math.round((Number.isFinite(rating) ? rating : HIGHEST_REVIEW) * 10) / 10;
  return {
    kind: 'rated',
    average: Math.min(HIGHEST_REVIEW, Math.max(LOWEST_REVIEW, tenths)),
    reviews: reviewCount,
  };
}
