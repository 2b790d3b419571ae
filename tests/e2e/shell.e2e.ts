import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';

test('aliases show the same screen as their route, unknown paths a translated not-found page', async ({
  page,
}) => {
  for (const [route, alias] of [
    ['/tarifs', '/pricing'],
    ['/testimonials', '/temoignages'],
    ['/terms-clients', '/conditions-generales-clients'],
    ['/terms-clients', '/cgu-clients'],
    ['/privacy-policy', '/politique-confidentialite'],
    ['/consumers', '/consommateurs'],
    ['/seo', '/referencement'],
  ]) {
    await page.goto(route!);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).not.toHaveText('');
    const title = await heading.textContent();
    await page.goto(alias!);
    await expect(page.getByRole('heading', { level: 1 }), alias).toHaveText(title!);
  }
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('each path has its title and description, in French by default, and the splash leaves', async ({
  page,
}) => {
  await page.goto('/tarifs');
  await expect(page).toHaveTitle('Tarifs — SOS Expat');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /Un appel avocat de 20 minutes/,
  );
  await expect(page.locator('#splash')).toHaveCount(0);
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Tarifs — SOS Expat');
  await page.goto('/login');
  await expect(page).toHaveTitle('Connexion — SOS Expat');
  await page.goto('/temoignages');
  await expect(page).toHaveTitle('Témoignages de clients — SOS Expat');
  await page.goto('/cookies');
  await expect(page).toHaveTitle('SOS Expat — aide juridique et pratique par téléphone pour les expatriés');
});

test('every navigation starts at the top of the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/providers');
  await expect(page.locator('article[data-provider-id]').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
  await expect(page).toHaveURL(/\/cookies$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('unhandled errors in the page are reported to the server', async ({ page }) => {
  // The reporting is part of the app's script, which a server-rendered page fetches after its first
  // paint: the app is running once it replicates the directory.
  const running = page.waitForRequest((request) => request.url().includes('/db/providers/_changes'));
  await page.goto('/providers');
  await expect(page.locator('article[data-provider-id]').first()).toBeVisible();
  await running;
  const report = page.waitForRequest((request) => request.url().endsWith('/api/logs/errors'));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e unhandled error');
    });
    void Promise.reject(new Error('e2e unhandled rejection'));
  });
  const body = (await report).postDataJSON() as { origin: string; error: string };
  expect(['error', 'unhandledrejection']).toContain(body.origin);
  expect(body.error).toMatch(/e2e unhandled/);
});

test('Chromium finds the app installable', async ({ baseURL, browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  // A normal (not incognito) profile: Chromium never offers to install from an incognito one.
  const profile = await mkdtemp(path.join(tmpdir(), 'sos-expat-profile-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, { ...launch, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/providers');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(
      manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes}:${icon.purpose}`),
    ).toEqual(['192x192:any', '512x512:any', '512x512:maskable']);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test("a first visit registers the service worker once the page's data is on the device, not before", async ({
  page,
}) => {
  // The directory's first pull is held back: the precache (about 200 files) must not start meanwhile,
  // competing with it for a weak connection.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let pullAsked = false;
  await page.route(/\/db\/providers\/_changes/, async (route) => {
    pullAsked = true;
    await held;
    await route.continue();
  });
  await page.goto('/providers');
  await expect(page.locator('article[data-provider-id]').first()).toBeVisible();
  await expect.poll(() => pullAsked, { timeout: 15_000 }).toBe(true);
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        document.readyState === 'complete' ? resolve(0) : addEventListener('load', resolve),
      ),
  );
  // Registered at the page's load, as it was, the worker would be registered within this second.
  await page.waitForTimeout(1_000);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined),
  ).toBe(true);

  release();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
});

test('a page left out by the service worker it finds active is claimed by it, and its screens then open offline', async ({
  page,
  context,
}) => {
  await page.goto('/providers');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  // A reload that bypasses the worker (as a page whose navigation began before the worker
  // activated): the page starts uncontrolled, with the worker active and registered already.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.reload', { ignoreCache: true });
  await page.waitForLoadState('load');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

  // Controlled, the page reaches a screen it has not shown yet with no connection.
  await context.setOffline(true);
  await page.getByRole('banner').getByRole('link', { name: 'Tarifs' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/tarifs$/);
  await context.setOffline(false);
});
