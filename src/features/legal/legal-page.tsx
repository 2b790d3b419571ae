import { useTranslation } from 'react-i18next';
import type { ScreenId } from '../../config/paths';
import { useContentDoc } from '../../data/content';
import { contentIds } from '../../domain/help-centre';
import { resolveLanguage } from '../../domain/languages';
import { PageLoading } from '../../ui/page-loading';
import { RichText } from '../../ui/rich-text';
import styles from './legal-page.module.css';

/** A legal or information page from the `content` collection, in the interface language. */
export function LegalPage({ slug, screen }: { slug: string; screen: ScreenId }) {
  const { t, i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const { value: doc, status } = useContentDoc(contentIds.legal(language, slug));
  if (status === 'loading') return <PageLoading />;
  return (
    <article className={`container ${styles.page}`}>
      {doc ? (
        <>
          <h1>{doc.title}</h1>
          {doc.version && doc.publishedAt && (
            <p className={styles.meta}>
              {t('legal.version', {
                version: doc.version,
                date: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(
                  new Date(doc.publishedAt),
                ),
              })}
            </p>
          )}
          <RichText body={doc.body ?? ''} />
        </>
      ) : (
        <>
          <h1>{t(`screens.${screen}`)}</h1>
          <p className={styles.meta}>{t('content.unavailable')}</p>
        </>
      )}
    </article>
  );
}
