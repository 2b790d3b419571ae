import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { providerPath } from '../../config/paths';
import type { Provider } from '../../domain/provider';
import { sameData } from '../../domain/same-data';
import { isSpecialtyOf } from '../../domain/specialties';
import { countryName, languageName } from '../../ui/intl';
import { FavouriteButton } from '../../ui/favourite-button';
import { ProviderPhoto } from '../../ui/provider-photo';
import { Rating } from '../../ui/rating';
import { VerifiedMark } from '../../ui/verified-mark';
import styles from './provider-card.module.css';

const SHOWN_SPECIALTIES = 3;

/**
 * Drawn again only when the provider's record changes (or the language, through its hooks): a page
 * of 24 cards was drawn again whenever the page above it rendered, as when the offline store took
 * over with the same records as the server's, or a pull wrote other providers. The store's copy
 * lists the fields in another order than the server's (`id` last): compared as JSON strings, every
 * card was drawn again when the store took over (a task of 64 ms of a first visit's main thread).
 */
export const ProviderCard = memo(ProviderCardView, (before, after) =>
  sameData(before.provider, after.provider),
);

function ProviderCardView({ provider }: { provider: Provider }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const href = providerPath(provider);
  // Only codes of the role's list are shown (an older publication may hold others); the provider's
  // own words come after them, as text, never looked up as a translation.
  const codes = provider.specialties.filter((code) => isSpecialtyOf(provider.role, code));
  const shown = codes.slice(0, SHOWN_SPECIALTIES);
  const words = shown.length < SHOWN_SPECIALTIES ? provider.specialtyOther : undefined;
  const extra = codes.length + (provider.specialtyOther ? 1 : 0) - shown.length - (words ? 1 : 0);
  return (
    <article className={styles.card} data-provider-id={provider.id}>
      <div className={styles.top}>
        <div className={styles.photo}>
          <ProviderPhoto src={provider.profilePhoto} size={72} />
          <span
            className={`${styles.presence} ${provider.isOnline ? styles.online : styles.offline}`}
            title={provider.isOnline ? t('catalogue.online') : t('catalogue.offline')}
          />
        </div>
        <div className={styles.identity}>
          <h3 className={styles.name}>
            <Link to={href}>{provider.fullName}</Link>
            {provider.isVerified && <VerifiedMark />}
          </h3>
          <p className={styles.profession}>{t(`professions.${provider.profession}`)}</p>
          <p className={styles.country}>{countryName(provider.country, locale)}</p>
        </div>
        <FavouriteButton providerId={provider.id} name={provider.fullName} />
      </div>
      <div className={styles.status}>
        <Rating value={provider.rating} reviews={provider.reviewCount} />
        <span className={`${styles.badge} ${provider.isOnline ? styles.badgeOnline : ''}`}>
          {provider.isOnline ? t('catalogue.online') : t('catalogue.offline')}
        </span>
        {/* An admin's test profile (admin "aaaprofiles"): listed for trying the journey, said so. */}
        {provider.isTestProfile && (
          <span className={`${styles.badge} ${styles.badgeTest}`} title={t('catalogue.testProfileTitle')}>
            {t('catalogue.testProfile')}
          </span>
        )}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('catalogue.languages')}</dt>
          <dd>{provider.languages.map((code) => languageName(code, locale)).join(', ')}</dd>
        </div>
        <div>
          <dt>{t('catalogue.experience')}</dt>
          <dd>{t('catalogue.years', { count: provider.yearsOfExperience })}</dd>
        </div>
      </dl>
      <ul className={styles.specialties}>
        {shown.map((key) => (
          <li key={key}>{t(`specialties.${key}`)}</li>
        ))}
        {words && (
          <li className={styles.ownWords} title={t('catalogue.ownWords')}>
            <span className="visually-hidden">{t('catalogue.ownWords')} </span>
            <q>{words}</q>
          </li>
        )}
        {extra > 0 && <li className={styles.more}>+{extra}</li>}
      </ul>
      <Link to={href} className={styles.view}>
        {t('catalogue.viewProfile')}
        <span className="visually-hidden"> — {provider.fullName}</span>
      </Link>
    </article>
  );
}
