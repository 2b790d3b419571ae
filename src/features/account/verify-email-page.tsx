import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { confirmEmail, useSession } from '../../data/auth';
import { useBrowserOnline } from '../../data/use-online';
import { Button, ButtonLink } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import styles from './account.module.css';
import { codeOf, useErrorText } from './errors';

/** A link's token is used once: a second render (or React's double effect) must not spend it again. */
const confirmations = new Map<string, Promise<void>>();

function confirmOnce(token: string): Promise<void> {
  let attempt = confirmations.get(token);
  if (!attempt) {
    attempt = confirmEmail(token);
    confirmations.set(token, attempt);
    // A failure that is not the link's fault (offline, timeout) may be tried again.
    attempt.catch((error: unknown) => {
      if (['offline', 'network', 'timeout', 'server'].includes(codeOf(error))) confirmations.delete(token);
    });
  }
  return attempt;
}

type State = { kind: 'confirming' } | { kind: 'done' } | { kind: 'failed'; error: unknown };

/** `/verify-email?token=…`: confirms the address from the link of the verification mail. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { ofError } = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token');
  const online = useBrowserOnline();
  const session = useSession();
  const [state, setState] = useState<State>({ kind: 'confirming' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token || !online) return;
    let live = true;
    confirmOnce(token).then(
      () => {
        if (live) setState({ kind: 'done' });
      },
      (error: unknown) => {
        if (live) setState({ kind: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [token, online, attempt]);

  const signedIn = session.status === 'signed_in';
  // Until the session is known, no "sign in" is offered to someone who may well be signed in.
  const next =
    session.status === 'loading' ? null : signedIn ? (
      <ButtonLink to={pathOf('dashboard')}>{t('auth.verify.toDashboard')}</ButtonLink>
    ) : (
      <ButtonLink to={`${pathOf('login')}?redirect=${encodeURIComponent(pathOf('dashboard'))}`}>
        {t('auth.login.submit')}
      </ButtonLink>
    );
  // A second use of the link by the person it confirmed: their address is confirmed, say so.
  const alreadyConfirmed =
    state.kind === 'failed' &&
    codeOf(state.error) === 'token_invalid' &&
    signedIn &&
    session.user?.isVerifiedEmail === true;

  let body;
  if (!token) {
    body = <p className={`${styles.notice} ${styles.error}`}>{t('auth.errors.token_invalid')}</p>;
  } else if (!online && state.kind === 'confirming') {
    body = (
      <p className={`${styles.notice} ${styles.warning}`} role="status">
        {t('auth.needsConnection')}
      </p>
    );
  } else if (state.kind === 'confirming') {
    body = (
      <>
        <p className={styles.lead}>{t('auth.verify.confirming')}</p>
        <PageLoading />
      </>
    );
  } else if (state.kind === 'done' || alreadyConfirmed) {
    body = (
      <>
        <p className={`${styles.notice} ${styles.success}`} role="status">
          {t(alreadyConfirmed ? 'auth.verify.alreadyDone' : 'auth.verify.done')}
        </p>
        <div className={styles.actions}>{next}</div>
      </>
    );
  } else {
    const expired = codeOf(state.error) === 'token_invalid';
    body = (
      <>
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {ofError(state.error)}
        </p>
        <p className={styles.muted}>{expired ? t('auth.verify.expiredHint') : t('auth.verify.retryHint')}</p>
        <div className={styles.actions}>
          {expired ? (
            next
          ) : (
            <Button
              onClick={() => {
                setState({ kind: 'confirming' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('auth.retry')}
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <div className={`container ${styles.page}`}>
      <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="verify-title">
        <h1 id="verify-title">{t('auth.verify.title')}</h1>
        {body}
      </section>
    </div>
  );
}
