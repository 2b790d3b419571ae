import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../ui/button';
import { adminPath } from '../screens';
import styles from './admin-message.module.css';

/** An admin path no screen and no redirect claims (spec: 'Page admin introuvable'). */
export function AdminNotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('admin.shell.notFound.title')} · ${t('admin.shell.title')}`;
  }, [t]);
  return (
    <section className={styles.page} data-admin-screen="not-found">
      <div className={styles.card}>
        <p className={styles.eyebrow}>404</p>
        <h1>{t('admin.shell.notFound.title')}</h1>
        <p>{t('admin.shell.notFound.body')}</p>
        <div className={styles.actions}>
          <ButtonLink to={adminPath('dashboard')}>{t('admin.shell.toDashboard')}</ButtonLink>
        </div>
      </div>
    </section>
  );
}
