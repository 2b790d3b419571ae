/**
 * Every route of the app, with its aliases (spec section 2), in one table so that no URL is typed
 * by hand elsewhere. `screen` names the screen a route shows; an alias shows the same screen.
 */
import { matchPath } from 'react-router-dom';
import type { Provider } from '../domain/provider';

export type ScreenId =
  | 'home'
  | 'login'
  | 'register'
  | 'registerClient'
  | 'registerLawyer'
  | 'registerExpat'
  | 'passwordReset'
  | 'pricing'
  | 'contact'
  | 'howItWorks'
  | 'faq'
  | 'helpCentre'
  | 'helpArticle'
  | 'testimonials'
  | 'testimonial'
  | 'termsClients'
  | 'termsLawyers'
  | 'termsExpats'
  | 'privacyPolicy'
  | 'cookies'
  | 'consumers'
  | 'seo'
  | 'serviceStatus'
  | 'lawyerCall'
  | 'expatCall'
  | 'providers'
  | 'providerProfile'
  | 'bookingRequest'
  | 'callCheckout'
  | 'paymentSuccess'
  | 'verifyEmail'
  | 'dashboard'
  | 'dashboardMessages'
  | 'profileEdit';

/**
 * `protected`: only for signed-in users (spec section 2, "Protected routes"); the route guard sends
 * anyone else to the login with the path to come back to.
 */
export type RouteEntry = { screen: ScreenId; path: string; aliases: string[]; protected?: true };

const TESTIMONIAL_TAIL = ':serviceType/:country/:year/:language/:id';

export const routes: RouteEntry[] = [
  { screen: 'home', path: '/', aliases: [] },
  { screen: 'login', path: '/login', aliases: [] },
  { screen: 'register', path: '/register', aliases: [] },
  { screen: 'registerClient', path: '/register/client', aliases: [] },
  { screen: 'registerLawyer', path: '/register/lawyer', aliases: [] },
  { screen: 'registerExpat', path: '/register/expat', aliases: [] },
  { screen: 'passwordReset', path: '/password-reset', aliases: [] },
  { screen: 'verifyEmail', path: '/verify-email', aliases: [] },
  { screen: 'dashboard', path: '/dashboard', aliases: [], protected: true },
  { screen: 'dashboardMessages', path: '/dashboard/messages', aliases: [], protected: true },
  { screen: 'profileEdit', path: '/profile/edit', aliases: [], protected: true },
  { screen: 'pricing', path: '/tarifs', aliases: ['/pricing'] },
  { screen: 'contact', path: '/contact', aliases: [] },
  { screen: 'howItWorks', path: '/how-it-works', aliases: [] },
  { screen: 'faq', path: '/faq', aliases: [] },
  { screen: 'helpCentre', path: '/centre-aide', aliases: [] },
  { screen: 'helpArticle', path: '/centre-aide/:slug', aliases: [] },
  { screen: 'testimonials', path: '/testimonials', aliases: ['/temoignages'] },
  {
    screen: 'testimonial',
    path: `/testimonials/${TESTIMONIAL_TAIL}`,
    aliases: [`/temoignages/${TESTIMONIAL_TAIL}`],
  },
  {
    screen: 'termsClients',
    path: '/terms-clients',
    aliases: ['/cgu-clients', '/conditions-generales-clients'],
  },
  { screen: 'termsLawyers', path: '/terms-lawyers', aliases: ['/cgu-avocats'] },
  { screen: 'termsExpats', path: '/terms-expats', aliases: ['/cgu-expatries'] },
  { screen: 'privacyPolicy', path: '/privacy-policy', aliases: ['/politique-confidentialite'] },
  { screen: 'cookies', path: '/cookies', aliases: [] },
  { screen: 'consumers', path: '/consumers', aliases: ['/consommateurs'] },
  { screen: 'seo', path: '/seo', aliases: ['/referencement'] },
  { screen: 'serviceStatus', path: '/statut-service', aliases: [] },
  { screen: 'lawyerCall', path: '/sos-appel', aliases: [] },
  { screen: 'expatCall', path: '/appel-expatrie', aliases: [] },
  { screen: 'providers', path: '/providers', aliases: [] },
  {
    screen: 'bookingRequest',
    path: '/booking-request/:providerId',
    aliases: ['/booking-request'],
    protected: true,
  },
  {
    screen: 'callCheckout',
    path: '/call-checkout/:providerId',
    aliases: ['/call-checkout'],
    protected: true,
  },
  { screen: 'paymentSuccess', path: '/payment-success', aliases: [], protected: true },
  {
    screen: 'providerProfile',
    path: '/provider/:id',
    aliases: ['/avocat/:country/:language/:nameId', '/expatrie/:country/:language/:nameId'],
  },
];

