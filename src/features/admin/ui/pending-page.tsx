/**
 * A detail page whose record has not arrived: "loading", the console's "needs a connection" when
 * the request found none, or the error in the screen's words with a button to ask again.
 */
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../data/api';
import { Button } from '../../../ui/button';
import { useAdminErrorText } from './admin-error';
import { AdminPage } from './admin-page';
import { NeedsConnection } from './online-only';
import styles from './detail.module.css';

type Props = {
  title: string;
  back: { to: string; label?: string };
  /** The page's read (`useAdminQuery` or `useLiveQuery`). */
  result: { status: 'loading' | 'ready' | 'error'; error?: unknown; reload: () => void };
  /** Whose words the error is in: `admin.<area>.errors.<code>`. */
  errorArea: string;
};

export function PendingPage({ title, back, result, errorArea }: Props) {
  const { t } = useTranslation();
  const errorText = useAdminErrorText(errorArea);
  return (
    <AdminPage title={title} back={back}>
      {result.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {result.status === 'error' &&
        (errorCode(result.error) === 'offline' ? (
          <NeedsConnection />
        ) : (
          <div role="alert" className={styles.notice} data-tone="bad">
            <p>{errorText(result.error)}</p>
            <Button variant="secondary" size="small" onClick={result.reload}>
              {t('admin.common.retry')}
            </Button>
          </div>
        ))}
    </AdminPage>
  );
}
