import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routes, screenOfPath } from '../config/paths';
import type { RouteEntry, ScreenId } from '../config/paths';
import type { LegalSlug } from '../domain/legal-documents';
import { ComingSoonPage } from '../features/pages/coming-soon-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { ensureLocaleParts } from '../i18n/i18n';
import type { LocalePart } from '../i18n/locale-parts';
import { PageLoading } from '../ui/page-loading';
import { ErrorBoundary } from './error-boundary';
import { RequireAuth } from './require-auth';
import { preloadable, preloadParts } from './preloadable';
import { Layout } from './shell/layout';

/**
 * A screen as its own chunk, shown once its code and the texts it needs beyond the core
 * (src/i18n/locale-parts.ts) are loaded.
 */
function lazyScreen(load: () => Promise<ComponentType>, parts: LocalePart[] = []) {
  return preloadable(() => Promise.all([load(), ensureLocaleParts(parts)]).then(([component]) => component));
}

/**
 * Loads the code and texts of the screen at `pathname`, and what it renders lazily itself: before
 * the server renders the page, and before the browser hydrates it, so that neither waits on them.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const screen = screenOfPath(pathname);
  if (!screen) return;
  if (LEGAL_SLUGS[screen]) await LegalPage.preload();
  else if (SCREENS[screen]) await preloadParts(await SCREENS[screen].preload());
}

/** The screens built so far; every other screen of the spec says it is coming. */
const SCREENS: Partial<Record<ScreenId, ReturnType<typeof lazyScreen>>> = {
  home: lazyScreen(() => import('../features/home/home-page').then((m) => m.HomePage), ['home', 'pricing']),
  howItWorks: lazyScreen(
    () => import('../features/home/how-it-works-page').then((m) => m.HowItWorksPage),
    ['home'],
  ),
  providers: lazyScreen(() => import('../features/catalogue/providers-page').then((m) => m.ProvidersPage)),
  faq: lazyScreen(() => import('../features/help/faq-page').then((m) => m.FaqPage)),
  contact: lazyScreen(
    () => import('../features/contact/contact-page').then((m) => m.ContactPage),
    ['contact'],
  ),
  pricing: lazyScreen(
    () => import('../features/pricing/pricing-page').then((m) => m.PricingPage),
    ['pricing'],
  ),
  testimonials: lazyScreen(() =>
    import('../features/testimonials/testimonials-page').then((m) => m.TestimonialsPage),
  ),
  testimonial: lazyScreen(() =>
    import('../features/testimonials/testimonial-page').then((m) => m.TestimonialPage),
  ),
  providerProfile: lazyScreen(
    () => import('../features/provider-profile/provider-profile-page').then((m) => m.ProviderProfilePage),
    ['report'],
  ),
  helpCentre: lazyScreen(() => import('../features/help/help-centre-page').then((m) => m.HelpCentrePage)),
  helpArticle: lazyScreen(() => import('../features/help/help-article-page').then((m) => m.HelpArticlePage)),
  lawyerCall: lazyScreen(
    () => import('../features/call-pages/call-page').then((m) => m.LawyerCallPage),
    ['callPages'],
  ),
  expatCall: lazyScreen(
    () => import('../features/call-pages/call-page').then((m) => m.ExpatCallPage),
    ['callPages'],
  ),
  serviceStatus: lazyScreen(
    () => import('../features/service-status/service-status-page').then((m) => m.ServiceStatusPage),
    ['serviceStatus'],
  ),
  registerLawyer: lazyScreen(
    () => import('../features/register/lawyer-registration-page').then((m) => m.LawyerRegistrationPage),
    ['account'],
  ),
  registerExpat: lazyScreen(
    () => import('../features/register/expat-registration-page').then((m) => m.ExpatRegistrationPage),
    ['account'],
  ),
  login: lazyScreen(() => import('../features/account/login-page').then((m) => m.LoginPage), ['account']),
  register: lazyScreen(
    () => import('../features/account/register-page').then((m) => m.RegisterPage),
    ['account'],
  ),
  registerClient: lazyScreen(
    () => import('../features/account/register-client-page').then((m) => m.RegisterClientPage),
    ['account'],
  ),
  passwordReset: lazyScreen(
    () => import('../features/account/password-reset-page').then((m) => m.PasswordResetPage),
    ['account'],
  ),
  verifyEmail: lazyScreen(
    () => import('../features/account/verify-email-page').then((m) => m.VerifyEmailPage),
    ['account'],
  ),
  dashboard: lazyScreen(
    () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
    ['account', 'dashboard'],
  ),
  dashboardMessages: lazyScreen(
    () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardMessagesPage),
    ['account', 'dashboard'],
  ),
  profileEdit: lazyScreen(
    () => import('../features/account/profile-edit-page').then((m) => m.ProfileEditPage),
    ['account', 'dashboard'],
  ),
  callCheckout: lazyScreen(
    () => import('../features/checkout/checkout-page').then((m) => m.CheckoutPage),
    ['checkout'],
  ),
  paymentSuccess: lazyScreen(
    () => import('../features/call/payment-success-page').then((m) => m.PaymentSuccessPage),
    ['paymentSuccess'],
  ),
  bookingRequest: lazyScreen(
    () => import('../features/booking/booking-request-page').then((m) => m.BookingRequestPage),
    ['booking'],
  ),
};

/**
 * The admin console (`/admin/*`): one lazy import, so that none of its code nor its texts (locale
 * part `admin`) is in a traveller's download; it has its own layout, guard and routes.
 */
const AdminConsole = lazyScreen(
  () =>
    import('../features/admin/admin-app').then(({ AdminApp }) => {
      return function AdminConsole() {
        return <AdminApp errorBoundary={ErrorBoundary} />;
      };
    }),
  ['admin'],
);

const LegalPage = preloadable(() => import('../features/legal/legal-page').then((m) => m.LegalPage));

/** The legal and information pages, by the slug of their document in `content`. */
const LEGAL_SLUGS: Partial<Record<ScreenId, LegalSlug>> = {
  termsClients: 'terms-clients',
  termsLawyers: 'terms-lawyers',
  termsExpats: 'terms-expats',
  privacyPolicy: 'privacy-policy',
  cookies: 'cookies',
  consumers: 'consumers',
  seo: 'seo',
};

function elementFor({ screen, protected: guarded }: RouteEntry) {
  const legalSlug = LEGAL_SLUGS[screen];
  if (legalSlug) return <LegalPage slug={legalSlug} screen={screen} />;
  const Screen = SCREENS[screen];
  const element = Screen ? <Screen /> : <ComingSoonPage screen={screen} />;
  return guarded ? <RequireAuth>{element}</RequireAuth> : element;
}

/**
 * Every route and alias of the route table, inside the shared layout; anything else is not found.
 * Declarative routes (not the data router): the app's data comes from RxDB, not from loaders, and
 * this keeps the first download small.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<PageLoading />}>
            <AdminConsole />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        {routes.flatMap((route) =>
          [route.path, ...route.aliases].map((path) => (
            <Route key={path} path={path} element={elementFor(route)} />
          )),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
