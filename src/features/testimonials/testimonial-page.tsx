import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useTestimonial } from '../../data/testimonials';
import { contentIds } from '../../domain/help-centre';
import { resolveLanguage } from '../../domain/languages';
import { BackLink } from '../../ui/back-link';
import { PageLoading } from '../../ui/page-loading';
import { ShareActions } from '../../ui/share-actions';
import { TestimonialCard } from './testimonial-card';
import styles from './testimonials.module.css';

const OTHERS = 3;

/** One testimonial, with share, copy link and other testimonials of the same service (reader's language first). */
export function TestimonialPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const { testimonial, others, status } = useTestimonial(
    contentIds.testimonial(id ?? ''),
    OTHERS,
    resolveLanguage(i18n.language),
  );
  if (status === 'loading') return <PageLoading />;
  return (
    <div className={`container ${styles.page}`}>
      <BackLink to={pathOf('testimonials')}>{t('testimonials.back')}</BackLink>
      {testimonial ? (
        <>
          <h1 className={styles.singleTitle}>{testimonial.title}</h1>
          <div className={styles.single}>
            <TestimonialCard testimonial={testimonial} />
            <ShareActions title={testimonial.title ?? ''} />
          </div>
          {others.length > 0 && (
            <section>
              <h2>{t('testimonials.others')}</h2>
              <div className={styles.grid}>
                {others.map((item) => (
                  <TestimonialCard key={item.id} testimonial={item} />
                ))}
              </div>
            </section>
          )}
        </>
      ) : (
        <h1 className={styles.singleTitle}>{t('testimonials.notFound')}</h1>
      )}
    </div>
  );
}
