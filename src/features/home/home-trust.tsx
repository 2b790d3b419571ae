import { useTranslation } from 'react-i18next';
import type { MarketingStats } from '../../domain/config';
import { CALL_ATTEMPTS_BEFORE_REFUND, CALLBACK_TARGET_MINUTES } from '../../domain/constants';
import { Icon } from './icons';
import { SectionHead } from './section-head';
import pageStyles from './home-page.module.css';
import styles from './home-trust.module.css';

const REASONS = [
  { key: 'fast', icon: 'clock' },
  { key: 'allDay', icon: 'phone' },
  { key: 'language', icon: 'globe' },
  { key: 'price', icon: 'tag' },
] as const;

/** Why choose us: four reasons. */
export function HomeWhy() {
  const { t } = useTranslation();
  return (
    <section className={`${pageStyles.section} ${pageStyles.white}`} aria-labelledby="home-why-title">
      <div className="container">
        <SectionHead id="home-why-title" title={t('home.why.title')} intro={t('home.why.intro')} />
        <ul className={styles.reasons}>
          {REASONS.map((reason) => (
            <li key={reason.key} className={styles.reason}>
              <span className={styles.icon} aria-hidden="true">
                <Icon name={reason.icon} />
              </span>
              <h3>{t(`home.why.${reason.key}.title`)}</h3>
              <p>{t(`home.why.${reason.key}.body`, { minutes: CALLBACK_TARGET_MINUTES })}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Safety: verified experts, secure payment, a card charged only for a call that happens (none unanswered). */
export function HomeSafety({ stats }: { stats: MarketingStats | undefined }) {
  const { t } = useTranslation();
  const items = [
    { key: 'verified', icon: 'shield', text: t('home.safety.verified.body') },
    {
      key: 'payment',
      icon: 'lock',
      text: stats
        ? t('home.safety.payment.body', { bits: stats.sslBits })
        : t('home.safety.payment.bodyWithoutFigure'),
    },
    { key: 'charged', icon: 'card', text: t('home.safety.charged.body') },
    {
      key: 'refund',
      icon: 'refund',
      text: t('home.safety.refund.body', { attempts: CALL_ATTEMPTS_BEFORE_REFUND }),
    },
  ] as const;
  return (
    <section className={`${pageStyles.section} ${pageStyles.dark}`} aria-labelledby="home-safety-title">
      <div className={`container ${styles.safety}`}>
        <div className={styles.safetyIntro}>
          <SectionHead
            id="home-safety-title"
            title={t('home.safety.title')}
            intro={t('home.safety.intro')}
            onDark
          />
          <p className={styles.emergency}>{t('home.safety.emergency')}</p>
        </div>
        <ul className={styles.guarantees}>
          {items.map((item) => (
            <li key={item.key} data-safety={item.key}>
              <span className={styles.guaranteeIcon} aria-hidden="true">
                <Icon name={item.icon} />
              </span>
              <div>
                <h3>{t(`home.safety.${item.key}.title`)}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
