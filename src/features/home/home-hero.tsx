import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import type { MarketingStats } from '../../domain/config';
import { CALL_ATTEMPTS_BEFORE_REFUND, CALLBACK_TARGET_MINUTES } from '../../domain/constants';
import { ButtonLink } from '../../ui/button';
import { formatStats } from './figures';
import { Icon } from './icons';
import styles from './home-hero.module.css';

const PROMISES = ['verified', 'charged', 'refund'] as const;

/** The first screen: what the service does, the two calls, and the figures that back it. */
type Props = { stats: MarketingStats | undefined; pending: boolean };

export function HomeHero({ stats, pending }: Props) {
  const { t, i18n } = useTranslation();
  const figures = stats && formatStats(stats, i18n.language);
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={`container ${styles.grid}`}>
        <div className={styles.copy}>
          <p className={styles.badge}>
            <span className={styles.dot} aria-hidden="true" />
            {t('home.hero.badge')}
          </p>
          <h1 id="home-title" className={styles.title}>
            {t('home.hero.title')}
          </h1>
          <p className={styles.lead}>{t('home.hero.lead')}</p>
          <div className={styles.actions}>
            <ButtonLink to={pathOf('lawyerCall')} className={styles.cta}>
              <Icon name="phone" className={styles.ctaIcon} />
              {t('home.hero.lawyerCta')}
            </ButtonLink>
            <ButtonLink to={pathOf('expatCall')} variant="secondary" className={styles.cta}>
              {t('home.hero.expatCta')}
            </ButtonLink>
          </div>
          {pending && <p className={styles.trust} aria-hidden="true" />}
          {stats && figures && (
            <p className={styles.trust} data-trust>
              <span className={styles.trustRating}>
                <Icon name="star" className={styles.star} />
                {t('home.hero.trustRating', { rating: figures.rating })}
              </span>
              <span>{t('home.hero.trustReviews', { count: stats.reviews, reviews: figures.reviews })}</span>
              <span>
                {t('home.hero.trustCountries', { count: stats.countries, countries: figures.countries })}
              </span>
            </p>
          )}
        </div>
        <div className={styles.promise}>
          <p className={styles.promiseLabel}>{t('home.hero.promiseLabel')}</p>
          <p className={styles.promiseFigure}>
            {t('home.hero.promiseFigure', { minutes: CALLBACK_TARGET_MINUTES })}
          </p>
          <ul className={styles.promises}>
            {PROMISES.map((key) => (
              <li key={key}>
                <Icon name="check" className={styles.check} />
                {t(`home.hero.promises.${key}`, { attempts: CALL_ATTEMPTS_BEFORE_REFUND })}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

const STATS = ['countries', 'rating', 'reviews', 'expatsHelped', 'experts'] as const;

/**
 * The marketing figures of the `stats` configuration. Until it has been replicated the labels show
 * alone: no figure is ever written in the code.
 */
export function StatsStrip({ stats, pending }: Props) {
  const { t, i18n } = useTranslation();
  const figures = stats && formatStats(stats, i18n.language);
  return (
    <section className={`container ${styles.stats}`} aria-labelledby="home-stats-title">
      <h2 id="home-stats-title" className="visually-hidden">
        {t('home.stats.title')}
      </h2>
      <ul className={styles.statList}>
        {STATS.map((key) => (
          <li key={key} data-stat={key}>
            {pending && (
              <strong className={styles.figure} aria-hidden="true">
                {'\u00a0'}
              </strong>
            )}
            {figures && (
              <strong className={styles.figure}>
                {key === 'rating'
                  ? t('home.stats.outOfFive', { value: figures.rating })
                  : t('home.stats.atLeast', { value: figures[key] })}
              </strong>
            )}
            <span className={styles.statLabel}>{t(`home.stats.${key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
