import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { articleSeo, useDocumentSeo } from '../../app/document-seo';
import { helpArticlePath, pathOf } from '../../config/paths';
import { useContentDoc, useContentOfType } from '../../data/content';
import { contentIds, isHelpCategory } from '../../domain/help-centre';
import { resolveLanguage } from '../../domain/languages';
import { BackLink } from '../../ui/back-link';
import { PageLoading } from '../../ui/page-loading';
import { RichText } from '../../ui/rich-text';
import styles from './help-article-page.module.css';

/** `/centre-aide/:slug`: one help article, with the others of its category. */
export function HelpArticlePage() {
  const { t, i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const slug = useParams().slug ?? '';
  const { value: article, status } = useContentDoc(contentIds.article(language, slug), language);
  const { value: articles } = useContentOfType('article', language);
  useDocumentSeo(article && articleSeo(article, t));
  if (status === 'loading') return <PageLoading />;
  const related = articles.filter((a) => a.category === article?.category && a.slug !== slug);
  return (
    <div className={`container ${styles.page}`}>
      <BackLink to={pathOf('helpCentre')}>{t('help.back')}</BackLink>
      {article ? (
        <article className={styles.article}>
          <p className={styles.category}>
            {isHelpCategory(article.category) && t(`help.categories.${article.category}`)}
          </p>
          <h1>{article.title}</h1>
          <p className={styles.summary}>{article.summary}</p>
          <RichText body={article.body ?? ''} />
        </article>
      ) : (
        <article className={styles.article}>
          <h1>{t('help.notFound')}</h1>
          <p>{t('content.unavailable')}</p>
        </article>
      )}
      {related.length > 0 && (
        <aside className={styles.related}>
          <h2>{t('help.related')}</h2>
          <ul>
            {related.map((a) => (
              <li key={a.id}>
                <Link to={helpArticlePath(a.slug ?? '')}>{a.title}</Link>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </div>
  );
}
