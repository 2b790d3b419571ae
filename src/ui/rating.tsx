import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './rating.module.css';

/** Stars filled to the rating, with the figure and the review count beside them. */
export function Rating({ value, reviews }: { value: number; reviews: number }) {
  const { t, i18n } = useTranslation();
  const figure = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
  return (
    <span
      className={styles.rating}
      role="img"
      aria-label={t('rating.label', { rating: figure, count: reviews })}
    >
      <span
        className={styles.stars}
        aria-hidden="true"
        style={{ '--fill': `${(value / 5) * 100}%` } as CSSProperties}
      >
        ★★★★★
      </span>
      <strong aria-hidden="true">{figure}</strong>
      <span className={styles.reviews} aria-hidden="true">
        {t('rating.reviews', { count: reviews })}
      </span>
    </span>
  );
}
