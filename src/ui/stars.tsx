import { useTranslation } from 'react-i18next';
import styles from './stars.module.css';

/** A rating as five stars, read out as "4 stars out of 5". */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const full = Math.round(rating);
  return (
    <span className={styles.stars} role="img" aria-label={t('testimonials.stars', { rating })}>
      {'★'.repeat(full)}
      <span className={styles.off}>{'★'.repeat(5 - full)}</span>
    </span>
  );
}
