import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import { resendVerification, signOut, useSession } from '../../data/auth';
import { useFavouriteIds } from '../../data/favourites';
import { useBrowserOnline } from '../../data/use-online';
import type { SessionUserView } from '../../domain/account';
import { LAWYER_VALIDATION_HOURS } from '../../domain/constants';
import { Button, ButtonLink } from '../../ui/button';
import { InvoiceList } from '../invoices/invoice-list';
import { languageName } from '../../ui/intl';
import styles from './account.module.css';
import dashboard from './dashboard-page.module.css';
import { useErrorText } from './errors';

/**
 * `/dashboard` (protected): the account at a glance, what it still needs (e-mail confirmation,
 * approval of a provider's profile) and the ways on. Its tabs arrive with the dashboard itself.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const online = useBrowserOnline();
  const user = session.user;
  if (!user) return null;
  const name = user.firstName || user.displayName || user.email;
  return (
    <div className={`container ${styles.page}`}>
      <header className={dashboard.header}>
        <p className={dashboard.eyebrow}>{t(`auth.dashboard.space.${user.role}`)}</p>
        <h1>{t('auth.dashboard.hello', { name })}</h1>
      </header>
      {!online && (
        <p className={`${styles.notice} ${styles.warning} ${dashboard.offline}`} role="status">
          {t('auth.dashboard.offline')}
        </p>
      )}
      <div className={dashboard.grid}>
        <div className={dashboard.main}>
          {!user.isVerifiedEmail && <VerifyNotice email={user.email} online={online} />}
          {(user.role === 'lawyer' || user.role === 'expat') && <ApprovalNotice user={user} />}
          <AccountSummary user={user} />
          {user.role === 'client' && <InvoiceList />}
        </div>
        <aside className={dashboard.side} aria-label={t('auth.dashboard.shortcuts')}>
          <Shortcuts user={user} />
        </aside>
      </div>
    </div>
  );
}

function VerifyNotice({ email, online }: { email: string; online: boolean }) {
  const { t } = useTranslation();
  const { ofError } = useErrorText();
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; error: unknown }
  >({
    kind: 'idle',
  });
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
    <section
      className={`${styles.notice} ${styles.warning} ${dashboard.notice}`}
      aria-labelledby="verify-heading"
    >
      <h2 id="verify-heading">{t('auth.dashboard.verifyTitle')}</h2>
      <p>{t('auth.dashboard.verifyBody', { email })}</p>
      <div className={styles.noticeActions}>
        <Button
          size="small"
          variant="secondary"
          disabled={!online || state.kind === 'sending' || state.kind === 'sent'}
          onClick={() => void resend()}
        >
          {state.kind === 'sending' ? t('auth.sending') : t('auth.dashboard.resend')}
        </Button>
      </div>
      <p aria-live="polite" className={dashboard.feedback}>
        {state.kind === 'sent' && t('auth.dashboard.resent', { email })}
        {state.kind === 'failed' && ofError(state.error)}
      </p>
    </section>
  );
}

function ApprovalNotice({ user }: { user: SessionUserView }) {
  const { t } = useTranslation();
  if (user.isApproved) {
    return (
      <section
        className={`${styles.notice} ${styles.success} ${dashboard.notice}`}
        aria-labelledby="approval-heading"
      >
        <h2 id="approval-heading">{t('auth.dashboard.approvedTitle')}</h2>
        <p>{t('auth.dashboard.approvedBody')}</p>
      </section>
    );
  }
  return (
    <section
      className={`${styles.notice} ${styles.info} ${dashboard.notice}`}
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

function AccountSummary({ user }: { user: SessionUserView }) {
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
      <dl className={dashboard.facts}>
        <div>
          <dt>{t('auth.fields.name')}</dt>
          <dd>{fullName || '—'}</dd>
        </div>
        <div>
          <dt>{t('auth.fields.email')}</dt>
          <dd>
            {user.email}{' '}
            <span className={`${dashboard.badge} ${user.isVerifiedEmail ? dashboard.ok : dashboard.todo}`}>
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

function Shortcuts({ user }: { user: SessionUserView }) {
  const { t } = useTranslation();
  const favourites = useFavouriteIds().size;
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <section className={styles.card} aria-labelledby="favourites-heading">
        <h2 id="favourites-heading">{t('auth.dashboard.favourites')}</h2>
        <p className={styles.muted}>{t('auth.dashboard.favouriteCount', { count: favourites })}</p>
        <ButtonLink to={pathOf('providers')} size="small" variant="secondary">
          {user.role === 'client' ? t('auth.dashboard.findExpert') : t('auth.dashboard.seeDirectory')}
        </ButtonLink>
      </section>
      <section className={styles.card} aria-labelledby="session-heading">
        <h2 id="session-heading">{t('auth.dashboard.session')}</h2>
        <p className={styles.muted}>{t('auth.dashboard.sessionBody')}</p>
        <Button
          variant="secondary"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
        >
          {leaving ? t('accountMenu.signingOut') : t('accountMenu.signOut')}
        </Button>
      </section>
    </>
  );
}
