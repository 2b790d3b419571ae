import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The privacy policy's version line, whichever version is current. */
const PRIVACY_VERSION = /^Version \d+(?:\.\d+)* du \d{1,2} \S+ \d{4}$/;

/**
 * Every public route of spec section 2 (aliases included) with what proves that its real content
 * is on screen: data from the replicated collections, not a shell or a "coming soon" page. Routes
 * with parameters are found by following links, as a visitor would.
 */
export type PublicRoute = { path: string; shows: (page: Page) => Promise<void> };

const providerCard = (page: Page) => page.locator('main article[data-provider-id]').first();
const legalText = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.locator('main article h2').first()).toBeVisible();
};
const faqEntries = async (page: Page) => {
  await expect(page.locator('main details summary').first()).toBeVisible();
};
const notComingSoon = async (page: Page) => {
  await expect(page.getByText('Bientôt disponible')).toHaveCount(0);
};

const ROUTES: PublicRoute[] = [
  { path: '/', shows: async (page) => expect(providerCard(page)).toBeVisible() },
  { path: '/providers', shows: async (page) => expect(providerCard(page)).toBeVisible() },
  {
    path: '/tarifs',
    shows: async (page) => expect(page.locator('[data-service="lawyerCall"]')).toContainText('49'),
  },
  {
    path: '/pricing',
    shows: async (page) => expect(page.locator('[data-service="expatCall"]')).toContainText('19'),
  },
  { path: '/contact', shows: async (page) => expect(page.locator('main form textarea')).toBeVisible() },
  {
    path: '/how-it-works',
    shows: async (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  { path: '/faq', shows: faqEntries },
  {
    path: '/centre-aide',
    shows: async (page) => expect(page.getByRole('heading', { level: 2, name: 'Paiements' })).toBeVisible(),
  },
  {
    path: '/testimonials',
    shows: async (page) => expect(page.locator('main article').first()).toBeVisible(),
  },
  { path: '/temoignages', shows: async (page) => expect(page.locator('main article').first()).toBeVisible() },
  ...[
    '/terms-clients',
    '/cgu-clients',
    '/conditions-generales-clients',
    '/terms-lawyers',
    '/cgu-avocats',
    '/terms-expats',
    '/cgu-expatries',
    '/cookies',
    '/consumers',
    '/consommateurs',
    '/seo',
    '/referencement',
  ].map((path) => ({ path, shows: legalText })),
  {
    path: '/privacy-policy',
    // 2.2 of 16 June 2025 until an admin publishes a later one (admin-documents.e2e.ts does).
    shows: async (page) => expect(page.getByText(PRIVACY_VERSION)).toBeVisible(),
  },
  {
    path: '/politique-confidentialite',
    // 2.2 of 16 June 2025 until an admin publishes a later one (admin-documents.e2e.ts does).
    shows: async (page) => expect(page.getByText(PRIVACY_VERSION)).toBeVisible(),
  },
  {
    path: '/statut-service',
    shows: async (page) => expect(page.getByText('Opérationnel').first()).toBeVisible(),
  },
  { path: '/sos-appel', shows: async (page) => expect(providerCard(page)).toBeVisible() },
  { path: '/appel-expatrie', shows: async (page) => expect(providerCard(page)).toBeVisible() },
];

export const STATIC_ROUTES: PublicRoute[] = ROUTES.map((route) => ({
  path: route.path,
  shows: async (page: Page) => {
    await route.shows(page);
    await notComingSoon(page);
  },
}));

/** The routes with parameters, taken from links of the running app: profile (3 forms), testimonial, article. */
export async function discoverRoutes(page: Page): Promise<PublicRoute[]> {
  await page.goto('/providers');
  const card = providerCard(page);
  await expect(card).toBeVisible();
  const id = (await card.getAttribute('data-provider-id'))!;
  const canonical = (await card.getByRole('link').first().getAttribute('href'))!;
  const name = (await card.getByRole('heading', { level: 3 }).innerText()).replace('✓', '').trim();
  const profile = async (p: Page) => {
    await expect(p.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(p.getByRole('heading', { level: 2, name: 'Avis des clients' })).toBeVisible();
  };

  await page.goto('/testimonials');
  const testimonialLink = page.locator('main article a[href^="/testimonials/"]').first();
  await expect(testimonialLink).toBeVisible();
  const testimonial = (await testimonialLink.getAttribute('href'))!;

  await page.goto('/centre-aide');
  const articleLink = page.locator('main a[href^="/centre-aide/"]').first();
  await expect(articleLink).toBeVisible();
  const article = (await articleLink.getAttribute('href'))!;
  const articleTitle = (await articleLink.innerText()).trim();

  return [
    { path: `/provider/${id}`, shows: profile },
    { path: canonical, shows: profile },
    {
      path: testimonial,
      shows: async (p) => expect(p.locator('main article').first()).toBeVisible(),
    },
    {
      path: testimonial.replace('/testimonials/', '/temoignages/'),
      shows: async (p) => expect(p.locator('main article').first()).toBeVisible(),
    },
    {
      path: article,
      shows: async (p) =>
        expect(p.getByRole('heading', { level: 1 })).toContainText(articleTitle.split('\n')[0]!),
    },
  ];
}

/** The account screens (forms that need a connection to send, so not in the offline table). */
export const ACCOUNT_ROUTES: PublicRoute[] = [
  '/login',
  '/register',
  '/register/client',
  '/register/lawyer',
  '/register/expat',
  '/password-reset',
].map((path) => ({
  path,
  shows: async (page: Page) =>
    expect(page.locator('main form, main a[href^="/register/"]').first()).toBeVisible(),
}));
