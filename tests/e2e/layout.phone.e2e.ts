import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bookingPath, routes } from '../../src/config/paths';
import type { ScreenId } from '../../src/config/paths';
import type { TabId } from '../../src/features/dashboard/dashboard-model';
import { tabsFor } from '../../src/features/dashboard/dashboard-model';
import { signUpClient } from './pages/account-pages';
import { anOnlineLawyer } from './pages/checkout-page';
import { ProviderRegistrationPage } from './pages/provider-registration-page';
import { approveProvider } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { discoverRoutes } from './support/public-routes';

/**
 * Nothing scrolls sideways on a phone: every public screen of the route table, every tab of the
 * client's and the provider's dashboards and their other own screens (profile, booking), on the narrow phones still common (360 px) and on a
 * current one (390 px), in French and in the two languages whose words run longest (German,
 * Russian). One browser context for everything: a language is chosen once, then each screen is
 * loaded once and measured at both widths.
 */
const WIDTHS = [390, 360] as const;
const LANGUAGES = ['fr', 'de', 'ru'] as const;
const NOT_FOUND_PATH = '/cette-page-n-existe-pas';

/**
 * What shows that a screen's data is on screen, in any language: lists filled from the local
 * database can widen a page that looked fine while empty.
 */
const CONTENT: Partial<Record<ScreenId, string>> = {
  home: 'main article[data-provider-id]',
  providers: 'main article[data-provider-id]',
  lawyerCall: 'main article[data-provider-id]',
  expatCall: 'main article[data-provider-id]',
  providerProfile: 'main [data-provider-id] h1',
  pricing: 'main [data-service="lawyerCall"]',
  contact: 'main form textarea',
  faq: 'main details summary',
  helpCentre: 'main a[href^="/centre-aide/"]',
  helpArticle: 'main article h1',
  testimonials: 'main article',
  testimonial: 'main article',
  termsClients: 'main article h2',
  termsLawyers: 'main article h2',
  termsExpats: 'main article h2',
  privacyPolicy: 'main article h2',
  cookies: 'main article h2',
  consumers: 'main article h2',
  seo: 'main article h2',
  serviceStatus: 'main li[data-state]',
};

/** A spinner (PageLoading) or a tab still loading: the screen is not finished. */
const LOADING =
  'main [role="status"]:has([class*="spinner"]), [data-active-tab] > p[role="status"]:only-child';

