/**
 * The versions kept of a document, newest first, one page at a time: each can be read again (in
 * the editor's language, through the public page's renderer) and taken as the starting point of
 * the new version.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/languages';
import type { LegalText, LegalVersionSummary, LegalVersionView } from '../../../domain/legal-documents';
import { Button } from '../../../ui/button';
import { LegalDocument } from '../../../ui/legal-document';
import { useAdminErrorText } from '../ui/admin-error';
import { useAdminFormat } from '../ui/use-admin-format';
import { TokenPager, usePageTokens } from '../ui/token-pager';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from './documents.module.css';

type Props = {
  slug: string;
  language: Language;
  reloadKey: number;
  onUse: (translations: Partial<Record<Language, LegalText>>) => void;
};

export function VersionHistory({ slug, language, reloadKey, onUse }: Props) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('documents');
  const pages = usePageTokens();
  const [opened, setOpened] = useState<string>();
  const list = useAdminQuery<{ items: LegalVersionSummary[]; next?: string }>(
    `documents/${slug}/versions`,
    { token: pages.token },
    reloadKey,
  );
  const version = useAdminQuery<{ version: LegalVersionView }>(
    opened ? `documents/${slug}/versions/${encodeURIComponent(opened)}` : undefined,
  );
  const text = version.data?.version.translations[language];

  return (
    <section className={styles.history} aria-labelledby="versions-title">
      <h2 id="versions-title" className={styles.sectionTitle}>
        {t('admin.documents.history.title')}
      </h2>
      {list.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {list.status === 'error' && <p role="alert">{errorText(list.error)}</p>}
      {list.status === 'ready' && list.data.items.length === 0 && <p>{t('admin.documents.history.empty')}</p>}
      {list.status === 'ready' && list.data.items.length > 0 && (
        <div className={styles.tableBox}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('admin.documents.columns.version')}</th>
                <th scope="col">{t('admin.documents.columns.publishedAt')}</th>
                <th scope="col">{t('admin.documents.history.by')}</th>
                <th scope="col">{t('admin.documents.history.recordedAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.version} aria-current={item.version === opened ? 'true' : undefined}>
                  <th scope="row">{item.version}</th>
                  <td>{format.date(item.publishedAt)}</td>
                  <td>
                    {item.publishedBy === 'earlier'
                      ? t('admin.documents.history.earlier')
                      : (item.publishedByName ?? item.publishedBy)}
                  </td>
                  <td>{format.dateTime(item.recordedAt)}</td>
                  <td>
                    <Button
                      size="small"
                      variant="secondary"
                      aria-expanded={item.version === opened}
                      onClick={() => setOpened(item.version === opened ? undefined : item.version)}
                    >
                      {item.version === opened
                        ? t('admin.documents.history.hide')
                        : t('admin.documents.history.read', { version: item.version })}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TokenPager
        pages={pages}
        next={list.data?.next}
        backLabel={t('admin.common.previous')}
        nextLabel={t('admin.common.next')}
        className={styles.pager}
      />
      {opened && version.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {opened && version.status === 'error' && <p role="alert">{errorText(version.error)}</p>}
      {opened && version.status === 'ready' && (
        <div className={styles.kept}>
          <div className={styles.keptHeader}>
            <p className={styles.previewLabel}>
              {t('admin.documents.history.keptOf', { version: opened, language: language.toUpperCase() })}
            </p>
            <Button size="small" variant="secondary" onClick={() => onUse(version.data.version.translations)}>
              {t('admin.documents.history.use')}
            </Button>
          </div>
          <div className={styles.paper} lang={language}>
            {text ? (
              <LegalDocument
                title={text.title}
                body={text.body}
                version={version.data.version.version}
                publishedAt={version.data.version.publishedAt}
                // The version line reads in the console's language, like the rest of the screen.
                language={i18n.language}
                titleLevel={2}
              />
            ) : (
              <p>{t('admin.documents.history.noLanguage')}</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
