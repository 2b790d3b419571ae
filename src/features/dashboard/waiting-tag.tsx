import { useTranslation } from 'react-i18next';
import styles from './tabs.module.css';

/** Marks something saved on this device that has not reached the server yet. */
export function WaitingTag() {
  const { t } = useTranslation();
  return (
    <span className={`${styles.tag} ${styles.waiting}`} data-waiting="true">
      {t('dashboard.waiting')}
    </span>
  );
}
