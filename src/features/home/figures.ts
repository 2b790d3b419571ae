/** Marketing figures from the `stats` configuration, written in the reader's language. */
import type { MarketingStats } from '../../domain/config';
import { formatNumber, formatRating } from '../../ui/intl';

export type StatsFigures = {
  countries: string;
  rating: string;
  reviews: string;
  expatsHelped: string;
  experts: string;
};

export function formatStats(stats: MarketingStats, locale: string): StatsFigures {
  return {
    countries: formatNumber(stats.countries, locale),
    rating: formatRating(stats.rating, locale),
    reviews: formatNumber(stats.reviews, locale),
    expatsHelped: formatNumber(stats.expatsHelped, locale),
    experts: formatNumber(stats.experts, locale),
  };
}
