import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { providerSeo, useDocumentSeo } from '../../app/document-seo';
import { HydrateLater } from '../../app/hydrate-later';
import { bookingPath, pathOf } from '../../config/paths';
import { useLiveProviders, useProvider } from '../../data/providers';
import { resolveLanguage } from '../../domain/languages';
import type { Provider } from '../../domain/provider';
import { isSpecialtyOf } from '../../domain/specialties';
import { ButtonLink } from '../../ui/button';
import { countryName, formatNumber, languageName } from '../../ui/intl';
import { PageLoading } from '../../ui/page-loading';
import { FavouriteButton } from '../../ui/favourite-button';
import { ProviderPhoto } from '../../ui/provider-photo';
import { Rating } from '../../ui/rating';
import { ProviderReviews } from './provider-reviews';
import { ReportDialog } from './report-dialog';
import { ShareActions } from '../../ui/share-actions';
import { VerifiedMark } from '../../ui/verified-mark';
import styles from './provider-profile-page.module.css';

const REDIRECT_DELAY_MS = 3000;

/** The provider profile, under /provider/:id and the canonical /avocat/… and /expatrie/… URLs. */
export function ProviderProfilePage() {
  const params = useParams();
  useLiveProviders();
  const { provider, status } = useProvider(params.id ? { id: params.id } : { slug: params.nameId ?? '' });
  if (status === 'loading') return <PageLoading />;
  return provider ? <Profile provider={provider} /> : <NotFound />;
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(pathOf('providers'), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className={`container ${styles.notFound}`} role="alert">
      <h1>{t('profile.notFound')}</h1>
    </section>
  );
}

function Profile({ provider }: { provider: Provider }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  useDocumentSeo(providerSeo(provider, t, resolveLanguage(locale)));
  const memberSince = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(provider.createdAt),
  );
  return (
    <div className={`container ${styles.page}`} data-provider-id={provider.id}>
      {/* The hero, the reviews and the side column are hydrated each in a task of their own (hydrate-later.tsx). */}
      <HydrateLater>
        <section className={styles.hero}>
          <ProviderPhoto className={styles.photo} src={provider.profilePhoto} size={128} />
          <div className={styles.identity}>
            <p className={`${styles.badge} ${provider.isOnline ? styles.online : ''}`}>
              {provider.isOnline ? t('catalogue.online') : t('catalogue.offline')}
            </p>
            {provider.isTestProfile && (
              <p className={`${styles.badge} ${styles.test}`} data-test-profile>
                {t('catalogue.testProfileTitle')}
              </p>
            )}
            <h1>
              {provider.fullName}
              {provider.isVerified && <VerifiedMark size="large" />}
            </h1>
            <p className={styles.profession}>
              {t(`professions.${provider.profession}`)} · {countryName(provider.country, locale)}
            </p>
            <Rating value={provider.rating} reviews={provider.reviewCount} />
            <p className={styles.since}>{t('profile.memberSince', { date: memberSince })}</p>
          </div>
          <div className={styles.actions}>
            {provider.isOnline ? (
              <ButtonLink to={bookingPath(provider.id)}>{t('profile.bookNow')}</ButtonLink>
            ) : (
              <button type="button" className={styles.unavailable} disabled>
                {t('profile.unavailable')}
              </button>
            )}
            <FavouriteButton providerId={provider.id} name={provider.fullName} />
            <ShareActions title={provider.fullName} />
            <ReportDialog providerId={provider.id} />
          </div>
        </section>
      </HydrateLater>

      <div className={styles.columns}>
        <div className={styles.main}>
          {provider.bio && (
            <section className={styles.card}>
              <h2>{t('profile.about')}</h2>
              <p className={styles.bio}>{provider.bio}</p>
            </section>
          )}
          <section className={styles.card}>
            <h2>{t('profile.specialties')}</h2>
            <ul className={styles.chips}>
              {provider.specialties
                .filter((code) => isSpecialtyOf(provider.role, code))
                .map((key) => (
                  <li key={key}>{t(`specialties.${key}`)}</li>
                ))}
            </ul>
            {provider.specialtyOther && (
              // The provider's own words, as they typed them: text, never a translation key.
              <p className={styles.ownWords}>
                <span className={styles.ownWordsLabel}>{t('catalogue.ownWords')}</span>
                <q>{provider.specialtyOther}</q>
              </p>
            )}
          </section>
          {provider.education && provider.education.length > 0 && (
            <section className={styles.card}>
              <h2>{t('profile.education')}</h2>
              <ul className={styles.list}>
                {provider.education.map((entry) => (
                  <li key={`${entry.title}-${entry.institution}`}>
                    <strong>{entry.title}</strong> — {entry.institution}
                    {entry.year ? ` (${entry.year})` : ''}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <HydrateLater>
            <ProviderReviews providerId={provider.id} reviewCount={provider.reviewCount} />
          </HydrateLater>
        </div>
        <HydrateLater>
          <aside className={styles.side}>
            <section className={styles.card}>
              <h2>{t('profile.stats')}</h2>
              <dl className={styles.stats}>
                <div>
                  <dt>{t('profile.successRate')}</dt>
                  <dd>
                    {provider.successRate !== undefined
                      ? formatNumber(provider.successRate / 100, locale, { style: 'percent' })
                      : '—'}
                  </dd>
                </div>
                <div>
                  <dt>{t('profile.completedCalls')}</dt>
                  <dd>{formatNumber(provider.completedCalls ?? 0, locale)}</dd>
                </div>
                <div>
                  <dt>{t('profile.availability')}</dt>
                  <dd>{provider.isOnline ? t('catalogue.online') : t('catalogue.offline')}</dd>
                </div>
                <div>
                  <dt>{t('catalogue.experience')}</dt>
                  <dd>{t('catalogue.years', { count: provider.yearsOfExperience })}</dd>
                </div>
                {provider.yearsAsExpat !== undefined && (
                  <div>
                    <dt>{t('profile.expatExperience')}</dt>
                    <dd>{t('catalogue.years', { count: provider.yearsAsExpat })}</dd>
                  </div>
                )}
              </dl>
            </section>
            <section className={styles.card}>
              <h2>{t('catalogue.languages')}</h2>
              <p>{provider.languages.map((code) => languageName(code, locale)).join(', ')}</p>
              {provider.practiceCountries && provider.practiceCountries.length > 0 && (
                <>
                  <h2>{t('profile.countries')}</h2>
                  <p>{provider.practiceCountries.map((code) => countryName(code, locale)).join(', ')}</p>
                </>
              )}
            </section>
          </aside>
        </HydrateLater>
      </div>
    </div>
  );
}
