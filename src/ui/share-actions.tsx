import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useDismiss } from './use-dismiss';
import styles from './share-actions.module.css';

/**
 * Share this page: the system share sheet where there is one, else a disclosure listing networks,
 * e-mail and copy link. The list takes its place in the page, below the button, and moves what
 * follows down: it never lies over another control (the profile's "report" link sits just below).
 */
export function ShareActions({ title }: { title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss({ open, box, button, close });
  // Read only once open or used, in the browser (the server's render shows the closed button).
  const url = typeof window === 'undefined' ? '' : window.location.href;

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // cancelled or refused: offer the other ways
      }
    }
    setOpen((value) => !value);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return (
    <div className={styles.share} ref={box}>
      <Button
        ref={button}
        variant="secondary"
        size="small"
        onClick={() => void share()}
        aria-expanded={open}
        aria-controls={menuId}
      >
        {t('share.share')}
      </Button>
      {open && (
        <ul id={menuId} className={styles.menu}>
          <li>
            <a href={`https://wa.me/?text=${text}%20${encoded}`} target="_blank" rel="noopener noreferrer">
              WhatsApp
            </a>
          </li>
          <li>
            <a
              href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Facebook
            </a>
          </li>
          <li>
            <a
              href={`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              LinkedIn
            </a>
          </li>
          <li>
            <a href={`mailto:?subject=${text}&body=${encoded}`}>{t('share.email')}</a>
          </li>
          <li>
            <button type="button" onClick={() => void copy()}>
              {copied ? t('share.copied') : t('share.copy')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
