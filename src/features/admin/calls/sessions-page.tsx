/**
 * calls/sessions: the consultations under way now (orders paid and not yet over), live: the table
 * follows each call's phase as the telephony reports it (the `calls` live topic), without a reload.
 * At most one page of the most recent; the full list is the consultations screen.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorCode } from '../../../data/api';
import type { ConsultationRow } from '../../../domain/admin-ops';
import { Button } from '../../../ui/button';
import { useLiveQuery } from '../live/use-live-query';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import { NeedsConnection } from '../ui/online-only';
import { useConsultationColumns } from './consultation-columns';
import styles from './calls.module.css';

const SHOWN = 100;

export function SessionsPage() {
  const { t } = useTranslation();
  const errorText = useAdminErrorText('calls');
  const columns = useConsultationColumns().filter((column) => column.key !== 'state');
  const result = useLiveQuery<{ items: ConsultationRow[]; next?: string; version: string }>(
    'calls',
    'calls',
    {
      state: 'paid',
      limit: SHOWN,
    },
  );
  const page = result.latest;

  return (
    <AdminPage
      title={t('admin.calls.sessionsTitle')}
      subtitle={
        <span className={styles.live}>
          <span className={styles.dot} aria-hidden="true" />
          {t('admin.calls.sessionsSubtitle')}
        </span>
      }
      actions={<Link to="/admin/calls">{t('admin.calls.allConsultations')}</Link>}
    >
      {!page && result.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {!page &&
        result.status === 'error' &&
        (errorCode(result.error) === 'offline' ? (
          <NeedsConnection />
        ) : (
          <div role="alert">
            <p>{errorText(result.error)}</p>
            <Button variant="secondary" size="small" onClick={result.reload}>
              {t('admin.common.retry')}
            </Button>
          </div>
        ))}
      {page && page.items.length === 0 && <p data-admin-state="empty">{t('admin.calls.noSessions')}</p>}
      {page && page.items.length > 0 && (
        <div className={styles.scroller}>
          <table className={styles.table} aria-label={t('admin.calls.sessionsTitle')} data-sessions>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.align === 'end' ? styles.end : undefined}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <tr key={item.orderId} data-order={item.orderId}>
                  {columns.map((column, index) => (
                    <td key={column.key} className={column.align === 'end' ? styles.end : undefined}>
                      {index === 0 ? (
                        <Link to={`/admin/calls/${item.orderId}`}>{column.render(item)}</Link>
                      ) : (
                        column.render(item)
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page?.next && <Link to="/admin/calls?state=paid">{t('admin.calls.moreSessions')}</Link>}
    </AdminPage>
  );
}
