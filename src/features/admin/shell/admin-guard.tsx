/**
 * The admin-role guard of every console route (spec section 4, "Protected routes"): the session
 * is checked with the service once when the console opens (the console is online only, so the
 * last known session on the device is not enough); nobody signed in goes to `/admin/login` with
 * the path to come back to; a signed-in user of another role, or a suspended account, is refused.
 * The service refuses every `/api/admin` call of a non-admin anyway: this guard is for the person,
 * not for safety.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { ADMIN_LOGIN_PATH, loginPath } from '../../../config/paths';
import { checkSession, useSession } from '../../../data/auth';
import { BAN_CHECK_TIMEOUT_MS } from '../../../domain/constants';
import { Button } from '../../../ui/button';
import { PageLoading } from '../../../ui/page-loading';
import { AdminRefused } from './admin-refused';
import styles from './admin-message.module.css';

type Check = 'pending' | 'done' | 'failed';

export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const [check, setCheck] = useState<{ attempt: number; state: Check }>();

  useEffect(() => {
    let live = true;
    void checkSession(BAN_CHECK_TIMEOUT_MS).then((result) => {
      if (!live) return;
      const known = ['signed_in', 'signed_out', 'banned'].includes(result.outcome);
      setCheck({ attempt, state: known ? 'done' : 'failed' });
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const state: Check = check?.attempt === attempt ? check.state : 'pending';
  if (state === 'pending') {
    return (
      <div data-admin-guard="checking">
        <PageLoading />
      </div>
    );
  }
  if (state === 'failed' && session.status !== 'signed_out') {
    return (
      <section className={styles.page} data-admin-guard="error">
        <div className={styles.card} role="alert">
          <h1>{t('admin.common.errors.network')}</h1>
          <div className={styles.actions}>
            <Button onClick={() => setAttempt((n) => n + 1)}>{t('admin.common.retry')}</Button>
          </div>
        </div>
      </section>
    );
  }
  if (session.status === 'banned') return <AdminRefused reason="suspended" />;
  if (session.status === 'signed_in' && session.user) {
    return session.user.role === 'admin' ? children : <AdminRefused reason="role" />;
  }
  // Whoever signed out here starts again at the login, not at the page they left.
  if (session.endedByUser) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  const here = `${location.pathname}${location.search}`;
  return <Navigate to={loginPath({ redirect: here }, ADMIN_LOGIN_PATH)} replace />;
}
