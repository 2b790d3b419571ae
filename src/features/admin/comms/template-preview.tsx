/**
 * A template's preview, as the service renders it with sample values: the subject, then the plain
 * text or the HTML part. The HTML is shown in a sandboxed frame (no scripts, no same origin), so a
 * mail's markup can never act on the console.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailPreview } from '../../../domain/mail-templates';
import { Button } from '../../../ui/button';
import detail from '../ui/detail.module.css';
import styles from './templates.module.css';

type Props = {
  preview?: MailPreview;
  busy: boolean;
  /** Why the last preview failed, in words. */
  failure?: string;
  onPreview: () => void;
};

export function TemplatePreview({ preview, busy, failure, onPreview }: Props) {
  const { t } = useTranslation();
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <section className={detail.card} aria-labelledby="template-preview-title" data-testid="template-preview">
      <h2 id="template-preview-title">{t('commsTemplates.preview.title')}</h2>
      <p className={styles.description}>{t('commsTemplates.preview.hint')}</p>
      <div className={styles.tabs}>
        <Button variant="secondary" size="small" onClick={onPreview} disabled={busy}>
          {busy ? t('commsTemplates.preview.running') : t('commsTemplates.preview.run')}
        </Button>
        <Button
          variant={part === 'html' ? 'primary' : 'secondary'}
          size="small"
          aria-pressed={part === 'html'}
          onClick={() => setPart('html')}
        >
          {t('commsTemplates.preview.html')}
        </Button>
        <Button
          variant={part === 'text' ? 'primary' : 'secondary'}
          size="small"
          aria-pressed={part === 'text'}
          onClick={() => setPart('text')}
        >
          {t('commsTemplates.preview.text')}
        </Button>
      </div>
      {failure && (
        <p role="alert" className={detail.notice} data-tone="bad">
          {failure}
        </p>
      )}
      {preview && (
        <>
          <p className={styles.previewSubject}>
            <span className={detail.secondary}>{t('commsTemplates.preview.subject')} </span>
            {preview.subject}
          </p>
          {part === 'html' ? (
            <iframe
              className={styles.previewFrame}
              sandbox=""
              srcDoc={preview.html}
              title={t('commsTemplates.preview.frameTitle')}
            />
          ) : (
            <pre className={styles.previewText}>{preview.text}</pre>
          )}
        </>
      )}
    </section>
  );
}
