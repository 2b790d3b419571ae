import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routes } from '../config/paths';
import type { RouteEntry, ScreenId } from '../config/paths';
import { ComingSoonPage } from '../features/pages/coming-soon-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { RequireAuth } from './require-auth';
import { Layout } from './shell/layout';

/** The screens built so far, each its own chunk; every other screen of the spec says it is coming. */
const SCREENS: Partial<Record<ScreenId, ComponentType>> = {
  home: lazy(() => import('../features/home/home-page').then((m) => ({ default: m.HomePage }))),
  howItWorks: lazy(() =>
    import('../features/home/how-it-works-page').then((m) => ({ default: m.HowItWorksPage })),
  ),
  providers: lazy(() =>
    import('../features/catalogue/providers-page').then((m) => ({ default: m.ProvidersPage })),
  ),
  faq: lazy(() => import('../features/help/faq-page').then((m) => ({ default: m.FaqPage }))),
  contact: lazy(() => import('../features/contact/contact-page').then((m) => ({ default: m.ContactPage }))),
  pricing: lazy(() => import('../features/pricing/pricing-page').then((m) => ({ default: m.PricingPage }))),
  testimonials: lazy(() =>
    import('../features/testimonials/testimonials-page').then((m) => ({ default: m.TestimonialsPage })),
  ),
  testimonial: lazy(() =>
    import('../features/testimonials/testimonial-page').then((m) => ({ default: m.TestimonialPage })),
  ),
  providerProfile: lazy(() =>
    import('../features/provider-profile/provider-profile-page').then((m) => ({
      default: m.ProviderProfilePage,
    })),
  ),
  helpCentre: lazy(() =>
    import('../features/help/help-centre-page').then((m) => ({ default: m.HelpCentrePage })),
  ),
  helpArticle: lazy(() =>
    import('../features/help/help-article-page').then((m) => ({ default: m.HelpArticlePage })),
  ),
  lawyerCall: lazy(() =>
    import('../features/call-pages/call-page').then((m) => ({ default: m.LawyerCallPage })),
  ),
  expatCall: lazy(() =>
    import('../features/call-pages/call-page').then((m) => ({ default: m.ExpatCallPage })),
  ),
  serviceStatus: lazy(() =>
    import('../features/service-status/service-status-page').then((m) => ({ default: m.ServiceStatusPage })),
  ),
  registerLawyer: lazy(() =>
    import('../features/register/lawyer-registration-page').then((m) => ({
      default: m.LawyerRegistrationPage,
    })),
  ),
  registerExpat: lazy(() =>
    import('../features/register/expat-registration-page').then((m) => ({
      default: m.ExpatRegistrationPage,
    })),
  ),
  login: lazy(() => import('../features/account/login-page').then((m) => ({ default: m.LoginPage }))),
  register: lazy(() =>
    import('../features/account/register-page').then((m) => ({ default: m.RegisterPage })),
  ),
  registerClient: lazy(() =>
    import('../features/account/register-client-page').then((m) => ({ default: m.RegisterClientPage })),
  ),
  passwordReset: lazy(() =>
    import('../features/account/password-reset-page').then((m) => ({ default: m.PasswordResetPage })),
  ),
  verifyEmail: lazy(() =>
    import('../features/account/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
  ),
  dashboard: lazy(() =>
    import('../features/account/dashboard-page').then((m) => ({ default: m.DashboardPage })),
  ),
  profileEdit: lazy(() =>
    import('../features/account/profile-edit-page').then((m) => ({ default: m.ProfileEditPage })),
  ),
};

const LegalPage = lazy(() => import('../features/legal/legal-page').then((m) => ({ default: m.LegalPage })));

/** The legal and information pages, by the slug of their document in `content`. */
const LEGAL_SLUGS: Partial<Record<ScreenId, string>> = {
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
