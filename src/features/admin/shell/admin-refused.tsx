import { useTranslation } from 'react-i18next';
import { signOut } from '../../../data/auth';
import { Button, ButtonLink } from '../../../ui/button';
import styles from './admin-message.module.css';

/** Signed in, but not as an admin (or the account is suspended): said plainly, with a way out. */
export function AdminRefused({ reason }: { reason: 'role' | 'suspended' }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page} data-admin-guard="refused">
      <div className={styles.card} role="alert">
        <p className={styles.eyebrow}>{t('admin.shell.refused.eyebrow')}</p>
        <h1>
          {reason === 'role' ? t('admin.shell.refused.title') : t('admin.common.errors.account_suspended')}
        </h1>
        {reason === 'role' && <p>{t('admin.shell.refused.body')}</p>}
        <div className={styles.actions}>
          <Button onClick={() => void signOut()}>{t('admin.shell.signOut')}</Button>
          <ButtonLink to="/" variant="secondary">
            {t('admin.shell.refused.home')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
