import { useTranslation } from 'react-i18next';
import styles from './backups.module.css';

/** How to restore an archive: a command run on the server, into an empty data directory. */
export function RestoreHelp() {
  const { t } = useTranslation();
  return (
    <details className={styles.help} data-restore-help>
      <summary>{t('admin.backups.restore.title')}</summary>
      <ol>
        <li>{t('admin.backups.restore.stop')}</li>
        <li>{t('admin.backups.restore.empty')}</li>
        <li>
          {t('admin.backups.restore.run')}
          <pre className={styles.command}>
            <code>DATA_DIR=/srv/sos-expat/new npm run restore -- backup-….ndjson.gz</code>
          </pre>
        </li>
        <li>{t('admin.backups.restore.start')}</li>
      </ol>
    </details>
  );
}
