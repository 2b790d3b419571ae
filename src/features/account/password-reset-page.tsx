import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { confirmPasswordReset, requestPasswordReset, useSession } from '../../data/auth';
import { useBrowserOnline } from '../../data/use-online';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { isValidEmail, normalizeEmail } from '../../domain/email';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/form-field';
import { PasswordField } from '../../ui/password-field';
import { clientStrengthGauge } from '../../ui/password-strength';
import styles from './account.module.css';
import { codeOf, useErrorText } from './errors';

/**
 * `/password-reset`: asks for the e-mail and sends the reset link; opened from that link
 * (`?token=…`), asks for the new password.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.narrow}>{token ? <NewPasswordForm token={token} /> : <RequestForm />}</div>
    </div>
  );
}

function emailProblem(email: string) {
  const normalized = normalizeEmail(email);
  if (!normalized) return 'email_required';
  return isValidEmail(normalized) ? undefined : 'email_invalid';
}

function RequestForm() {
  const { t } = useTranslation();
  const { text, ofError } = useErrorText();
  const online = useBrowserOnline();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const problem = emailProblem(email);

  const submit = async () => {
    setSubmitted(true);
    setFailure(undefined);
    if (problem) {
      document.getElementById('reset-email')?.focus();
      return;
    }
    setSending(true);
    try {
      await requestPasswordReset(email);
      setSentTo(normalizeEmail(email));
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  };

  if (sentTo) {
    return (
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title">{t('auth.reset.sentTitle')}</h1>
        <p className={`${styles.notice} ${styles.success}`} role="status">
          {t('auth.reset.sent', { email: sentTo })}
        </p>
        <p className={styles.muted}>{t('auth.reset.sentHint')}</p>
        <div className={styles.actions}>
          <ButtonLink to={pathOf('login')}>{t('auth.reset.backToLogin')}</ButtonLink>
          <Button variant="secondary" onClick={() => setSentTo(undefined)}>
            {t('auth.reset.again')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="reset-title">
      <div>
        <h1 id="reset-title">{t('auth.reset.title')}</h1>
        <p className={styles.lead}>{t('auth.reset.lead')}</p>
      </div>
      <form
        className={styles.form}
        noValidate
        aria-labelledby="reset-title"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          id="reset-email"
          label={t('auth.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          error={submitted && problem ? text(problem) : undefined}
          onValue={setEmail}
        />
        {!online && (
          <p className={`${styles.notice} ${styles.warning}`} role="status">
            {t('auth.needsConnection')}
          </p>
        )}
        {failure !== undefined && (
          <p className={`${styles.notice} ${styles.error}`} role="alert">
            {ofError(failure)}
          </p>
        )}
        <Button type="submit" className={styles.submit} disabled={sending || !online}>
          {sending ? t('auth.sending') : t('auth.reset.submit')}
        </Button>
      </form>
      <p className={`${styles.muted} ${styles.center}`}>
        <Link to={pathOf('login')}>{t('auth.reset.backToLogin')}</Link>
      </p>
    </section>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const { text, ofError } = useErrorText();
  const online = useBrowserOnline();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const passwordProblem = !password
    ? 'password_required'
    : password.length < PASSWORD_MIN_LENGTH
      ? 'password_too_short'
      : undefined;
  const confirmProblem = confirm !== password ? 'password_mismatch' : undefined;

  const submit = async () => {
    setSubmitted(true);
    setFailure(undefined);
    if (passwordProblem || confirmProblem) {
      document.getElementById(passwordProblem ? 'reset-password' : 'reset-confirm')?.focus();
      return;
    }
    setSending(true);
    try {
      await confirmPasswordReset(token, password);
      setDone(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  };

  if (done) {
    const signedIn = session.status === 'signed_in';
    return (
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title">{t('auth.reset.doneTitle')}</h1>
        <p className={`${styles.notice} ${styles.success}`} role="status">
          {t('auth.reset.done')}
        </p>
        <div className={styles.actions}>
          <ButtonLink to={signedIn ? pathOf('dashboard') : pathOf('login')}>
            {signedIn ? t('accountMenu.dashboard') : t('auth.login.submit')}
          </ButtonLink>
        </div>
      </section>
    );
  }

  const expired = failure !== undefined && codeOf(failure) === 'token_invalid';
  return (
    <section className={styles.card} aria-labelledby="reset-title">
      <div>
        <h1 id="reset-title">{t('auth.reset.newTitle')}</h1>
        <p className={styles.lead}>{t('auth.reset.newLead')}</p>
      </div>
      <form
        className={styles.form}
        noValidate
        aria-labelledby="reset-title"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <PasswordField
          id="reset-password"
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          value={password}
          error={submitted && passwordProblem ? text(passwordProblem) : undefined}
          strength={clientStrengthGauge(password, t)}
          onValue={setPassword}
        />
        <PasswordField
          id="reset-confirm"
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          value={confirm}
          error={submitted && !passwordProblem && confirmProblem ? text(confirmProblem) : undefined}
          onValue={setConfirm}
        />
        {!online && (
          <p className={`${styles.notice} ${styles.warning}`} role="status">
            {t('auth.needsConnection')}
          </p>
        )}
        {failure !== undefined && (
          <div className={`${styles.notice} ${styles.error}`} role="alert">
            <p>{ofError(failure)}</p>
            {expired && (
              <p className={styles.noticeActions}>
                <Link to={pathOf('passwordReset')}>{t('auth.reset.newLink')}</Link>
              </p>
            )}
          </div>
        )}
        <Button type="submit" className={styles.submit} disabled={sending || !online}>
          {sending ? t('auth.sending') : t('auth.reset.save')}
        </Button>
      </form>
    </section>
  );
}
