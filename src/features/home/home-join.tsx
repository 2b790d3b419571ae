import { useTranslation } from 'react-i18next';
import { promptInstall, usePwaState } from '../../app/pwa';
import { pathOf } from '../../config/paths';
import { LAWYER_VALIDATION_HOURS, PROVIDER_PAYOUT_HOURS } from '../../domain/constants';
import { Button, ButtonLink } from '../../ui/button';
import { Icon } from './icons';
import { SectionHead } from './section-head';
import pageStyles from './home-page.module.css';
import styles from './home-join.module.css';

const ROLES = [
  { key: 'lawyer', icon: 'scale', page: 'registerLawyer', perks: ['validation', 'payout', 'online'] },
  { key: 'expat', icon: 'compass', page: 'registerExpat', perks: ['experience', 'payout', 'online'] },
] as const;

/** Join the network: one card for lawyers, one for expat helpers. */
export function HomeJoin() {
  const { t } = useTranslation();
  const hours = { validationHours: LAWYER_VALIDATION_HOURS, payoutHours: PROVIDER_PAYOUT_HOURS };
  return (
    <section className={pageStyles.section} aria-labelledby="home-join-title">
      <div className="container">
        <SectionHead id="home-join-title" title={t('home.join.title')} intro={t('home.join.intro')} />
        <div className={styles.roles}>
          {ROLES.map((role) => (
            <article key={role.key} className={styles.role} data-join={role.key}>
              <span className={styles.icon} aria-hidden="true">
                <Icon name={role.icon} />
              </span>
              <h3>{t(`home.join.${role.key}.title`)}</h3>
              <p>{t(`home.join.${role.key}.body`)}</p>
              <ul className={styles.perks}>
                {role.perks.map((perk) => (
                  <li key={perk}>
                    <Icon name="check" className={styles.check} />
                    {t(`home.join.perks.${perk}`, hours)}
                  </li>
                ))}
              </ul>
              <ButtonLink to={pathOf(role.page)} variant="secondary" className={styles.cta}>
                {t(`home.join.${role.key}.cta`)}
                <Icon name="arrow" className={styles.arrow} />
              </ButtonLink>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The closing call to action: the two calls again. */
export function HomeFinalCta() {
  const { t } = useTranslation();
  return (
    <section className={`container ${styles.final}`} aria-labelledby="home-final-title">
      <div className={styles.finalBox}>
        <h2 id="home-final-title">{t('home.final.title')}</h2>
        <p>{t('home.final.body')}</p>
        <div className={styles.finalActions}>
          <ButtonLink to={pathOf('lawyerCall')} className={styles.finalCta}>
            <Icon name="phone" className={styles.arrow} />
            {t('home.hero.lawyerCta')}
          </ButtonLink>
          <ButtonLink to={pathOf('expatCall')} variant="secondary" className={styles.finalCta}>
            {t('home.hero.expatCta')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** Offers to install the app, only while the browser says it can (never once installed). */
export function HomeInstall() {
  const { t } = useTranslation();
  const { canInstall } = usePwaState();
  if (!canInstall) return null;
  return (
    <section className={`container ${styles.install}`} aria-labelledby="home-install-title" data-install>
      <div className={styles.installCard}>
        <span className={styles.installIcon} aria-hidden="true">
          <Icon name="download" />
        </span>
        <div>
          <h2 id="home-install-title">{t('home.install.title')}</h2>
          <p>{t('home.install.body')}</p>
        </div>
        <Button variant="secondary" onClick={() => void promptInstall()}>
          {t('header.install')}
        </Button>
      </div>
    </section>
  );
}
