import { useTranslation } from 'react-i18next';
import { RichText } from './rich-text';
import styles from './legal-document.module.css';

type Props = {
  title: string;
  body: string;
  version?: string;
  /** The version's effective date (YYYY-MM-DD or ISO). */
  publishedAt?: string;
  /** The language the date is written in (the document's). */
  language: string;
  /** The public page's title is its h1; the console's preview sits under the console's own h1. */
  titleLevel?: 1 | 2;
};

/**
 * A legal document as readers see it: title, "Version … of …", then the text. The public legal
 * pages and the admin console's preview both render through this, so a preview shows exactly what
 * readers will read.
 */
export function LegalDocument({ title, body, version, publishedAt, language, titleLevel = 1 }: Props) {
  const { t } = useTranslation();
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const date = publishedAt ? new Date(publishedAt) : undefined;
  return (
    <>
      <Title className={styles.title}>{title}</Title>
      {version && date && !Number.isNaN(date.getTime()) && (
        <p className={styles.meta}>
          {t('legal.version', {
            version,
            date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date),
          })}
        </p>
      )}
      <RichText body={body} headingLevel={titleLevel === 1 ? 2 : 3} />
    </>
  );
}
