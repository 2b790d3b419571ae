import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ratingView } from '../domain/rating';
import { formatRating } from './intl';
import styles from './rating.module.css';

/**
 * A provider's rating as `ratingView` says: "New" for a provider nobody has reviewed yet, else
 * stars filled to the average, with the figure and the review count beside them.
 */
export function Rating({ value, reviews }: { value: number; reviews: number }) {
  const { t, i18n } = useTranslation();
  const view = ratingView({ rating: value, reviewCount: reviews });
  if (view.kind === 'new') {
    return (
      <span className={styles.rating} role="img" aria-label={t('rating.newLabel')}>
        <span className={styles.new} aria-hidden="true">
          {t('rating.new')}
        </span>
      </span>
    );
  }
  const figure = formatRating(view.average, i18n.language);
  return (
    <span
      className={styles.rating}
      role="img"
      aria-label={t('rating.label', { rating: figure, count: view.reviews })}
    >
      <span
        className={styles.stars}
        aria-hidden="true"
        style={{ '--fill': `${(view.average / 5) * 100}%` } as CSSProperties}
      >
        ★★★★★
      </span>
      <strong aria-hidden="true">{figure}</strong>
      <span className={styles.reviews} aria-hidden="true">
        {t('rating.reviews', { count: view.reviews })}
      </span>
    </span>
  );
}
