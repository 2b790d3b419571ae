import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useTestimonialPage } from '../../data/testimonials';
import { LANGUAGES, isLanguage, resolveLanguage } from '../../domain/languages';
import { Button } from '../../ui/button';
import { languageName } from '../../ui/intl';
import { PageLoading } from '../../ui/page-loading';
import { Pagination } from '../../ui/pagination';
import { SelectField } from '../../ui/select-field';
import { TestimonialCard } from './testimonial-card';
import styles from './testimonials.module.css';

const PAGE_SIZE = 9;

/**
 * `/testimonials`: filter by service and by the language they were written in, search, pagination,
 * and "load more" from the current page. Filters live in the URL. With every language listed, the
 * reader's own comes first.
 */
export function TestimonialsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const serviceParam = params.get('service');
  const service = serviceParam === 'lawyer' || serviceParam === 'expat' ? serviceParam : undefined;
  const languageParam = params.get('language');
  const language = isLanguage(languageParam) ? languageParam : undefined;
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const shown = Math.max(1, Number(params.get('pages')) || 1);
  // "Load more" widens the window from the current page; pagination moves it.
  const {
    items: visible,
    total,
    status,
  } = useTestimonialPage({
    serviceType: service,
    language,
    readerLanguage: resolveLanguage(i18n.language),
    search: query,
    offset: (page - 1) * PAGE_SIZE,
    limit: shown * PAGE_SIZE,
  });
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: 'q' in changes });
  };

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('screens.testimonials')}</h1>
        <p>{t('testimonials.subtitle')}</p>
      </header>
      <form className={styles.filters} role="search" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t('testimonials.serviceFilter')}
          anyLabel={t('testimonials.allServices')}
          value={service ?? ''}
          options={[
            { value: 'lawyer', label: t('testimonials.service.lawyer') },
            { value: 'expat', label: t('testimonials.service.expat') },
          ]}
          onChange={(value) => update({ service: value, page: '', pages: '' })}
        />
        <SelectField
          label={t('testimonials.languageFilter')}
          anyLabel={t('testimonials.allLanguages')}
          value={language ?? ''}
          options={LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language) }))}
          onChange={(value) => update({ language: value, page: '', pages: '' })}
        />
        <label className={styles.search}>
          <span>{t('testimonials.search')}</span>
          <input
            type="search"
            value={query}
            onChange={(event) => update({ q: event.target.value, page: '', pages: '' })}
          />
        </label>
      </form>
      {status === 'loading' ? (
        <PageLoading />
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {t('testimonials.count', { count: total })}
          </p>
          <div className={styles.grid}>
            {visible.map((testimonial) => (
              <TestimonialCard key={testimonial.id} testimonial={testimonial} />
            ))}
          </div>
          {page - 1 + shown < pageCount && (
            <div className={styles.more}>
              <Button variant="secondary" onClick={() => update({ pages: String(shown + 1) })}>
                {t('testimonials.loadMore')}
              </Button>
            </div>
          )}
          <Pagination
            page={Math.min(page, pageCount)}
            pageCount={pageCount}
            onChange={(next) => update({ page: String(next), pages: '' })}
          />
        </>
      )}
    </div>
  );
}
