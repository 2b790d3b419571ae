/**
 * A provider's identity document shown inline: an image as an image, a PDF in the browser's own
 * viewer (with a link when the browser has none). The file comes from
 * `/api/admin/kyc/:uid/document`, which answers admins only and is never cached.
 */
import { useTranslation } from 'react-i18next';
import type { KycDocumentView } from '../../../domain/kyc';
import styles from './kyc-document.module.css';

export function KycDocument({ document, name }: { document?: KycDocumentView; name: string }) {
  const { t } = useTranslation();
  if (!document) return <p className={styles.missing}>{t('admin.kyc.document.missing')}</p>;
  const alt = t('admin.kyc.document.alt', { name });
  const open = (
    <a href={document.url} target="_blank" rel="noopener noreferrer">
      {t('admin.kyc.document.open')}
    </a>
  );
  return (
    <figure className={styles.figure} data-kyc-document={document.contentType}>
      {document.contentType === 'application/pdf' ? (
        <object className={styles.pdf} data={document.url} type="application/pdf" aria-label={alt}>
          <p className={styles.fallback}>
            {t('admin.kyc.document.pdf')} · {open}
          </p>
        </object>
      ) : (
        <img className={styles.image} src={document.url} alt={alt} />
      )}
      <figcaption className={styles.caption}>
        {document.contentType === 'application/pdf'
          ? t('admin.kyc.document.pdf')
          : t('admin.kyc.document.image')}{' '}
        · {Math.max(1, Math.round(document.size / 1024))} KB · {open}
      </figcaption>
    </figure>
  );
}
