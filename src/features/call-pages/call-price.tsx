import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { CURRENCIES } from '../../domain/config';
import type { Currency, ServicePrice } from '../../domain/config';
import { ButtonLink } from '../../ui/button';
import { formatMoney } from '../../ui/intl';
import { SegmentedControl } from '../../ui/segmented-control';
import styles from './call-page.module.css';

type Props = {
  price: ServicePrice | undefined;
  /** The duration to announce while the configuration has not been read. */
  defaultMinutes: number;
  /** The configuration is still awaited (first visit): no "unavailable" message yet. */
  loading: boolean;
  cta: string;
  ctaTarget: string;
};

/** The price card of a call page: the configured price in euros or dollars, and the duration. */
export function CallPrice({ price, defaultMinutes, loading, cta, ctaTarget }: Props) {
  const { t, i18n } = useTranslation();
  const [currency, setCurrency] = useState<Currency>('EUR');
  const amount = price?.isActive ? price.prices[currency] : undefined;
  return (
    <section className={styles.priceCard} aria-labelledby="call-price-title" aria-busy={loading}>
      <h2 id="call-price-title" className={styles.priceTitle}>
        {t('callPages.priceLabel')}
      </h2>
      <SegmentedControl
        label={t('callPages.currency')}
        value={currency}
        segments={CURRENCIES.map((code) => ({
          value: code,
          label: code === 'EUR' ? t('callPages.euro') : t('callPages.dollar'),
        }))}
        onChange={setCurrency}
        className={styles.currency}
      />
      {amount !== undefined ? (
        <p className={styles.price} data-price>
          {formatMoney(amount, currency, i18n.language)}
        </p>
      ) : loading ? (
        <p className={styles.priceLoading}>{t('common.loading')}</p>
      ) : (
        <p className={styles.noPrice} role="status">
          {price && !price.isActive ? t('callPages.serviceSuspended') : t('callPages.priceUnavailable')}
        </p>
      )}
      <p className={styles.duration}>
        {t('callPages.duration', { count: price?.durationMinutes ?? defaultMinutes })}
      </p>
      <p className={styles.priceNote}>{t('callPages.priceNote')}</p>
      <ButtonLink to={ctaTarget} className={styles.priceCta}>
        {cta}
      </ButtonLink>
      <Link className={styles.allPrices} to={pathOf('pricing')}>
        {t('callPages.allPrices')}
      </Link>
    </section>
  );
}
