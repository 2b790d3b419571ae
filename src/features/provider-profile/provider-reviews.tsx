import { useTranslation } from 'react-i18next';
import { useProviderReviews } from '../../data/testimonials';
import { countryName } from '../../ui/intl';
import { Stars } from '../../ui/stars';
import styles from './provider-profile-page.module.css';

const SHOWN = 5;

/** The provider's newest published reviews, each in the language its client wrote it in. */
export function ProviderReviews({ providerId, reviewCount }: { providerId: string; reviewCount: number }) {
  const { t, i18n } = useTranslation();
  const { items, status } = useProviderReviews(providerId, SHOWN);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section className={styles.card} aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('profile.reviews')}</h2>
      {/* A new provider has no count to announce: only "no reviews yet" below. */}
      {reviewCount > 0 && (
        <p className={styles.reviewsCount}>{t('profile.reviewCount', { count: reviewCount })}</p>
      )}
      {status === 'ready' && items.length === 0 && <p>{t('profile.noReviews')}</p>}
      <ul className={styles.reviews}>
        {items.map((review) => (
          <li key={review.id} lang={review.language}>
            <div className={styles.reviewHead}>
              <Stars rating={review.rating ?? 0} />
              <span>
                <strong>{review.authorName}</strong>
                {review.country && ` · ${countryName(review.country, i18n.language)}`}
              </span>
              {review.publishedAt && (
                <time dateTime={review.publishedAt} lang={i18n.language}>
                  {date.format(new Date(review.publishedAt))}
                </time>
              )}
            </div>
            <p>{review.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
