import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isBookingPath, pathOf, safeRedirect } from '../../config/paths';
import { ApiError } from '../../data/api';
import { signIn, signOut, useSession } from '../../data/auth';
import { useBrowserOnline } from '../../data/use-online';
import { loginIsValid, loginProblems } from '../../domain/sign-in';
import { Button, ButtonLink } from '../../ui/button';
import { CheckboxField, TextField } from '../../ui/form-field';
import { PasswordField } from '../../ui/password-field';
import styles from './account.module.css';
import { codeOf, knownCode, useErrorText } from './errors';
import { GoogleButton } from './google-button';
import login from './login-page.module.css';

const EMAIL_ID = 'login-email';
const PASSWORD_ID = 'login-password';

/** Codes after which trying again may work as it is (no field to fix). */
const RETRYABLE = new Set(['network', 'timeout', 'server', 'offline']);

/**
 * `/login`: e-mail and password, remember me, forgotten password, Google (clients only), the way
 * to create an account. `redirect` is where the user goes once signed in; `error` says why the
 * user was sent here (session check failed, Google refused…).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { text, ofError } = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const reason = params.get('error');
  const online = useBrowserOnline();
  const session = useSession();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [blockedFor, setBlockedFor] = useState(0);

  // A 429 keeps the button disabled for the delay the server gave.
  useEffect(() => {
    if (blockedFor <= 0) return;
    const timer = setTimeout(() => setBlockedFor(0), blockedFor * 1000);
    return () => clearTimeout(timer);
  }, [blockedFor]);

  const problems = loginProblems({ email, password });
  const fieldError = (field: 'email' | 'password') => {
    const code = submitted ? problems.fields[field] : undefined;
    return code ? text(code) : undefined;
  };

  const submit = async () => {
    setSubmitted(true);
    setFailure(undefined);
    if (!loginIsValid(problems)) {
      const first = problems.fields.email || problems.form ? EMAIL_ID : PASSWORD_ID;
      document.getElementById(first)?.focus();
      return;
    }
    if (!navigator.onLine) {
      setFailure(new ApiError(0, 'offline'));
      return;
    }
    setSending(true);
    try {
      await signIn({ email, password, remember });
      navigate(redirect ?? pathOf('dashboard'), { replace: true });
    } catch (error) {
      setFailure(error);
      if (error instanceof ApiError && error.code === 'rate_limited') setBlockedFor(error.retryAfter ?? 60);
    } finally {
      setSending(false);
    }
  };

  const failureCode = failure === undefined ? undefined : codeOf(failure, 'invalid_credentials');
  const formMessage =
    submitted && problems.form
      ? text(problems.form)
      : failure !== undefined
        ? ofError(failure, 'invalid_credentials')
        : undefined;

  return (
    <div className={`container ${styles.page}`}>
      <div className={login.layout}>
        <section className={styles.card} aria-labelledby="login-title">
          <div>
            <h1 id="login-title">{t('auth.login.title')}</h1>
            <p className={styles.lead}>{t('auth.login.lead')}</p>
          </div>

          {reason && (
            <div className={`${styles.notice} ${styles.error}`} role="alert">
              <p>{text(knownCode(reason))}</p>
            </div>
          )}
          {isBookingPath(redirect) ? (
            <p className={`${styles.notice} ${styles.info}`}>{t('auth.login.bookingNotice')}</p>
          ) : (
            redirect && <p className={`${styles.notice} ${styles.info}`}>{t('auth.login.redirectNotice')}</p>
          )}
          {!online && (
            <p className={`${styles.notice} ${styles.warning}`} role="status">
              {t('auth.login.offline')}
            </p>
          )}
          {session.status === 'signed_in' && session.user && (
            <AlreadySignedIn name={session.user.displayName || session.user.email} redirect={redirect} />
          )}

          <form
            className={styles.form}
            noValidate
            aria-labelledby="login-title"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {formMessage && (
              <div className={`${styles.notice} ${styles.error}`} role="alert" data-testid="login-error">
                <p>{formMessage}</p>
                {failureCode === 'account_suspended' && (
                  <p className={styles.noticeActions}>
                    <Link to={pathOf('contact')}>{t('accessGuard.contactSupport')}</Link>
                  </p>
                )}
                {failureCode && RETRYABLE.has(failureCode) && online && (
                  <p className={styles.noticeActions}>
                    <button type="button" className={styles.linkButton} onClick={() => void submit()}>
                      {t('auth.retry')}
                    </button>
                  </p>
                )}
              </div>
            )}
            <TextField
              id={EMAIL_ID}
              label={t('auth.fields.email')}
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={email}
              error={fieldError('email')}
              onValue={setEmail}
            />
            <PasswordField
              id={PASSWORD_ID}
              label={t('auth.fields.password')}
              autoComplete="current-password"
              value={password}
              error={fieldError('password')}
              onValue={setPassword}
            />
            <div className={styles.row}>
              <CheckboxField
                id="login-remember"
                label={t('auth.login.remember')}
                checked={remember}
                onValue={setRemember}
              />
              <Link to={pathOf('passwordReset')}>{t('auth.login.forgot')}</Link>
            </div>
            <Button type="submit" className={styles.submit} disabled={sending || blockedFor > 0 || !online}>
              {sending ? t('auth.login.submitting') : t('auth.login.submit')}
            </Button>
          </form>

          <p className={styles.divider}>{t('auth.or')}</p>
          <GoogleButton redirect={redirect} remember={remember} online={online} />

          <p className={`${styles.muted} ${styles.center}`}>
            {t('auth.login.noAccount')}{' '}
            <Link
              to={
                redirect
                  ? `${pathOf('register')}?redirect=${encodeURIComponent(redirect)}`
                  : pathOf('register')
              }
            >
              {t('auth.login.createAccount')}
            </Link>
          </p>
        </section>
        <aside className={login.side} aria-labelledby="login-why">
          <h2 id="login-why">{t('auth.login.whyTitle')}</h2>
          <ul>
            <li>{t('auth.login.why1')}</li>
            <li>{t('auth.login.why2')}</li>
            <li>{t('auth.login.why3')}</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}

function AlreadySignedIn({ name, redirect }: { name: string; redirect?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.notice} ${styles.success}`}>
      <p>{t('auth.login.already', { name })}</p>
      <div className={styles.noticeActions}>
        <ButtonLink to={redirect ?? pathOf('dashboard')} size="small">
          {t('auth.login.continue')}
        </ButtonLink>
        <Button size="small" variant="secondary" onClick={() => void signOut()}>
          {t('accountMenu.signOut')}
        </Button>
      </div>
    </div>
  );
}
