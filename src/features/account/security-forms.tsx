/**
 * The account's sensitive changes, each confirmed by the current password (spec section 6):
 * e-mail address, password, and deleting the account.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeEmail, changePassword, deleteAccount } from '../../data/auth';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { isValidEmail, normalizeEmail } from '../../domain/email';
import { Button } from '../../ui/button';
import { CheckboxField, TextField } from '../../ui/form-field';
import { PasswordField } from '../../ui/password-field';
import { clientStrengthGauge } from '../../ui/password-strength';
import styles from './account.module.css';
import { codeOf, useErrorText } from './errors';
import type { AuthErrorCode } from './errors';

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; error: unknown };

/** A wrong current password reads as such here (at sign-in it never says which part was wrong). */
function useFailureText() {
  const { t } = useTranslation();
  const { ofError } = useErrorText();
  return (error: unknown) =>
    codeOf(error) === 'invalid_credentials' ? t('auth.profile.wrongPassword') : ofError(error);
}

function SecurityForm({
  id,
  title,
  intro,
  status,
  submitLabel,
  danger,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  status: Status;
  submitLabel: string;
  danger?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  return (
    <form
      className={`${styles.card} ${styles.form}`}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {intro && <p className={styles.muted}>{intro}</p>}
      {children}
      {status.kind === 'failed' && (
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {failureText(status.error)}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant={danger ? 'primary' : 'secondary'} disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? t('auth.sending') : submitLabel}
        </Button>
      </div>
    </form>
  );
}

const passwordCode = (password: string): AuthErrorCode | undefined =>
  !password ? 'password_required' : undefined;

export function EmailChangeForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const normalized = normalizeEmail(newEmail);
  const emailCode: AuthErrorCode | undefined = !normalized
    ? 'email_required'
    : !isValidEmail(normalized)
      ? 'email_invalid'
      : normalized === email
        ? 'same_email'
        : undefined;

  const submit = async () => {
    setSubmitted(true);
    if (emailCode || passwordCode(password)) {
      document.getElementById(emailCode ? 'email-new' : 'email-password')?.focus();
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      await changeEmail(password, newEmail);
      setStatus({ kind: 'saved' });
      setNewEmail('');
      setPassword('');
      setSubmitted(false);
    } catch (error) {
      setStatus({ kind: 'failed', error });
    }
  };

  return (
    <SecurityForm
      id="email"
      title={t('auth.profile.emailTitle')}
      intro={t('auth.profile.emailIntro', { email })}
      status={status}
      submitLabel={t('auth.profile.emailSubmit')}
      onSubmit={() => void submit()}
    >
      <TextField
        id="email-new"
        label={t('auth.fields.newEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={newEmail}
        error={submitted && emailCode ? text(emailCode) : undefined}
        onValue={(value) => {
          setNewEmail(value);
          setStatus({ kind: 'idle' });
        }}
      />
      <PasswordField
        id="email-password"
        label={t('auth.fields.currentPassword')}
        autoComplete="current-password"
        value={password}
        error={submitted && passwordCode(password) ? text(passwordCode(password)) : undefined}
        onValue={setPassword}
      />
      <p aria-live="polite" className={styles.muted}>
        {status.kind === 'saved' && t('auth.profile.emailSaved')}
      </p>
    </SecurityForm>
  );
}

export function PasswordChangeForm() {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const nextCode: AuthErrorCode | undefined = !next
    ? 'password_required'
    : next.length < PASSWORD_MIN_LENGTH
      ? 'password_too_short'
      : undefined;
  const confirmCode: AuthErrorCode | undefined =
    !nextCode && confirm !== next ? 'password_mismatch' : undefined;

  const submit = async () => {
    setSubmitted(true);
    const first = passwordCode(current)
      ? 'password-current'
      : nextCode
        ? 'password-new'
        : confirmCode
          ? 'password-confirm'
          : undefined;
    if (first) return document.getElementById(first)?.focus();
    setStatus({ kind: 'saving' });
    try {
      await changePassword(current, next);
      setStatus({ kind: 'saved' });
      setCurrent('');
      setNext('');
      setConfirm('');
      setSubmitted(false);
    } catch (error) {
      setStatus({ kind: 'failed', error });
    }
  };

  return (
    <SecurityForm
      id="password"
      title={t('auth.profile.passwordTitle')}
      status={status}
      submitLabel={t('auth.profile.passwordSubmit')}
      onSubmit={() => void submit()}
    >
      <PasswordField
        id="password-current"
        label={t('auth.fields.currentPassword')}
        autoComplete="current-password"
        value={current}
        error={submitted && passwordCode(current) ? text(passwordCode(current)) : undefined}
        onValue={setCurrent}
      />
      <PasswordField
        id="password-new"
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        value={next}
        strength={clientStrengthGauge(next, t)}
        error={submitted && nextCode ? text(nextCode) : undefined}
        onValue={(value) => {
          setNext(value);
          setStatus({ kind: 'idle' });
        }}
      />
      <PasswordField
        id="password-confirm"
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        value={confirm}
        error={submitted && confirmCode ? text(confirmCode) : undefined}
        onValue={setConfirm}
      />
      <p aria-live="polite" className={styles.muted}>
        {status.kind === 'saved' && t('auth.profile.passwordSaved')}
      </p>
    </SecurityForm>
  );
}

export function DeleteAccountForm() {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const submit = async () => {
    setSubmitted(true);
    if (passwordCode(password) || !sure) {
      document.getElementById(passwordCode(password) ? 'delete-password' : 'delete-sure')?.focus();
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      // Once it is gone, the route guard leaves this protected page for the home page.
      await deleteAccount(password);
    } catch (error) {
      setStatus({ kind: 'failed', error });
    }
  };

  return (
    <SecurityForm
      id="delete"
      title={t('auth.profile.deleteTitle')}
      intro={t('auth.profile.deleteIntro')}
      status={status}
      submitLabel={t('auth.profile.deleteSubmit')}
      danger
      onSubmit={() => void submit()}
    >
      <PasswordField
        id="delete-password"
        label={t('auth.fields.currentPassword')}
        autoComplete="current-password"
        value={password}
        error={submitted && passwordCode(password) ? text(passwordCode(password)) : undefined}
        onValue={setPassword}
      />
      <CheckboxField
        id="delete-sure"
        label={t('auth.profile.deleteConfirm')}
        checked={sure}
        error={submitted && !sure ? t('auth.profile.deleteConfirmRequired') : undefined}
        onValue={setSure}
      />
    </SecurityForm>
  );
}
