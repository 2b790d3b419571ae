import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { testimonialPath } from '../../config/paths';
import type { ContentDoc } from '../../domain/content';
import { countryName } from '../../ui/intl';
import { Stars } from '../../ui/stars';
import styles from './testimonials.module.css';

/** One testimonial in a list, in the language its author wrote it in. */
export function TestimonialCard({ testimonial }: { testimonial: ContentDoc }) {
  const { t, i18n } = useTranslation();
  const date = testimonial.publishedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
        new Date(testimonial.publishedAt),
      )
    : '';
  return (
    <article className={styles.card} lang={testimonial.language}>
      <Stars rating={testimonial.rating ?? 5} />
      <h2 className={styles.cardTitle}>
        <Link to={testimonialPath(testimonial)}>{testimonial.title}</Link>
      </h2>
      <p className={styles.comment}>{testimonial.body}</p>
      <p className={styles.meta}>
        <strong>{testimonial.authorName}</strong>
        {testimonial.verified && <span className={styles.verified}> · {t('testimonials.verified')}</span>}
        <br />
        {t(`testimonials.service.${testimonial.serviceType === 'lawyer' ? 'lawyer' : 'expat'}`)} ·{' '}
        {testimonial.country ? countryName(testimonial.country, i18n.language) : ''} · {date}
      </p>
    </article>
  );
}
