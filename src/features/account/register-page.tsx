import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { pathOf, safeRedirect } from '../../config/paths';
import { LAWYER_VALIDATION_HOURS } from '../../domain/constants';
import styles from './account.module.css';
import register from './register-page.module.css';

const ROLES = [
  { role: 'client', page: 'registerClient', icon: 'M12 12a4 4 0 1 0 0-8a4 4 0 1 0 0 8zM4 21a8 8 0 0 1 16 0' },
  {
    role: 'lawyer',
    page: 'registerLawyer',
    icon: 'M12 3v18M8 21h8M5 7h14M5 7l-3 7a3 3 0 0 0 6 0zM19 7l-3 7a3 3 0 0 0 6 0z',
  },
  {
    role: 'expat',
    page: 'registerExpat',
    icon: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM15.5 8.5l-2 5-5 2 2-5z',
  },
] as const;

/** `/register`: the choice of account, client, lawyer or expat helper, as three cards. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const withRedirect = (path: string) =>
    redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
  return (
    <div className={`container ${styles.page}`}>
      <header className={register.header}>
        <h1>{t('auth.register.title')}</h1>
        <p className={styles.lead}>{t('auth.register.lead')}</p>
      </header>
      <ul className={register.roles}>
        {ROLES.map(({ role, page, icon }) => (
          <li key={role} className={`${register.role} ${role === 'client' ? register.primary : ''}`}>
            <span className={register.icon} aria-hidden="true">
              <svg
                viewBox="0 0 24 24"
                width="28"
                height="28"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={icon} />
              </svg>
            </span>
            <h2>
              <Link
                to={role === 'client' ? withRedirect(pathOf(page)) : pathOf(page)}
                className={register.link}
              >
                {t(`auth.register.roles.${role}.title`)}
              </Link>
            </h2>
            <p>{t(`auth.register.roles.${role}.body`, { hours: LAWYER_VALIDATION_HOURS })}</p>
            <span className={register.cta} aria-hidden="true">
              {t(`auth.register.roles.${role}.cta`)} →
            </span>
          </li>
        ))}
      </ul>
      <p className={`${styles.muted} ${register.already}`}>
        {t('auth.register.already')}{' '}
        <Link to={redirect ? `${pathOf('login')}?redirect=${encodeURIComponent(redirect)}` : pathOf('login')}>
          {t('auth.register.signIn')}
        </Link>
      </p>
    </div>
  );
}
