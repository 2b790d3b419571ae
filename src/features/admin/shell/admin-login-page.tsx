/**
 * `/admin/login`: the admins' sign-in, on the same `/api/auth/login` and session as the site's.
 * An account of another role is refused here and signed out at once, so that it does not stay
 * signed in on a console it cannot use. After sign-in, the admin returns to the console path in
 * `redirect` (only an `/admin/…` path), else the dashboard.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_LOGIN_PATH, pathOf, safeRedirect } from '../../../config/paths';
import { errorCode } from '../../../data/api';
import { signIn, signOut, useSession } from '../../../data/auth';
import { Button } from '../../../ui/button';
import { CheckboxField, TextField } from '../../../ui/form-field';
import { adminPath } from '../screens';
import { OnlineOnly } from '../ui/online-only';
import styles from './admin-login-page.module.css';

/** Where to go after sign-in: a console path from `redirect`, else the dashboard. */
export function adminReturnPath(raw: string | null): string {
  const path = safeRedirect(raw);
  if (!path || !/^\/admin(\/|\?|$)/.test(path)) return adminPath('dashboard');
  if (path.split(/[?#]/)[0] === ADMIN_LOGIN_PATH) return adminPath('dashboard');
  return path;
}

export function AdminLoginPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const target = adminReturnPath(params.get('redirect'));
  useEffect(() => {
    document.title = `${t('admin.shell.login.title')} · ${t('admin.shell.title')}`;
  }, [t]);

  // An admin already signed in (and confirmed by the service) goes straight on.
  if (!busy && session.status === 'signed_in' && session.confirmed && session.user?.role === 'admin') {
    return <Navigate to={target} replace />;
  }

  const message = (code: string) => {
    const key = [`admin.shell.login.errors.${code}`, `admin.common.errors.${code}`].find((k) =>
      i18n.exists(k),
    );
    return t((key ?? 'admin.common.errors.unknown') as ParseKeys);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('admin.shell.login.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const user = await signIn({ email, password, remember });
      if (user.role !== 'admin') {
        await signOut();
        setError(t('admin.shell.login.refused'));
        return;
      }
      void navigate(target, { replace: true });
    } catch (failure) {
      setError(message(errorCode(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.page} data-admin-screen="login">
      <OnlineOnly>
        <form className={styles.card} onSubmit={(event) => void submit(event)} noValidate>
          <p className={styles.brand}>{t('admin.shell.brand')}</p>
          <h1 className={styles.title}>{t('admin.shell.login.title')}</h1>
          <p className={styles.intro}>{t('admin.shell.login.intro')}</p>
          {error && (
            <p className={styles.error} role="alert" data-admin-login-error>
              {error}
            </p>
          )}
          <TextField
            id="admin-login-email"
            label={t('admin.shell.login.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onValue={setEmail}
            required
          />
          <TextField
            id="admin-login-password"
            label={t('admin.shell.login.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
            required
          />
          <CheckboxField
            id="admin-login-remember"
            label={t('admin.shell.login.remember')}
            checked={remember}
            onValue={setRemember}
          />
          <Button type="submit" disabled={busy} aria-busy={busy} className={styles.submit}>
            {busy ? t('admin.shell.login.submitting') : t('admin.shell.login.submit')}
          </Button>
          <div className={styles.links}>
            <Link to={pathOf('passwordReset')}>{t('admin.shell.login.forgot')}</Link>
            <Link to="/">{t('admin.shell.backToSite')}</Link>
          </div>
        </form>
      </OnlineOnly>
    </section>
  );
}
