/** Marketing figures from the `stats` configuration, written in the reader's language. */
import type { MarketingStats } from '../../domain/config';
import { formatRating, numberFormat } from '../../ui/intl';

export type StatsFigures = {
  countries: string;
  rating: string;
  reviews: string;
  expatsHelped: string;
  experts: string;
};

export function formatStats(stats: MarketingStats, locale: string): StatsFigures {
  const whole = numberFormat(locale);
  return {
    countries: whole.format(stats.countries),
    rating: formatRating(stats.rating, locale),
    reviews: whole.format(stats.reviews),
    expatsHelped: whole.format(stats.expatsHelped),
    experts: whole.format(stats.experts),
  };
}
