/**
 * The route guard of protected screens (spec sections 4 and 6). Its states: `loading` (who is
 * signed in is not known yet), `checking` (asking the server, which also checks the ban),
 * `authorized`, `unauthorized` (nobody signed in, or a role outside the allowed list), `banned`
 * and `error` (the check took longer than 5 s or the service failed).
 *
 * Nobody signed in goes to the login with the path to come back to (admin routes to the admin
 * login); an error goes to the login with `error=auth_error`. A signed-in user whose device is
 * offline passes on the last known session: their data is on the device.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { ADMIN_LOGIN_PATH, loginPath, pathOf } from '../config/paths';
import { checkSession, signOut, useSession } from '../data/auth';
import type { Session, SessionCheck } from '../data/auth';
import { BAN_CHECK_TIMEOUT_MS } from '../domain/constants';
import type { UserRole } from '../domain/professions';
import { Button, ButtonLink } from '../ui/button';
import { PageLoading } from '../ui/page-loading';
import styles from '../features/pages/message-page.module.css';

export type GuardState = 'loading' | 'checking' | 'authorized' | 'unauthorized' | 'banned' | 'error';

type Check = SessionCheck | { outcome: 'pending' } | { outcome: 'skipped' };

/** The guard's state from the session, the server's answer to this guard's check, and the roles allowed. */
export function guardState(session: Session, check: Check, roles?: readonly UserRole[]): GuardState {
  if (check.outcome === 'timeout') return 'error';
  if (check.outcome === 'pending') return session.status === 'loading' ? 'loading' : 'checking';
  if (check.outcome === 'failed' && session.status !== 'signed_in') return 'error';
  if (session.status === 'loading') return 'loading';
  if (session.status === 'banned') return 'banned';
  if (session.status === 'error') return 'error';
  if (session.status !== 'signed_in' || !session.user) return 'unauthorized';
  if (roles && roles.length > 0 && !roles.includes(session.user.role)) return 'unauthorized';
  return 'authorized';
}

function withTimeout(check: Promise<SessionCheck>): Promise<SessionCheck> {
  return Promise.race([
    check,
    new Promise<SessionCheck>((resolve) =>
      setTimeout(() => resolve({ outcome: 'timeout' }), BAN_CHECK_TIMEOUT_MS),
    ),
  ]);
}

export function RequireAuth({ roles, children }: { roles?: readonly UserRole[]; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const [check, setCheck] = useState<Check>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false
      ? { outcome: 'skipped' }
      : { outcome: 'pending' },
  );

  useEffect(() => {
    if (check.outcome !== 'pending') return;
    let live = true;
    void withTimeout(checkSession(BAN_CHECK_TIMEOUT_MS)).then((result) => {
      if (live) setCheck(result);
    });
    return () => {
      live = false;
    };
  }, [check.outcome]);

  const state = guardState(session, check, roles);
  const admin = roles?.includes('admin') || location.pathname.startsWith('/admin');
  const here = `${location.pathname}${location.search}`;

  switch (state) {
    case 'loading':
    case 'checking':
      return (
        <div data-guard={state}>
          <PageLoading />
        </div>
      );
    case 'authorized':
      return children;
    case 'unauthorized':
      if (session.status === 'signed_in' && !admin) return <AccessDenied />;
      // Whoever just signed out (or deleted their account) leaves for the home page, not the login.
      if (session.endedByUser) return <Navigate to="/" replace />;
      return <Navigate to={loginPath({ redirect: here }, admin ? ADMIN_LOGIN_PATH : undefined)} replace />;
    case 'banned':
      return <Suspended />;
    case 'error':
      return <Navigate to={loginPath({ error: 'auth_error', redirect: here })} replace />;
    default:
      return <Navigate to={loginPath({ error: 'unknown' })} replace />;
  }
}

/** Signed in, but this page is for another role. */
function AccessDenied() {
  const { t } = useTranslation();
  return (
    <section className={`container ${styles.page}`} data-guard="unauthorized">
      <div className={styles.card}>
        <p className={styles.eyebrow}>{t('accessGuard.eyebrow')}</p>
        <h1>{t('accessGuard.accessError')}</h1>
        <p>{t('accessGuard.accessErrorBody')}</p>
        <div className={styles.actions}>
          <ButtonLink to={pathOf('dashboard')}>{t('accountMenu.dashboard')}</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            {t('comingSoon.home')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** The account is suspended: said plainly, with the way to reach the team. */
function Suspended() {
  const { t } = useTranslation();
  return (
    <section className={`container ${styles.page}`} data-guard="banned">
      <div className={styles.card} role="alert">
        <p className={styles.eyebrow}>{t('accessGuard.eyebrow')}</p>
        <h1>{t('accessGuard.accountSuspended')}</h1>
        <p>{t('accessGuard.accountSuspendedBody')}</p>
        <div className={styles.actions}>
          <ButtonLink to={pathOf('contact')}>{t('accessGuard.contactSupport')}</ButtonLink>
          <Button variant="secondary" onClick={() => void signOut()}>
            {t('accountMenu.signOut')}
          </Button>
        </div>
      </div>
    </section>
  );
}
