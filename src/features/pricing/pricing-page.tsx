import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import { useConfig, useConfigState, useLiveConfig } from '../../data/config';
import { useContentOfType } from '../../data/content';
import { checkPromoCode } from '../../data/promo';
import type { PromoResult } from '../../data/promo';
import { CURRENCIES } from '../../domain/config';
import { EXPAT_CALL_MINUTES, LAWYER_CALL_MINUTES } from '../../domain/constants';
import type { Currency, ServicePrice } from '../../domain/config';
import { resolveLanguage } from '../../domain/languages';
import { SERVICES, couponDiscount } from '../../domain/promo';
import type { Coupon, ServiceKey } from '../../domain/promo';
import { Button, ButtonLink } from '../../ui/button';
import { formatMoney } from '../../ui/intl';
import { RichText } from '../../ui/rich-text';
import { SegmentedControl } from '../../ui/segmented-control';
import styles from './pricing-page.module.css';

const PRICING_FAQ = [
  'call-duration-and-price',
  'payment-methods-and-currencies',
  'when-is-my-card-charged',
  'refunds',
  'invoice',
  'promo-codes',
];
const CALL_PAGES: Record<ServiceKey, 'lawyerCall' | 'expatCall'> = {
  lawyerCall: 'lawyerCall',
  expatCall: 'expatCall',
};
const DEFAULT_MINUTES: Record<ServiceKey, number> = {
  lawyerCall: LAWYER_CALL_MINUTES,
  expatCall: EXPAT_CALL_MINUTES,
};

/** `/tarifs` (`/pricing`): the two calls at the prices of the configuration, in euros or dollars. */
export function PricingPage() {
  const { t, i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  // Prices an admin changes appear here at once, without a reload.
  useLiveConfig();
  // While the first pull is under way the prices are coming, not unavailable: no alarm then.
  const pricingState = useConfigState('pricing');
  const pricing = pricingState.value;
  const stats = useConfig('stats');
  const faq = useContentOfType('faq', language).value.filter((entry) =>
    PRICING_FAQ.includes(entry.slug ?? ''),
  );
  const [currency, setCurrency] = useState<Currency>('EUR');
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<PromoResult>();
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    setChecking(true);
    setPromo(await checkPromoCode(code, SERVICES));
    setChecking(false);
  };

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('screens.pricing')}</h1>
        <p>{t('pricing.subtitle')}</p>
      </header>
      {!pricing && pricingState.status === 'ready' && (
        <p className={styles.limited} role="alert">
          {t('pricing.unavailable')}
        </p>
      )}
      <SegmentedControl
        label={t('pricing.currency')}
        value={currency}
        segments={CURRENCIES.map((code) => ({
          value: code,
          label: code === 'EUR' ? t('pricing.euro') : t('pricing.dollar'),
        }))}
        onChange={setCurrency}
        className={styles.currency}
      />
      <div className={styles.offers}>
        {SERVICES.map((service) => (
          <Offer
            key={service}
            service={service}
            price={pricing?.[service]}
            currency={currency}
            discount={promo?.kind === 'valid' ? promo.discounts[service] : undefined}
            locale={i18n.language}
          />
        ))}
      </div>
      <form
        className={styles.promo}
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <label htmlFor="promo-code">{t('pricing.promoLabel')}</label>
        <div className={styles.promoRow}>
          <input
            id="promo-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary" disabled={checking}>
            {t('pricing.promoApply')}
          </Button>
        </div>
        {promo && (
          <p role="status" className={promo.kind === 'valid' ? styles.promoOk : styles.promoError}>
            {promo.kind === 'valid' ? t('pricing.promoValid') : t(`pricing.promoErrors.${promo.code}`)}
          </p>
        )}
      </form>
      <section className={styles.guarantees}>
        <h2>{t('pricing.guaranteesTitle')}</h2>
        <ul>
          <li>{t('pricing.guarantees.secure', { bits: stats?.sslBits ?? 256 })}</li>
          <li>{t('pricing.guarantees.capture')}</li>
          <li>{t('pricing.guarantees.refund')}</li>
          <li>{t('pricing.guarantees.invoice')}</li>
        </ul>
      </section>
      {faq.length > 0 && (
        <section className={styles.faq}>
          <h2>{t('pricing.faqTitle')}</h2>
          {faq.map((entry) => (
            <details key={entry.id}>
              <summary>{entry.title}</summary>
              <RichText body={entry.body ?? ''} headingLevel={3} />
            </details>
          ))}
        </section>
      )}
    </div>
  );
}

type OfferProps = {
  service: ServiceKey;
  price: ServicePrice | undefined;
  currency: Currency;
  discount: Pick<Coupon, 'kind' | 'value' | 'currency'> | undefined;
  locale: string;
};

function Offer({ service, price, currency, discount, locale }: OfferProps) {
  const { t } = useTranslation();
  const amount = price?.prices[currency];
  const off = amount !== undefined && discount ? couponDiscount(discount, { amount, currency }) : 0;
  return (
    <article className={styles.offer} data-service={service}>
      <h2>{t(`pricing.offers.${service}.title`)}</h2>
      <p className={styles.duration}>
        {t('pricing.minutes', { count: price?.durationMinutes ?? DEFAULT_MINUTES[service] })}
      </p>
      {amount !== undefined ? (
        <p className={styles.price}>
          {off > 0 && <s className={styles.was}>{formatMoney(amount, currency, locale)}</s>}
          {formatMoney(amount - off, currency, locale)}
        </p>
      ) : (
        <p className={styles.noPrice}>{t('pricing.priceUnavailable')}</p>
      )}
      <p>{t(`pricing.offers.${service}.description`)}</p>
      <ButtonLink to={pathOf(CALL_PAGES[service])}>{t(`pricing.offers.${service}.cta`)}</ButtonLink>
    </article>
  );
}
