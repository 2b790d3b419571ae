/** A report's loading line, or its error (offline: the console needs a connection) with "try again". */
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../data/api';
import { Button } from '../../../ui/button';
import { useAdminErrorText } from '../ui/admin-error';
import { NeedsConnection } from '../ui/online-only';
import type { AdminQueryState } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';

export function ReportStatus<T>({
  state,
  area,
}: {
  state: AdminQueryState<T> & { reload: () => void };
  area: string;
}) {
  const { t } = useTranslation();
  const errorText = useAdminErrorText(area);
  if (state.status === 'loading') return <p role="status">{t('admin.common.loading')}</p>;
  if (state.status !== 'error') return null;
  if (errorCode(state.error) === 'offline') return <NeedsConnection />;
  return (
    <div role="alert" className={detail.notice} data-tone="bad">
      <p>{errorText(state.error)}</p>
      <Button variant="secondary" size="small" onClick={state.reload}>
        {t('admin.common.retry')}
      </Button>
    </div>
  );
}