/** The admin console's own login (admin routes and admin-only guards send there). */
export const ADMIN_LOGIN_PATH = '/admin/login';

/** The admin console's entry (it leads on to the console's dashboard). */
export const ADMIN_HOME_PATH = '/admin';

/**
 * The login, with the path to return to after sign-in and the reason the user was sent there
 * (`auth_error`, `unknown`, `google_clients_only`…).
 */
export function loginPath(
  params: { redirect?: string; error?: string } = {},
  base: string = '/login',
): string {
  // Slashes stay readable in the query (`?redirect=/dashboard`); they need no escaping there.
  const encode = (value: string) => encodeURIComponent(value).replace(/%2F/gi, '/');
  const query = [
    params.redirect ? `redirect=${encode(params.redirect)}` : '',
    params.error ? `error=${encode(params.error)}` : '',
  ].filter(Boolean);
  return query.length ? `${base}?${query.join('&')}` : base;
}

/**
 * A `redirect` parameter reduced to a path of this site, or undefined: never another origin
 * (`//evil.example`, `/\\evil.example`, `https://…`), never back to the login itself.
 */
export function safeRedirect(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20)) return undefined;
  const path = raw.split(/[?#]/)[0]!;
  if (path === '/login' || path.startsWith('/register') || path === '/password-reset') return undefined;
  return raw;
}

/** Whether a return path leads back to a booking (the login says the user returns to it). */
export function isBookingPath(path: string | undefined): boolean {
  return !!path && /^\/(booking-request|call-checkout)(\/|\?|$)/.test(path);
}

/** The main path of a screen (no parameters). */
export function pathOf(
  screen: Exclude<
    ScreenId,
    'testimonial' | 'providerProfile' | 'helpArticle' | 'bookingRequest' | 'callCheckout'
  >,
): string {
  const entry = routes.find((r) => r.screen === screen);
  if (!entry) throw new Error(`No route for ${screen}`);
  return entry.path;
}

/** The canonical URL of a provider's profile: /avocat/… for lawyers, /expatrie/… for expat helpers. */
export function providerPath(provider: Pick<Provider, 'role' | 'country' | 'languages' | 'slug'>): string {
  const prefix = provider.role === 'lawyer' ? 'avocat' : 'expatrie';
  const language = provider.languages[0] ?? 'fr';
  return `/${prefix}/${provider.country.toLowerCase()}/${language}/${encodeURIComponent(provider.slug)}`;
}

/** A help-centre article's page. */
export function helpArticlePath(slug: string): string {
  return `/centre-aide/${encodeURIComponent(slug)}`;
}

/** Where a client books a call with this provider. */
export function bookingPath(providerId: string): string {
  return `/booking-request/${encodeURIComponent(providerId)}`;
}

/** The checkout of a booking, once the request is filled. */
export function checkoutPath(providerId: string): string {
  return `/call-checkout/${encodeURIComponent(providerId)}`;
}

/** The dashboard's messages, open on one consultation's conversation. */
export function messagesPath(orderId: string): string {
  return `/dashboard/messages?order=${encodeURIComponent(orderId)}`;
}

/** The page that follows an order's call live. */
export function paymentSuccessPath(orderId: string): string {
  return `/payment-success?orderId=${encodeURIComponent(orderId)}`;
}

/** A testimonial's own page: /testimonials/{serviceType}/{country}/{year}/{language}/{id}. */
export function testimonialPath(t: {
  id: string;
  serviceType?: string;
  country?: string;
  publishedAt?: string;
  language: string;
}): string {
  const year = (t.publishedAt ?? '').slice(0, 4) || 'all';
  const id = t.id.replace(/^testimonial:/, '');
  return `/testimonials/${t.serviceType ?? 'all'}/${(t.country ?? 'xx').toLowerCase()}/${year}/${t.language}/${id}`;
}

/** The screen a path shows, by the route table (aliases included), or undefined when none matches. */
export function screenOfPath(pathname: string): ScreenId | undefined {
  for (const route of routes) {
    if ([route.path, ...route.aliases].some((pattern) => matchPath(pattern, pathname))) return route.screen;
  }
  return undefined;
}
