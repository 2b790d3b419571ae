import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { useAdminFormat } from '../ui/use-admin-format';
import { formatAge, formatSize } from './format-size';
import styles from './backups.module.css';

/** An archive as `GET /api/admin/backups` lists it (server/services/backup/backups.ts). */
export type BackupItem = { name: string; size: number; createdAt: string; trigger: 'manual' | 'scheduled' };

type Props = {
  items: readonly BackupItem[];
  downloadUrl: (item: BackupItem) => string;
  onDelete: (item: BackupItem) => void;
};

/** The archives, newest first: when, how long ago, why, how big; download or delete each. */
export function BackupTable({ items, downloadUrl, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const now = new Date();
  if (items.length === 0) return <p className={styles.empty}>{t('admin.backups.empty')}</p>;
  return (
    <div className={styles.tableBox}>
      <table className={styles.table} aria-label={t('admin.backups.listLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('admin.backups.columns.date')}</th>
            <th scope="col">{t('admin.backups.columns.age')}</th>
            <th scope="col">{t('admin.backups.columns.trigger')}</th>
            <th scope="col" className={styles.end}>
              {t('admin.backups.columns.size')}
            </th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.name} data-backup={item.name}>
              <th scope="row">
                <time dateTime={item.createdAt}>{format.dateTime(item.createdAt)}</time>
              </th>
              <td>{formatAge(new Date(item.createdAt), now, i18n.language)}</td>
              <td>{t(`admin.backups.trigger.${item.trigger}`)}</td>
              <td className={styles.end}>{formatSize(item.size, i18n.language)}</td>
              <td>
                <span className={styles.rowActions}>
                  <a
                    className={styles.download}
                    href={downloadUrl(item)}
                    download={item.name}
                    aria-label={t('admin.backups.downloadOf', { date: format.dateTime(item.createdAt) })}
                  >
                    {t('admin.backups.download')}
                  </a>
                  <Button size="small" variant="ghost" onClick={() => onDelete(item)}>
                    {t('admin.backups.delete.action')}
                  </Button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
