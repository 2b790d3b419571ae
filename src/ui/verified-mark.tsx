import { useTranslation } from 'react-i18next';
import styles from './verified-mark.module.css';

/** The check mark after a verified provider's name. */
export function VerifiedMark({ size = 'small' }: { size?: 'small' | 'large' }) {
  const { t } = useTranslation();
  return (
    <span
      className={`${styles.mark} ${styles[size]}`}
      title={t('catalogue.verified')}
      aria-label={t('catalogue.verified')}
    >
      ✓
    </span>
  );
}
