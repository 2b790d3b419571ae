import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/use-sync-status';
import styles from './sync-indicator.module.css';

/** Online, syncing, offline, and how many local changes wait to reach the server. */
export function SyncIndicator() {
  const { t } = useTranslation();
  const { state, waiting } = useSyncStatus();
  const label = t(`sync.${state}`);
  const detail = waiting > 0 ? t('sync.waiting', { count: waiting }) : undefined;
  const full = detail ? `${label} · ${detail}` : label;
  return (
    <div
      className={`${styles.indicator} ${styles[state]}`}
      role="status"
      aria-live="polite"
      title={full}
      data-sync-state={state}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
      {detail && <span className={styles.waiting}>{detail}</span>}
    </div>
  );
}
