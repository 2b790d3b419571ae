/**
 * An affiliate's referral link, to hand over: shown whole (it wraps on a phone) with a button that
 * copies it. Where the clipboard is refused, the link is selected instead, for the admin to copy.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERRAL_LINK_DAYS } from '../../../domain/affiliates';
import { Button } from '../../../ui/button';
import detail from '../ui/detail.module.css';
import styles from './affiliates.module.css';

export function ReferralLinkCard({ link }: { link: string }) {
  const { t } = useTranslation();
  const id = useId();
  const shown = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed'>();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      const range = document.createRange();
      if (shown.current) range.selectNodeContents(shown.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied('failed');
    }
  };

  return (
    <section className={detail.card} aria-labelledby={`${id}-title`} data-referral-link>
      <h2 id={`${id}-title`}>{t('admin.affiliates.link.title')}</h2>
      <code ref={shown} className={styles.link}>
        {link}
      </code>
      <div className={styles.linkActions}>
        <Button variant="secondary" size="small" onClick={() => void copy()}>
          {t('admin.affiliates.link.copy')}
        </Button>
        <span role="status" className={detail.secondary}>
          {copied === 'copied' && t('admin.affiliates.link.copied')}
          {copied === 'failed' && t('admin.affiliates.link.copyFailed')}
        </span>
      </div>
      <p className={detail.secondary}>{t('admin.affiliates.link.help', { days: REFERRAL_LINK_DAYS })}</p>
    </section>
  );
}
