import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenId } from '../../config/paths';
import { useContentDoc } from '../../data/content';
import { contentIds } from '../../domain/help-centre';
import { resolveLanguage } from '../../domain/languages';
import type { Language } from '../../domain/languages';
import { PageLoading } from '../../ui/page-loading';
import { LegalDocument } from '../../ui/legal-document';
import styles from './legal-page.module.css';

type LegalText = { title: string; body: string; version?: string; publishedAt?: string };
type DefaultFile = {
  version: string;
  publishedAt: string;
  translations: Record<Language, { title: string; body: string }>;
};

/**
 * Documents with a built-in default, shown when the edited version cannot be loaded (spec: the
 * privacy policy). Each default is its own chunk, fetched only then, and precached for offline use.
 */
const DEFAULTS: Record<string, () => Promise<DefaultFile>> = {
  'privacy-policy': () => import('./default-privacy-policy.json').then((m) => m.default as DefaultFile),
};

/** A legal or information page from the `content` collection, in the interface language. */
export function LegalPage({ slug, screen }: { slug: string; screen: ScreenId }) {
  const { t, i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const { value: doc, status } = useContentDoc(contentIds.legal(language, slug), language);
  const fallback = useDefaultText(slug, language, status === 'ready' && !doc);
  if (status === 'loading') return <PageLoading />;
  const text: LegalText | undefined = doc
    ? { ...doc, title: doc.title ?? '', body: doc.body ?? '' }
    : fallback;
  return (
    <article className={`container ${styles.page}`}>
      {!doc && DEFAULTS[slug] && (
        <p className={styles.notice} role="status">
          {t('legal.loadFailed')}
        </p>
      )}
      {text ? (
        <LegalDocument
          title={text.title}
          body={text.body}
          version={text.version}
          publishedAt={text.publishedAt}
          language={language}
        />
      ) : (
        <>
          <h1>{t(`screens.${screen}`)}</h1>
          {!DEFAULTS[slug] && <p className={styles.meta}>{t('content.unavailable')}</p>}
        </>
      )}
    </article>
  );
}

/** The built-in default of a document, loaded only when `needed`. */
function useDefaultText(slug: string, language: Language, needed: boolean): LegalText | undefined {
  const [file, setFile] = useState<DefaultFile>();
  const load = DEFAULTS[slug];
  useEffect(() => {
    if (!needed || !load) return;
    let alive = true;
    void load().then((loaded) => alive && setFile(loaded));
    return () => {
      alive = false;
    };
  }, [needed, load]);
  if (!needed || !file) return undefined;
  return { ...file.translations[language], version: file.version, publishedAt: file.publishedAt };
}
