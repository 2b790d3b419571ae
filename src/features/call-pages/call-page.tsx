import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useConfigRefresh, useConfigState } from '../../data/config';
import { useContentOfType } from '../../data/content';
import { useLiveProviders } from '../../data/providers';
import {
  CALL_ATTEMPTS_BEFORE_REFUND,
  CALLBACK_TARGET_MINUTES,
  EXPAT_CALL_MINUTES,
  LAWYER_CALL_MINUTES,
} from '../../domain/constants';
import type { ProviderRole } from '../../domain/professions';
import { resolveLanguage } from '../../domain/languages';
import { RichText } from '../../ui/rich-text';
import { CallPrice } from './call-price';
import { OnlineExperts, listingUrl } from './online-experts';
import styles from './call-page.module.css';

const SITUATIONS = {
  lawyer: ['arrest', 'visa', 'contract', 'accident', 'family', 'consumer'],
  expat: ['doctor', 'paperwork', 'housing', 'bank', 'schools', 'culture'],
} as const;

/** The FAQ entries (by slug, in this order) that answer what people ask before such a call. */
const FAQ_SLUGS: Record<ProviderRole, string[]> = {
  lawyer: [
    'lawyer-or-expat-helper',
    'how-fast-callback',
    'confidentiality',
    'expert-does-not-answer',
    'is-this-an-emergency-service',
    'choose-language',
  ],
  expat: [
    'lawyer-or-expat-helper',
    'how-fast-callback',
    'countries-covered',
    'choose-language',
    'expert-does-not-answer',
    'call-the-same-expert-again',
  ],
};

const SERVICE = { lawyer: 'lawyerCall', expat: 'expatCall' } as const;
const DEFAULT_MINUTES: Record<ProviderRole, number> = {
  lawyer: LAWYER_CALL_MINUTES,
  expat: EXPAT_CALL_MINUTES,
};
const OTHER_ROLE: Record<ProviderRole, ProviderRole> = { lawyer: 'expat', expat: 'lawyer' };

/** `/sos-appel` and `/appel-expatrie`: what a call with a lawyer or an expat helper gives, and who can take it now. */
export function CallPage({ role }: { role: ProviderRole }) {
  const { t, i18n } = useTranslation();
  useLiveProviders();
  useConfigRefresh();
  const pricing = useConfigState('pricing');
  const price = pricing.value?.[SERVICE[role]];
  const minutes = price?.durationMinutes ?? DEFAULT_MINUTES[role];
  const faq = useContentOfType('faq', resolveLanguage(i18n.language)).value;
  const faqEntries = FAQ_SLUGS[role].flatMap((slug) => faq.filter((entry) => entry.slug === slug));
  const other = OTHER_ROLE[role];

  return (
    <div className={styles.page} data-call-page={role}>
      <section className={styles.hero}>
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t(`callPages.${role}.eyebrow`)}</p>
            <h1>{t(`callPages.${role}.title`)}</h1>
            <p className={styles.lead}>{t(`callPages.${role}.lead`)}</p>
            <ul className={styles.promises}>
              <li>{t(`callPages.${role}.verified`)}</li>
              <li>{t('callPages.duration', { count: minutes })}</li>
              <li>{t('callPages.promises.callback', { count: CALLBACK_TARGET_MINUTES })}</li>
              <li>{t('callPages.promises.always')}</li>
            </ul>
          </div>
          <CallPrice
            price={price}
            defaultMinutes={DEFAULT_MINUTES[role]}
            loading={pricing.status === 'loading'}
            cta={t(`callPages.${role}.cta`)}
            ctaTarget={listingUrl(role, true)}
          />
        </div>
      </section>

      <div className={`container ${styles.body}`}>
        <OnlineExperts role={role} />

        <section className={styles.section} aria-labelledby="situations-title">
          <h2 id="situations-title">{t(`callPages.${role}.coversTitle`)}</h2>
          <p className={styles.sectionLead}>{t(`callPages.${role}.coversLead`)}</p>
          <ul className={styles.situations}>
            {SITUATIONS[role].map((key) => (
              <li key={key}>
                <h3>{t(`callPages.situations.${key}.title`)}</h3>
                <p>{t(`callPages.situations.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="steps-title">
          <h2 id="steps-title">{t('callPages.stepsTitle')}</h2>
          <ol className={styles.steps}>
            <li>
              <h3>{t('callPages.steps.choose.title')}</h3>
              <p>{t('callPages.steps.choose.body')}</p>
            </li>
            <li>
              <h3>{t('callPages.steps.pay.title')}</h3>
              <p>{t('callPages.steps.pay.body')}</p>
            </li>
            <li>
              <h3>{t('callPages.steps.call.title')}</h3>
              <p>{t('callPages.steps.call.body', { count: CALLBACK_TARGET_MINUTES })}</p>
            </li>
            <li>
              <h3>{t('callPages.steps.refund.title')}</h3>
              <p>{t('callPages.steps.refund.body', { count: CALL_ATTEMPTS_BEFORE_REFUND })}</p>
            </li>
          </ol>
        </section>

        {faqEntries.length > 0 && (
          <section className={styles.section} aria-labelledby="call-faq-title">
            <h2 id="call-faq-title">{t(`callPages.${role}.faqTitle`)}</h2>
            <div className={styles.faq}>
              {faqEntries.map((entry) => (
                <details key={entry.id}>
                  <summary>{entry.title}</summary>
                  <RichText body={entry.body ?? ''} headingLevel={3} />
                </details>
              ))}
            </div>
            <p className={styles.more}>
              <Link to={pathOf('faq')}>{t('callPages.faqMore')}</Link>
            </p>
          </section>
        )}

        <section className={styles.switch} aria-labelledby="switch-title">
          <div>
            <h2 id="switch-title">{t(`callPages.${role}.switchTitle`)}</h2>
            <p>{t(`callPages.${role}.switchBody`)}</p>
          </div>
          <Link to={pathOf(SERVICE[other])} className={styles.switchLink}>
            {t(`callPages.${role}.switchLink`)}
          </Link>
        </section>
      </div>
    </div>
  );
}

export function LawyerCallPage() {
  return <CallPage role="lawyer" />;
}

export function ExpatCallPage() {
  return <CallPage role="expat" />;
}
