import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import { useIsWaitingInOutbox } from '../../data/contact';
import { Button, ButtonLink } from '../../ui/button';
import { ContactFormView } from './contact-form-view';
import styles from './contact-page.module.css';
import { useContactForm } from './use-contact-form';
import type { Outcome } from './use-contact-form';

/** `/contact`: the contact form, with the ways to get help faster beside it. */
export function ContactPage() {
  const { t } = useTranslation();
  const state = useContactForm();

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('contact.title')}</h1>
        <p>{t('contact.intro')}</p>
      </header>
      <div className={styles.layout}>
        <div className={styles.card}>
          {state.outcome ? (
            <OutcomePanel outcome={state.outcome} onWriteAnother={state.writeAnother} />
          ) : (
            <ContactFormView state={state} />
          )}
        </div>
        <aside className={styles.side} aria-label={t('contact.sideLabel')}>
          <section className={styles.urgent}>
            <h2>{t('contact.urgentTitle')}</h2>
            <p>{t('contact.urgentText')}</p>
            <ButtonLink to={pathOf('lawyerCall')}>{t('contact.callLawyer')}</ButtonLink>
            <ButtonLink to={pathOf('expatCall')} variant="secondary">
              {t('contact.callExpat')}
            </ButtonLink>
          </section>
          <section>
            <h2>{t('contact.helpTitle')}</h2>
            <p>{t('contact.helpText')}</p>
            <ButtonLink to={pathOf('helpCentre')} variant="secondary">
              {t('screens.helpCentre')}
            </ButtonLink>
            <ButtonLink to={pathOf('faq')} variant="ghost">
              {t('screens.faq')}
            </ButtonLink>
          </section>
        </aside>
      </div>
    </div>
  );
}

/** Sent, or waiting in the outbox until the connection returns (then it says sent). */
function OutcomePanel({ outcome, onWriteAnother }: { outcome: Outcome; onWriteAnother: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = useIsWaitingInOutbox(outcome.kind === 'queued' ? outcome.id : undefined);
  const queued = outcome.kind === 'queued' && waiting !== false;
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className={`${styles.outcome} ${queued ? styles.queued : styles.sent}`} role="status">
      <h2 ref={heading} tabIndex={-1}>
        {queued ? t('contact.queuedTitle') : t('contact.sentTitle')}
      </h2>
      <p>{queued ? t('contact.queued') : t('contact.sent')}</p>
      <Button variant="secondary" onClick={onWriteAnother}>
        {t('contact.writeAnother')}
      </Button>
    </div>
  );
}
