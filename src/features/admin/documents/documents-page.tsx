/**
 * documents: the legal and information pages (terms, privacy policy, cookies…), each with its
 * current version and date; a row opens its editor. The list is the fixed set of documents.
 */
import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '../../../domain/languages';
import type { LegalDocumentSummary } from '../../../domain/legal-documents';
import { adminPath } from '../screens';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import styles from './documents.module.css';

export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const language = resolveLanguage(i18n.language);
  const columns: AdminColumn<LegalDocumentSummary>[] = [
    {
      key: 'document',
      label: t('admin.documents.columns.document'),
      render: (item) => (
        <span className={detail.name}>
          <span>{item.titles[language] ?? item.titles.fr ?? item.slug}</span>
          <span className={styles.secondary}>/{item.slug}</span>
        </span>
      ),
    },
    {
      key: 'version',
      label: t('admin.documents.columns.version'),
      render: (item) => item.version ?? t('admin.documents.notPublished'),
    },
    {
      key: 'publishedAt',
      label: t('admin.documents.columns.publishedAt'),
      render: (item) => format.date(item.publishedAt),
    },
    {
      key: 'updatedAt',
      label: t('admin.documents.columns.updatedAt'),
      render: (item) => format.dateTime(item.updatedAt),
    },
  ];
  return (
    <AdminPage title={t('admin.documents.title')} subtitle={t('admin.documents.subtitle')}>
      <AdminList<LegalDocumentSummary>
        endpoint="documents"
        label={t('admin.documents.listLabel')}
        columns={columns}
        rowKey={(item) => item.slug}
        rowLink={(item) => adminPath('documents/:slug', { slug: item.slug })}
      />
    </AdminPage>
  );
}
