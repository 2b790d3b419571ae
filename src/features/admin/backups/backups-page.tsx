/**
 * backups: the archives of the whole store under DATA_DIR/backups, newest first, with their date,
 * age, kind and size; "back up now"; each downloadable (streamed by the service to admins only)
 * or deletable; the daily schedule; how to restore. While a backup runs, the list reads again
 * every few seconds until it is done.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../data/api';
import { Button } from '../../../ui/button';
import { adminSend, adminUrl } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { NeedsConnection } from '../ui/online-only';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { BackupTable } from './backup-table';
import type { BackupItem } from './backup-table';
import { RestoreHelp } from './restore-help';
import styles from './backups.module.css';

/** The console's notice, its success in bold and its paragraphs closer (this screen's own). */
const noticeClass = `${detail.notice} ${styles.notice}`;

type Listing = {
  items: BackupItem[];
  running: { name: string; trigger: string; startedAt: string } | null;
  lastFailure: { at: string; message: string } | null;
  schedule: { dailyAt: string | null; keep: number; nextAt: string | null };
};

const POLL_MS = 2000;

export function BackupsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('backups');
  const [changes, setChanges] = useState(0);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string>();
  const [deleting, setDeleting] = useState<BackupItem>();
  const [notice, setNotice] = useState<string>();
  const result = useAdminQuery<Listing>('backups', {}, changes);
  // The last listing stays on screen while the next one is read (no flicker while polling).
  const [shown, setShown] = useState<Listing>();
  if (result.data && result.data !== shown) setShown(result.data);
  const listing = result.data ?? shown;
  const running = listing?.running;

  useEffect(() => {
    if (!result.data?.running) return;
    const timer = setTimeout(() => setChanges((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [result.data]);

  const backUpNow = async () => {
    setStarting(true);
    setStartError(undefined);
    setNotice(undefined);
    try {
      await adminSend('POST', 'backups');
      setNotice(t('admin.backups.started'));
    } catch (error) {
      setStartError(errorText(error));
    } finally {
      setStarting(false);
      setChanges((n) => n + 1);
    }
  };

  const schedule = listing?.schedule;
  return (
    <AdminPage
      title={t('admin.backups.title')}
      subtitle={t('admin.backups.subtitle')}
      actions={
        <Button onClick={() => void backUpNow()} disabled={starting || Boolean(running)} aria-busy={starting}>
          {t('admin.backups.backUpNow')}
        </Button>
      }
    >
      {schedule && (
        <p className={styles.schedule}>
          {schedule.dailyAt
            ? t('admin.backups.schedule', {
                time: schedule.dailyAt,
                keep: format.number(schedule.keep),
                next: format.dateTime(schedule.nextAt),
              })
            : t('admin.backups.scheduleOff')}
        </p>
      )}
      {startError && (
        <p className={noticeClass} data-tone="bad" role="alert">
          {startError}
        </p>
      )}
      {running ? (
        <p className={noticeClass} role="status" data-testid="backup-running">
          {t('admin.backups.running', { time: format.dateTime(running.startedAt) })}
        </p>
      ) : (
        notice && (
          <p className={noticeClass} data-tone="good" role="status">
            {notice}
          </p>
        )
      )}
      {listing?.lastFailure && !running && (
        <p className={noticeClass} data-tone="bad" role="alert">
          {t('admin.backups.failed', {
            time: format.dateTime(listing.lastFailure.at),
            message: listing.lastFailure.message,
          })}
        </p>
      )}
      {result.status === 'loading' && !listing && <p role="status">{t('admin.common.loading')}</p>}
      {result.status === 'error' &&
        (errorCode(result.error) === 'offline' ? (
          <NeedsConnection />
        ) : (
          <div role="alert" className={noticeClass} data-tone="bad">
            <p>{errorText(result.error)}</p>
            <Button variant="secondary" size="small" onClick={result.reload}>
              {t('admin.common.retry')}
            </Button>
          </div>
        ))}
      {listing && result.status !== 'error' && (
        <BackupTable
          items={listing.items}
          downloadUrl={(item) => adminUrl(`backups/${encodeURIComponent(item.name)}`)}
          onDelete={setDeleting}
        />
      )}
      <RestoreHelp />
      <ConfirmDialog
        open={Boolean(deleting)}
        danger
        title={t('admin.backups.delete.title')}
        confirmLabel={t('admin.backups.delete.action')}
        errorArea="backups"
        onConfirm={() => adminSend('DELETE', `backups/${encodeURIComponent(deleting?.name ?? '')}`)}
        onDone={() => {
          setNotice(t('admin.backups.delete.done'));
          setChanges((n) => n + 1);
        }}
        onClose={() => setDeleting(undefined)}
      >
        <p>
          {t('admin.backups.delete.body', {
            date: format.dateTime(deleting?.createdAt),
          })}
        </p>
      </ConfirmDialog>
    </AdminPage>
  );
}
