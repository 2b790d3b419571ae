import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import { useSession } from '../../data/auth';
import { useBrowserOnline } from '../../data/use-online';
import { BackLink } from '../../ui/back-link';
import styles from './account.module.css';
import edit from './profile-edit-page.module.css';
import { ProfileTab } from '../dashboard/profile-tab';
import { DeleteAccountForm, EmailChangeForm, PasswordChangeForm } from './security-forms';

/**
 * `/profile/edit` (protected): the user record as the dashboard's Profile tab edits it (the same
 * form, offline too), then the e-mail address and the password, each changed with the current
 * password (online), and the deletion of the account.
 */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const online = useBrowserOnline();
  if (!user) return null;
  const usesPassword = user.provider === 'password';
  return (
    <div className={`container ${styles.page} ${edit.page}`}>
      <BackLink to={pathOf('dashboard')}>{t('auth.profile.back')}</BackLink>
      <header className={edit.header}>
        <h1>{t('auth.profile.title')}</h1>
        <p className={styles.lead}>{t('auth.profile.lead')}</p>
      </header>
      {!online && (
        <p className={`${styles.notice} ${styles.warning}`} role="status">
          {t('auth.profile.offline')}
        </p>
      )}
      <div className={edit.sections}>
        <ProfileTab user={user} />
        {usesPassword ? (
          <>
            <EmailChangeForm email={user.email} />
            <PasswordChangeForm />
            <DeleteAccountForm />
          </>
        ) : (
          <section className={styles.card} aria-labelledby="google-account">
            <h2 id="google-account">{t('auth.profile.googleTitle')}</h2>
            <p className={styles.muted}>{t('auth.profile.googleBody', { email: user.email })}</p>
          </section>
        )}
      </div>
    </div>
  );
}
