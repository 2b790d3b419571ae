import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf, testimonialPath } from '../../config/paths';
import { useContentOfType } from '../../data/content';
import { useTestimonialPage } from '../../data/testimonials';
import type { MarketingStats } from '../../domain/config';
import type { ContentDoc } from '../../domain/content';
import { resolveLanguage } from '../../domain/languages';
import { countryName } from '../../ui/intl';
import { RichText } from '../../ui/rich-text';
import { Stars } from '../../ui/stars';
import { formatStats } from './figures';
import { Icon } from './icons';
import { SectionHead } from './section-head';
import pageStyles from './home-page.module.css';
import styles from './home-community.module.css';

const TESTIMONIALS_SHOWN = 3;
const FAQ_SHOWN = 5;

/**
 * The newest testimonials, those in the reader's language first (each shown in its author's
 * language), under the rating of the `stats` config.
 */
export function HomeTestimonials({ stats }: { stats: MarketingStats | undefined }) {
  const { t, i18n } = useTranslation();
  const { items: testimonials, status } = useTestimonialPage({
    readerLanguage: resolveLanguage(i18n.language),
    offset: 0,
    limit: TESTIMONIALS_SHOWN,
  });
  const figures = stats && formatStats(stats, i18n.language);
  const intro =
    stats && figures
      ? t('home.testimonials.rated', {
          count: stats.reviews,
          rating: figures.rating,
          reviews: figures.reviews,
        })
      : t('home.testimonials.intro');
  return (
    <section className={pageStyles.section} aria-labelledby="home-testimonials-title">
      <div className="container">
        <SectionHead id="home-testimonials-title" title={t('home.testimonials.title')} intro={intro}>
          <Link to={pathOf('testimonials')} className={pageStyles.link}>
            {t('home.testimonials.seeAll')}
            <Icon name="arrow" />
          </Link>
        </SectionHead>
        {status === 'ready' && testimonials.length === 0 ? (
          <p className={styles.unavailable}>{t('content.unavailable')}</p>
        ) : (
          <ul className={styles.quotes} aria-busy={status === 'loading'}>
            {status === 'loading'
              ? Array.from({ length: TESTIMONIALS_SHOWN }, (_, i) => (
                  <li key={i} className={styles.placeholder} />
                ))
              : testimonials.map((testimonial) => (
                  <li key={testimonial.id}>
                    <Quote testimonial={testimonial} />
                  </li>
                ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Quote({ testimonial }: { testimonial: ContentDoc }) {
  const { t, i18n } = useTranslation();
  const service = testimonial.serviceType === 'lawyer' ? 'lawyer' : 'expat';
  return (
    <article className={styles.quote} lang={testimonial.language}>
      <Stars rating={testimonial.rating ?? 5} />
      <h3 className={styles.quoteTitle}>
        <Link to={testimonialPath(testimonial)}>{testimonial.title}</Link>
      </h3>
      <p className={styles.comment}>{testimonial.body}</p>
      <p className={styles.author} lang={i18n.language}>
        <strong lang={testimonial.language}>{testimonial.authorName}</strong>
        <br />
        {t(`testimonials.service.${service}`)}
        {testimonial.country && ` · ${countryName(testimonial.country, i18n.language)}`}
      </p>
    </article>
  );
}

/** The first questions of the FAQ, in the interface language, with a link to all of them. */
export function HomeFaq() {
  const { t, i18n } = useTranslation();
  const { value: entries, status } = useContentOfType('faq', resolveLanguage(i18n.language));
  return (
    <section className={`${pageStyles.section} ${pageStyles.white}`} aria-labelledby="home-faq-title">
      <div className={`container ${styles.faq}`}>
        <SectionHead id="home-faq-title" title={t('home.faq.title')} intro={t('home.faq.intro')}>
          <Link to={pathOf('faq')} className={pageStyles.link}>
            {t('home.faq.seeAll')}
            <Icon name="arrow" />
          </Link>
        </SectionHead>
        {status === 'ready' && entries.length === 0 ? (
          <p className={styles.unavailable}>{t('content.unavailable')}</p>
        ) : (
          <div className={styles.questions} aria-busy={status === 'loading'}>
            {entries.slice(0, FAQ_SHOWN).map((entry) => (
              <details key={entry.id} className={styles.question}>
                <summary>{entry.title}</summary>
                <RichText body={entry.body ?? ''} headingLevel={3} />
              </details>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
