import { expect, test } from '@playwright/test';
import { ProvidersPage } from './pages/providers-page';

test('the chosen language survives a reload', async ({ page }) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  await expect(directory.heading).toHaveText('Nos experts, disponibles maintenant');
  await directory.chooseInterfaceLanguage('de');
  await expect(directory.heading).toHaveText('Unsere Experten – jetzt verfügbar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(directory.heading).toHaveText('Unsere Experten – jetzt verfügbar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(directory.filter('Sprache')).toBeVisible();
});

test('a link shared in a language opens in it on a device that has the app, and becomes its choice', async ({
  page,
}) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  await expect(directory.heading).toHaveText('Nos experts, disponibles maintenant');
  // From now on the service worker answers pages with the app, which renders them itself.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  const opened = await page.goto('/providers?lang=de');
  expect(opened?.fromServiceWorker()).toBe(true);
  await expect(directory.heading).toHaveText('Unsere Experten – jetzt verfügbar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.goto('/providers');
  await expect(directory.heading).toHaveText('Unsere Experten – jetzt verfügbar');
});

test('a stored language that is not one of the five gives French', async ({ page, context }) => {
  await context.addInitScript(() => window.localStorage.setItem('sos-expat.language', 'it'));
  const directory = new ProvidersPage(page);
  await directory.open();
  await expect(directory.heading).toHaveText('Nos experts, disponibles maintenant');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('the app installs under a name in the reader language: one manifest per language, linked once', async ({
  page,
}) => {
  const manifestOf = async (language: string) => {
    // The link follows the language once its texts have loaded, in the same step as <html lang>.
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const links = page.locator('link[rel="manifest"]');
    await expect(links).toHaveCount(1);
    const href = await links.evaluate((link: HTMLLinkElement) => link.href);
    const answer = await page.request.get(href);
    expect(answer.ok()).toBe(true);
    return (await answer.json()) as { lang: string; name: string; description: string; id: string };
  };
  const directory = new ProvidersPage(page);
  await directory.open();
  const french = await manifestOf('fr');
  expect(french).toMatchObject({ lang: 'fr', id: '/' });
  expect(french.name).toContain('par téléphone');
  expect(french.description).toContain('en quelques minutes');

  await directory.chooseInterfaceLanguage('de');
  const german = await manifestOf('de');
  expect(german).toMatchObject({ lang: 'de', id: '/' });
  expect(german.name).toContain('Hilfe am Telefon');
  await page.reload();
  expect((await manifestOf('de')).lang).toBe('de');
});
