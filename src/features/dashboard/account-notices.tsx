import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendVerification } from '../../data/auth';
import { useOwnProfile } from '../../data/own-profile';
import type { SessionUserView } from '../../domain/account';
import { LAWYER_VALIDATION_HOURS } from '../../domain/constants';
import { Button } from '../../ui/button';
// The account screens' error texts (auth.errors.<code>): the same codes come back from /api/auth.
import { useErrorText } from '../account/errors';
// The notices' tones are the account screens' ones.
import tones from '../account/account.module.css';
import styles from './dashboard.module.css';
import { StandInNotice } from './stand-in-notice';

/**
 * What the account still needs, above every tab: e-mail confirmation, a provider's approval; or,
 * for a demo expert's stand-in, whose space this is and the way back.
 */
export function AccountNotices({ user, online }: { user: SessionUserView; online: boolean }) {
  if (user.demoStandIn) {
    return (
      <div className={styles.notices}>
        <StandInNotice user={user} />
      </div>
    );
  }
  const provider = user.role === 'lawyer' || user.role === 'expat';
  if (user.isVerifiedEmail && !provider) return null;
  return (
    <div className={styles.notices}>
      {!user.isVerifiedEmail && <VerifyNotice email={user.email} online={online} />}
      {provider && <ApprovalNotice user={user} />}
    </div>
  );
}

function VerifyNotice({ email, online }: { email: string; online: boolean }) {
  const { t } = useTranslation();
  const { ofError } = useErrorText();
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; error: unknown }
  >({ kind: 'idle' });
  const resend = async () => {
    setState({ kind: 'sending' });
    try {
      await resendVerification();
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  };
  return (
    <section className={`${styles.notice} ${tones.warning}`} aria-labelledby="verify-heading">
      <h2 id="verify-heading">{t('auth.dashboard.verifyTitle')}</h2>
      <p>{t('auth.dashboard.verifyBody', { email })}</p>
      <div>
        <Button
          size="small"
          variant="secondary"
          disabled={!online || state.kind === 'sending' || state.kind === 'sent'}
          onClick={() => void resend()}
        >
          {state.kind === 'sending' ? t('auth.sending') : t('auth.dashboard.resend')}
        </Button>
      </div>
      <p aria-live="polite" className={styles.feedback}>
        {state.kind === 'sent' && t('auth.dashboard.resent', { email })}
        {state.kind === 'failed' && ofError(state.error)}
      </p>
    </section>
  );
}

function ApprovalNotice({ user }: { user: SessionUserView }) {
  const { t } = useTranslation();
  // The user record replicated to this device follows an approval at once; the session view, at
  // the next sign-in.
  const approved = useOwnProfile(user.uid)?.isApproved ?? user.isApproved;
  if (approved) {
    return (
      <section className={`${styles.notice} ${tones.success}`} aria-labelledby="approval-heading">
        <h2 id="approval-heading">{t('auth.dashboard.approvedTitle')}</h2>
        <p>{t('auth.dashboard.approvedBody')}</p>
      </section>
    );
  }
  return (
    <section
      className={`${styles.notice} ${tones.info}`}
      aria-labelledby="approval-heading"
      data-approval="pending"
    >
      <h2 id="approval-heading">{t('auth.dashboard.pendingTitle')}</h2>
      <p>
        {user.role === 'lawyer'
          ? t('auth.dashboard.pendingLawyer', { hours: LAWYER_VALIDATION_HOURS })
          : t('auth.dashboard.pendingExpat')}
      </p>
    </section>
  );
}
