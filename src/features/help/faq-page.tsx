import { useTranslation } from 'react-i18next';
import { useContentOfType } from '../../data/content';
import { resolveLanguage } from '../../domain/languages';
import { PageLoading } from '../../ui/page-loading';
import { RichText } from '../../ui/rich-text';
import styles from './faq-page.module.css';

/** `/faq`: the questions travellers ask, in the interface language, readable offline. */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const { value: entries, status } = useContentOfType('faq', resolveLanguage(i18n.language));
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('screens.faq')}</h1>
        <p>{t('faq.subtitle')}</p>
      </header>
      {status === 'loading' ? (
        <PageLoading />
      ) : entries.length === 0 ? (
        <p className={styles.empty}>{t('content.unavailable')}</p>
      ) : (
        <div className={styles.list}>
          {entries.map((entry) => (
            <details key={entry.id} className={styles.item}>
              <summary>{entry.title}</summary>
              <RichText body={entry.body ?? ''} headingLevel={3} />
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
