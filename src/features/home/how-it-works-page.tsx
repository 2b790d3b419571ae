import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { CALL_ATTEMPTS_BEFORE_REFUND } from '../../domain/constants';
import { ButtonLink } from '../../ui/button';
import { HowItWorksSteps } from './how-it-works-steps';
import { Icon } from './icons';
import styles from './how-it-works-page.module.css';

const AFTER = [
  { key: 'invoice', icon: 'receipt' },
  { key: 'refund', icon: 'refund' },
] as const;

/** `/how-it-works`: the three steps of a call in detail, what happens after it, and the way in. */
export function HowItWorksPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <div className={`container ${styles.narrow}`}>
          <h1>{t('screens.howItWorks')}</h1>
          <p>{t('howItWorks.intro')}</p>
        </div>
      </header>
      <div className={`container ${styles.narrow} ${styles.body}`}>
        <HowItWorksSteps headingLevel={2} detailed />
        <section className={styles.after} aria-labelledby="after-call-title">
          <h2 id="after-call-title">{t('howItWorks.after.title')}</h2>
          <ul>
            {AFTER.map((item) => (
              <li key={item.key}>
                <span className={styles.icon} aria-hidden="true">
                  <Icon name={item.icon} />
                </span>
                <div>
                  <h3>{t(`howItWorks.after.${item.key}.title`)}</h3>
                  <p>{t(`howItWorks.after.${item.key}.body`, { attempts: CALL_ATTEMPTS_BEFORE_REFUND })}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.cta} aria-labelledby="how-cta-title">
          <h2 id="how-cta-title">{t('howItWorks.cta.title')}</h2>
          <p>{t('howItWorks.cta.body')}</p>
          <div className={styles.actions}>
            <ButtonLink to={pathOf('lawyerCall')} className={styles.primary}>
              <Icon name="phone" className={styles.buttonIcon} />
              {t('home.hero.lawyerCta')}
            </ButtonLink>
            <ButtonLink to={pathOf('expatCall')} variant="secondary" className={styles.primary}>
              {t('home.hero.expatCta')}
            </ButtonLink>
          </div>
          <p className={styles.links}>
            <Link to={pathOf('providers')}>{t('howItWorks.cta.browse')}</Link>
            <Link to={pathOf('faq')}>{t('howItWorks.cta.faq')}</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
