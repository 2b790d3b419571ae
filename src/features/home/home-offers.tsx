import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useConfig } from '../../data/config';
import { EXPAT_CALL_MINUTES, LAWYER_CALL_MINUTES } from '../../domain/constants';
import { SERVICES } from '../../domain/promo';
import type { ServiceKey } from '../../domain/promo';
import { ButtonLink } from '../../ui/button';
import { formatMoney } from '../../ui/intl';
import { Icon } from './icons';
import { SectionHead } from './section-head';
import pageStyles from './home-page.module.css';
import styles from './home-offers.module.css';

const OFFERS = {
  lawyerCall: { icon: 'scale', page: 'lawyerCall', minutes: LAWYER_CALL_MINUTES },
  expatCall: { icon: 'compass', page: 'expatCall', minutes: EXPAT_CALL_MINUTES },
} as const satisfies Record<ServiceKey, unknown>;

/** The two calls at the euro prices of the `pricing` configuration. */
export function HomeOffers() {
  const { t, i18n } = useTranslation();
  const pricing = useConfig('pricing');
  return (
    <section className={pageStyles.section} aria-labelledby="home-offers-title">
      <div className="container">
        <SectionHead id="home-offers-title" title={t('home.offers.title')} intro={t('home.offers.intro')}>
          <Link to={pathOf('pricing')} className={pageStyles.link}>
            {t('home.offers.seeAll')}
            <Icon name="arrow" />
          </Link>
        </SectionHead>
        <div className={styles.offers}>
          {SERVICES.map((service) => {
            const offer = OFFERS[service];
            const price = pricing?.[service];
            return (
              <article key={service} className={styles.offer} data-service={service}>
                <span className={styles.icon} aria-hidden="true">
                  <Icon name={offer.icon} />
                </span>
                <h3>{t(`pricing.offers.${service}.title`)}</h3>
                <p className={styles.duration}>
                  <Icon name="clock" className={styles.clock} />
                  {t('pricing.minutes', { count: price?.durationMinutes ?? offer.minutes })}
                </p>
                {price ? (
                  <p className={styles.price}>{formatMoney(price.prices.EUR, 'EUR', i18n.language)}</p>
                ) : (
                  <p className={styles.noPrice}>{t('pricing.priceUnavailable')}</p>
                )}
                <p className={styles.description}>{t(`pricing.offers.${service}.description`)}</p>
                <ButtonLink to={pathOf(offer.page)} className={styles.cta}>
                  {t(`pricing.offers.${service}.cta`)}
                </ButtonLink>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