/** The interface language, as the switcher keeps it, applied by a reload. */
async function chooseLanguage(page: Page, language: string) {
  await page.evaluate((value) => localStorage.setItem('sos-expat.language', value), language);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/**
 * Opens a path through the app's own router, as a link would: a page load per screen would start
 * the local database again each time and make the check several times slower. The not-found
 * screen in between makes sure that what is measured next is the new screen, not the last one.
 */
async function visit(page: Page, path: string) {
  const notFound = page.locator('[data-screen="not-found"]');
  await navigate(page, NOT_FOUND_PATH);
  await expect(notFound).toBeVisible();
  if (path === NOT_FOUND_PATH) return;
  await navigate(page, path);
  await expect(notFound).toHaveCount(0);
}

async function navigate(page: Page, path: string) {
  await page.evaluate((value) => {
    history.pushState(null, '', value);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function settled(page: Page, content = 'main h1') {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator(content).first()).toBeVisible();
  await expect(page.locator(LOADING)).toHaveCount(0);
}

/** Measures the screen on show at each width and names what sticks out. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await horizontalOverflow(page);
    if (overflow) problems.push(describeOverflow(`${where} at ${width} px`, overflow));
  }
  expect.soft(problems, problems.join('\n')).toEqual([]);
}

/** The route table's public paths, parameters filled from the running app's own links. */
async function publicPaths(page: Page): Promise<{ path: string; screen: ScreenId | 'notFound' }[]> {
  const discovered = (await discoverRoutes(page)).map((route) => route.path);
  const sample = (prefix: string) => discovered.find((path) => path.startsWith(prefix));
  const samples: Partial<Record<ScreenId, string | undefined>> = {
    providerProfile: discovered.find((path) => /^\/(avocat|expatrie)\//.test(path)),
    helpArticle: sample('/centre-aide/'),
    testimonial: sample('/testimonials/'),
  };
  const paths = routes
    .filter((route) => !route.protected)
    .map((route) => {
      const path = route.path.includes(':') ? samples[route.screen] : route.path;
      if (!path) throw new Error(`No sample address for the public screen ${route.screen} (${route.path})`);
      return { path, screen: route.screen };
    });
  // An alias named in issue 12, and the page for an address that leads nowhere.
  return [...paths, { path: '/pricing', screen: 'pricing' }, { path: NOT_FOUND_PATH, screen: 'notFound' }];
}

test.setTimeout(240_000);

test('every public screen fits a phone, in French, German and Russian', async ({ page }) => {
  const paths = await publicPaths(page);
  await page.goto('/');
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language);
    for (const { path, screen } of paths) {
      await test.step(`${language} ${path}`, async () => {
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await visit(page, path);
        await settled(page, screen === 'notFound' ? undefined : CONTENT[screen]);
        await expectNoSidewaysScroll(page, `${language} ${path}`);
      });
    }
  }
});

/** A screen of a signed-in user: a dashboard tab, or a screen of their own beside it. */
type OwnScreen = { name: string; path: string; content: string };

const tabScreens = (tabs: TabId[]): OwnScreen[] =>
  tabs.map((tab) => ({
    name: `tab ${tab}`,
    path: `/dashboard?tab=${tab}`,
    content: `[data-active-tab="${tab}"] > *`,
  }));
const PROFILE_EDIT: OwnScreen = { name: 'profile edit', path: '/profile/edit', content: 'main form' };

/**
 * The signed-in user's screens, in each language. From tab to tab the panel names the tab it
 * shows only once that tab is there (or loading, which `settled` waits out).
 */
async function checkOwnScreens(page: Page, screens: OwnScreen[], who: string) {
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language);
    await page.goto('/dashboard');
    for (const screen of screens) {
      await test.step(`${who} ${language} ${screen.name}`, async () => {
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await navigate(page, screen.path);
        await settled(page, screen.content);
        await expectNoSidewaysScroll(page, `${who}, ${language}, ${screen.name}`);
      });
    }
  }
}

test('every dashboard tab and own screen of a client and of a provider fits a phone', async ({
  page,
  baseURL,
}) => {
  await signUpClient(page);
  const lawyer = await anOnlineLawyer(page);
  await checkOwnScreens(
    page,
    [
      ...tabScreens(tabsFor('client')),
      PROFILE_EDIT,
      { name: 'booking request', path: bookingPath(lawyer.id), content: 'main form textarea' },
    ],
    'client',
  );

  await chooseLanguage(page, 'fr');
  const signOut = await page.request.post('/api/auth/logout', { headers: { 'x-sos-expat': '1' } });
  expect(signOut.ok()).toBe(true);
  await new ProviderRegistrationPage(page).registerLawyer();
  const uid = await page.evaluate(() =>
    fetch('/api/auth/me')
      .then((response) => response.json())
      .then((me: { user: { uid: string } }) => me.user.uid),
  );
  await approveProvider(baseURL!, uid);
  await checkOwnScreens(page, [...tabScreens(tabsFor('lawyer')), PROFILE_EDIT], 'lawyer');
});

test('the not-found card keeps the space every page leaves below the header', async ({ page }) => {
  await page.goto(NOT_FOUND_PATH);
  const card = page.locator('[data-screen="not-found"] > div');
  await expect(card).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  const top = (await card.boundingBox())!.y;
  expect(top - (header.y + header.height)).toBeGreaterThanOrEqual(32);
});
