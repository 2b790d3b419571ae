import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useSession } from '../../data/auth';
import { useSyncStatus } from '../../data/use-sync-status';
import type { SessionUserView } from '../../domain/account';
import { LAWYER_VALIDATION_HOURS } from '../../domain/constants';
import { ButtonLink } from '../../ui/button';
import { ProgressChecklist } from './provider-form-checklist';
import { fieldId } from './provider-form-fields';
import type { ProviderRole } from './provider-form-model';
import { ProfilePreview } from './provider-form-preview';
import { TermsAndSend } from './provider-form-sections';
import { useProviderForm } from './provider-form-state';
import type { ProviderFormState } from './provider-form-state';
import styles from './provider-form-layout.module.css';

type Props = {
  role: ProviderRole;
  /** The role's own sections, between the shared account section and the terms. */
  sections: (state: ProviderFormState) => ReactNode;
};

/**
 * A provider registration screen: the form beside a live preview of the public card and a progress
 * checklist; once the account exists (or for anyone already signed in), the account's state instead.
 */
export function ProviderRegistration({ role, sections }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  // Whether the form was on screen: then the account's state replacing it takes the focus.
  const [formFirst] = useState(session.status !== 'signed_in');
  const title = role === 'lawyer' ? t('screens.registerLawyer') : t('screens.registerExpat');

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{title}</h1>
        {session.status !== 'signed_in' && (
          <>
            <p>{role === 'lawyer' ? t('registerProvider.introLawyer') : t('registerProvider.introExpat')}</p>
            <p className={styles.login}>
              {t('registerProvider.haveAccount')}{' '}
              <Link to={pathOf('login')}>{t('registerProvider.signIn')}</Link>
            </p>
          </>
        )}
      </header>
      {session.status === 'signed_in' && session.user ? (
        <AccountState role={role} user={session.user} takeFocus={formFirst} />
      ) : (
        <RegistrationForm role={role} sections={sections} />
      )}
    </div>
  );
}

function RegistrationForm({ role, sections }: Props) {
  const { t } = useTranslation();
  const state = useProviderForm(role);
  const offline = useSyncStatus().state === 'offline';
  const done = state.checklist.filter((part) => part.done).length;

  const submit = async () => {
    const firstError = await state.submit();
    if (firstError) {
      const field = document.getElementById(fieldId(firstError));
      field?.scrollIntoView({ block: 'center' });
      field?.focus({ preventScroll: true });
    }
  };

  return (
    <div className={styles.layout}>
      <form
        className={styles.form}
        noValidate
        aria-labelledby="register-form-title"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id="register-form-title" className="visually-hidden">
          {t('registerProvider.formTitle')}
        </h2>
        <p className={styles.note}>
          {t('registerProvider.allRequired')}{' '}
          <a href="#register-progress-title" className={styles.jump}>
            {t('registerProvider.checklist.count', { done, total: state.checklist.length })}
          </a>
        </p>
        {sections(state)}
        <TermsAndSend state={state} offline={offline} />
      </form>
      <aside className={styles.side} aria-labelledby="register-preview-title">
        <section className={styles.preview}>
          <h2 id="register-preview-title">{t('registerProvider.preview.title')}</h2>
          <p>{t('registerProvider.preview.note')}</p>
          <ProfilePreview role={role} form={state.form} photo={state.photoPreview} />
        </section>
        <ProgressChecklist parts={state.checklist} />
      </aside>
    </div>
  );
}

/** Signed in: a new lawyer or expat waits for approval; anyone else is pointed to their dashboard. */
function AccountState({
  role,
  user,
  takeFocus,
}: {
  role: ProviderRole;
  user: SessionUserView;
  takeFocus: boolean;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const pending = user.role === role && !user.isApproved;
  useEffect(() => {
    if (!takeFocus) return;
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [takeFocus]);

  return (
    <section
      className={`${styles.account} ${pending ? styles.pending : ''}`}
      aria-labelledby="register-state"
    >
      <h2 id="register-state" ref={heading} tabIndex={-1}>
        {pending ? t('registerProvider.pending.title') : t('registerProvider.signedIn.title')}
      </h2>
      {pending ? (
        <>
          <p>
            {role === 'lawyer'
              ? t('registerProvider.pending.lawyer', { count: LAWYER_VALIDATION_HOURS })
              : t('registerProvider.pending.expat')}
          </p>
          {!user.isVerifiedEmail && <p>{t('registerProvider.pending.verifyEmail', { email: user.email })}</p>}
        </>
      ) : (
        <p>{t('registerProvider.signedIn.body', { email: user.email })}</p>
      )}
      <ButtonLink to={pathOf('dashboard')}>{t('registerProvider.toDashboard')}</ButtonLink>
    </section>
  );
}
