import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { providerPath } from '../../config/paths';
import type { ServicePrice } from '../../domain/config';
import { CALL_ATTEMPTS_BEFORE_REFUND, CALLBACK_TARGET_MINUTES } from '../../domain/constants';
import { serviceOfRole } from '../../domain/order';
import type { Provider } from '../../domain/provider';
import { countryName, formatMoney, languageName } from '../../ui/intl';
import { ProviderPhoto } from '../../ui/provider-photo';
import { VerifiedMark } from '../../ui/verified-mark';
import styles from './booking-page.module.css';

type Props = {
  provider: Provider;
  price: ServicePrice | undefined;
  /** The pricing configuration is still awaited (first visit). */
  priceLoading: boolean;
  /** The call's length to announce while the configuration has not been read. */
  defaultMinutes: number;
};

/** Who is being booked, and what the call costs and lasts (from the pricing configuration). */
export function ProviderSummary({ provider, price, priceLoading, defaultMinutes }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const minutes = price?.durationMinutes ?? defaultMinutes;
  return (
    <aside className={styles.summary} aria-labelledby="booking-summary-title">
      <h2 id="booking-summary-title" className={styles.summaryTitle}>
        {t('booking.summary.title')}
      </h2>
      <div className={styles.who}>
        <ProviderPhoto className={styles.photo} src={provider.profilePhoto} size={72} />
        <div className={styles.identity}>
          <p className={styles.name}>
            {provider.fullName}
            {provider.isVerified && <VerifiedMark />}
          </p>
          <p className={styles.role}>
            {t(`professions.${provider.profession}`)} · {countryName(provider.country, locale)}
          </p>
          <p className={`${styles.badge} ${provider.isOnline ? styles.online : ''}`}>
            {provider.isOnline ? t('catalogue.online') : t('catalogue.offline')}
          </p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div className={styles.stacked}>
          <dt>{t('catalogue.languages')}</dt>
          <dd>{provider.languages.map((code) => languageName(code, locale)).join(', ')}</dd>
        </div>
        <div>
          {/* The call booked follows the role (it sets the price and the duration), not the profession. */}
          <dt>{t('booking.summary.service')}</dt>
          <dd>{t(`booking.summary.services.${serviceOfRole(provider.role)}`)}</dd>
        </div>
        <div>
          <dt>{t('booking.summary.duration')}</dt>
          <dd>{t('booking.summary.minutes', { count: minutes })}</dd>
        </div>
        <div className={styles.priceRow}>
          <dt>{t('booking.summary.price')}</dt>
          <dd>
            {price?.isActive ? (
              <>
                <span className={styles.price} data-price>
                  {formatMoney(price.prices.EUR, 'EUR', locale)}
                </span>
                <span className={styles.otherCurrency}>
                  {t('booking.summary.orUsd', { amount: formatMoney(price.prices.USD, 'USD', locale) })}
                </span>
              </>
            ) : priceLoading ? (
              t('common.loading')
            ) : (
              <span className={styles.noPrice}>
                {price ? t('booking.summary.serviceSuspended') : t('booking.summary.priceUnavailable')}
              </span>
            )}
          </dd>
        </div>
      </dl>
      <ul className={styles.promises}>
        <li>{t('booking.summary.charge')}</li>
        <li>{t('booking.summary.callback', { count: CALLBACK_TARGET_MINUTES })}</li>
        <li>{t('booking.summary.refund', { count: CALL_ATTEMPTS_BEFORE_REFUND })}</li>
      </ul>
      <Link className={styles.profileLink} to={providerPath(provider)}>
        {t('booking.summary.viewProfile')}
        <span className="visually-hidden"> — {provider.fullName}</span>
      </Link>
    </aside>
  );
}
