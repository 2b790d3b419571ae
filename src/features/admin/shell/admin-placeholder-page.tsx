import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../ui/button';
import type { AdminScreen } from '../screens';
import { adminPath } from '../screens';
import { AdminPage } from '../ui/admin-page';
import styles from './admin-message.module.css';

/**
 * A screen that is not built yet: `soon` (a later issue builds it) says it arrives soon;
 * `in_development` is the spec's own placeholder ('in development': ambassadors, reports/*).
 */
export function AdminPlaceholderPage({ screen }: { screen: AdminScreen }) {
  const { t } = useTranslation();
  const soon = screen.status !== 'in_development';
  return (
    <AdminPage title={t(screen.label)}>
      <div className={styles.card} data-admin-placeholder={screen.status} data-admin-screen={screen.id}>
        <p className={styles.eyebrow}>
          {soon ? t('admin.shell.soon.eyebrow') : t('admin.shell.inDevelopment.eyebrow')}
        </p>
        <p>{soon ? t('admin.shell.soon.body') : t('admin.shell.inDevelopment.body')}</p>
        {screen.id !== 'dashboard' && (
          <div className={styles.actions}>
            <ButtonLink to={adminPath('dashboard')} variant="secondary">
              {t('admin.shell.toDashboard')}
            </ButtonLink>
          </div>
        )}
      </div>
    </AdminPage>
  );
}
