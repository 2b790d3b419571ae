/**
 * The console is online only, by design (DESIGN.md, "The admin console"): offline, it says so
 * plainly and shows nothing it read before, since stale figures would mislead an admin. Its
 * children are unmounted while offline, so they read afresh when the connection returns.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrowserOnline } from '../../../data/use-online';
import styles from './online-only.module.css';

export function OnlineOnly({ children }: { children: ReactNode }) {
  const online = useBrowserOnline();
  return online ? children : <NeedsConnection />;
}

/** The message itself, also shown by a list or a page whose request found no connection. */
export function NeedsConnection() {
  const { t } = useTranslation();
  return (
    <div className={styles.box} role="alert" data-admin-state="offline">
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />
      </svg>
      <div>
        <h2 className={styles.title}>{t('admin.common.offline.title')}</h2>
        <p className={styles.body}>{t('admin.common.offline.body')}</p>
      </div>
    </div>
  );
}
