import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { bookingPath, loginPath, pathOf, providerPath } from '../../config/paths';
import { useSession } from '../../data/auth';
import { useConfigRefresh, useConfigState, useOfferedCountries } from '../../data/config';
import { useOwnProfile } from '../../data/own-profile';
import { useLiveProviders, useProvider } from '../../data/providers';
import { useBrowserOnline } from '../../data/use-online';
import type { SessionUserView } from '../../domain/account';
import { EXPAT_CALL_MINUTES, LAWYER_CALL_MINUTES } from '../../domain/constants';
import { serviceOfRole } from '../../domain/order';
import type { Provider } from '../../domain/provider';
import { BackLink } from '../../ui/back-link';
import { ButtonLink } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import messageStyles from '../pages/message-page.module.css';
import { BookingFormView } from './booking-form-view';
import styles from './booking-page.module.css';
import { ProviderSummary } from './provider-summary';
import { useBookingForm } from './use-booking-form';

/**
 * `/booking-request/:providerId` (protected): the request a client fills before paying for a call
 * (spec section 5, "Booking request"). Nothing typed is lost: the form is kept as a draft on the
 * device. The expert must exist, be approved and online, and not be the client themselves.
 */
export function BookingRequestPage() {
  const { providerId } = useParams();
  const session = useSession();
  useLiveProviders();
  if (!providerId) return <Refusal kind="noProvider" />;
  // The guard sends a signed-out visitor to the login; if the session ends while the form is open,
  // the draft is already on the device and the form comes back as it was after signing in again.
  if (session.status !== 'signed_in' || !session.user) return <SessionExpired providerId={providerId} />;
  if (session.user.uid === providerId) return <Refusal kind="self" />;
  return <BookingForProvider key={providerId} providerId={providerId} user={session.user} />;
}

function BookingForProvider({ providerId, user }: { providerId: string; user: SessionUserView }) {
  const { provider, status } = useProvider({ id: providerId });
  if (status === 'loading') return <PageLoading />;
  if (!provider || !provider.isActive || !provider.isVisible) return <Refusal kind="notFound" />;
  if (!provider.isOnline) return <Refusal kind="unavailable" provider={provider} />;
  return <BookingScreen provider={provider} user={user} />;
}

function BookingScreen({ provider, user }: { provider: Provider; user: SessionUserView }) {
  const { t } = useTranslation();
  const online = useBrowserOnline();
  const profile = useOwnProfile(user.uid);
  useConfigRefresh();
  const pricing = useConfigState('pricing');
  const service = serviceOfRole(provider.role);
  const price = pricing.value?.[service];
  const suspended = price !== undefined && !price.isActive;
  // Where this service may be booked (admin screen "countries"); the spec's defaults until replicated.
  const countries = useOfferedCountries(service);
  const state = useBookingForm({
    providerId: provider.id,
    providerLanguages: provider.languages,
    user,
    profile,
    canContinue: online && !suspended,
    countries,
  });

  return (
    <div className={`container ${styles.page}`} data-provider-id={provider.id}>
      <BackLink to={providerPath(provider)}>{t('booking.back', { name: provider.fullName })}</BackLink>
      <header className={styles.header}>
        <h1>{t('booking.title')}</h1>
        <p>{t('booking.lead', { name: provider.fullName })}</p>
        <ol className={styles.steps} aria-label={t('booking.steps.label')}>
          <li aria-current="step">
            <span aria-hidden="true">1</span>
            {t('booking.steps.request')}
          </li>
          <li>
            <span aria-hidden="true">2</span>
            {t('booking.steps.payment')}
          </li>
          <li>
            <span aria-hidden="true">3</span>
            {t('booking.steps.call')}
          </li>
        </ol>
      </header>
      <div className={styles.layout}>
        <ProviderSummary
          provider={provider}
          price={price}
          priceLoading={pricing.status === 'loading'}
          defaultMinutes={provider.role === 'lawyer' ? LAWYER_CALL_MINUTES : EXPAT_CALL_MINUTES}
        />
        <div className={styles.card}>
          <BookingFormView
            state={state}
            provider={provider}
            countries={countries}
            online={online}
            blocked={suspended ? t('booking.summary.serviceSuspended') : undefined}
          />
        </div>
      </div>
    </div>
  );
}

type RefusalKind = 'noProvider' | 'self' | 'notFound' | 'unavailable';

/** Why this booking cannot be made, and where to go instead: never a form that cannot be sent. */
function Refusal({ kind, provider }: { kind: RefusalKind; provider?: Provider }) {
  const { t } = useTranslation();
  const name = provider?.fullName ?? '';
  return (
    <Message
      refusal={kind}
      eyebrow={t('booking.refusals.eyebrow')}
      title={t(`booking.refusals.${kind}.title`, { name })}
      body={t(`booking.refusals.${kind}.body`, { name })}
    >
      <ButtonLink to={pathOf('providers')}>{t('booking.refusals.otherExperts')}</ButtonLink>
      {provider && (
        <ButtonLink to={providerPath(provider)} variant="secondary">
          {t('booking.refusals.viewProfile')}
        </ButtonLink>
      )}
      {kind === 'self' && (
        <ButtonLink to={pathOf('dashboard')} variant="secondary">
          {t('booking.refusals.dashboard')}
        </ButtonLink>
      )}
    </Message>
  );
}

function SessionExpired({ providerId }: { providerId: string }) {
  const { t } = useTranslation();
  return (
    <Message
      refusal="session"
      eyebrow={t('booking.refusals.eyebrow')}
      title={t('booking.refusals.session.title')}
      body={t('booking.refusals.session.body')}
    >
      <ButtonLink to={loginPath({ redirect: bookingPath(providerId) })}>
        {t('booking.refusals.session.signIn')}
      </ButtonLink>
    </Message>
  );
}

type MessageProps = { refusal: string; eyebrow: string; title: string; body: string; children: ReactNode };

function Message({ refusal, eyebrow, title, body, children }: MessageProps) {
  return (
    <section className={`container ${messageStyles.page}`} data-refusal={refusal}>
      <div className={messageStyles.card} role="alert">
        <p className={messageStyles.eyebrow}>{eyebrow}</p>
        <h1>{title}</h1>
        <p>{body}</p>
        <div className={messageStyles.actions}>{children}</div>
      </div>
    </section>
  );
}
