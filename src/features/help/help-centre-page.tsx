import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { helpArticlePath } from '../../config/paths';
import { useContentOfType } from '../../data/content';
import { HELP_CATEGORIES, isHelpCategory } from '../../domain/help-centre';
import { resolveLanguage } from '../../domain/languages';
import { searchContent } from '../../domain/search';
import { PageLoading } from '../../ui/page-loading';
import styles from './help-centre-page.module.css';

/** `/centre-aide`: the five categories of articles and a search that works offline. */
export function HelpCentrePage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const { value: articles, status } = useContentOfType('article', resolveLanguage(i18n.language));
  const results = useMemo(() => searchContent(articles, query), [articles, query]);

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className="container">
          <h1>{t('screens.helpCentre')}</h1>
          <form role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="help-search" className="visually-hidden">
              {t('help.searchLabel')}
            </label>
            <input
              id="help-search"
              type="search"
              value={query}
              placeholder={t('help.searchPlaceholder')}
              onChange={(event) =>
                setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })
              }
              className={styles.search}
            />
          </form>
        </div>
      </section>
      <div className={`container ${styles.body}`}>
        {status === 'loading' ? (
          <PageLoading />
        ) : query.trim() ? (
          <section aria-live="polite">
            <h2 className={styles.resultsTitle}>{t('help.results', { count: results.length })}</h2>
            {results.length === 0 ? (
              <p>{t('help.noResults')}</p>
            ) : (
              <ul className={styles.results}>
                {results.map((article) => (
                  <li key={article.id}>
                    <Link to={helpArticlePath(article.slug ?? '')}>{article.title}</Link>
                    <span className={styles.category}>
                      {isHelpCategory(article.category) && t(`help.categories.${article.category}`)}
                    </span>
                    <p>{article.summary}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : articles.length === 0 ? (
          <p>{t('content.unavailable')}</p>
        ) : (
          <div className={styles.categories}>
            {HELP_CATEGORIES.map((category) => (
              <section key={category} className={styles.category}>
                <h2>{t(`help.categories.${category}`)}</h2>
                <ul>
                  {articles
                    .filter((article) => article.category === category)
                    .map((article) => (
                      <li key={article.id}>
                        <Link to={helpArticlePath(article.slug ?? '')}>{article.title}</Link>
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
