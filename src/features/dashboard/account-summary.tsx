import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import type { SessionUserView } from '../../domain/account';
import { ButtonLink } from '../../ui/button';
import { languageName } from '../../ui/intl';
import styles from '../account/account.module.css';
import summary from './account-summary.module.css';
import tags from './tabs.module.css';

/**
 * The account at a glance (from the session, so offline too): name, e-mail and whether it is
 * confirmed, kind of account, sign-in method, preferred language; the e-mail, the password and the
 * account itself are changed on `/profile/edit`.
 */
export function AccountSummary({ user }: { user: SessionUserView }) {
  const { t, i18n } = useTranslation();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.displayName;
  return (
    <section className={styles.card} aria-labelledby="account-heading">
      <div className={styles.row}>
        <h2 id="account-heading">{t('auth.dashboard.account')}</h2>
        <ButtonLink to={pathOf('profileEdit')} size="small" variant="secondary">
          {t('accountMenu.profile')}
        </ButtonLink>
      </div>
      <dl className={summary.facts}>
        <div>
          <dt>{t('auth.fields.name')}</dt>
          <dd>{fullName || '—'}</dd>
        </div>
        <div>
          <dt>{t('auth.fields.email')}</dt>
          <dd>
            {user.email}{' '}
            <span className={`${tags.tag} ${user.isVerifiedEmail ? tags.completed : tags.waiting}`}>
              {user.isVerifiedEmail ? t('auth.dashboard.verified') : t('auth.dashboard.notVerified')}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('auth.dashboard.role')}</dt>
          <dd>{t(`auth.roles.${user.role}`)}</dd>
        </div>
        <div>
          <dt>{t('auth.dashboard.method')}</dt>
          <dd>{t(`auth.dashboard.methods.${user.provider}`)}</dd>
        </div>
        <div>
          <dt>{t('auth.dashboard.language')}</dt>
          <dd>{languageName(user.preferredLanguage, i18n.language)}</dd>
        </div>
      </dl>
    </section>
  );
}
