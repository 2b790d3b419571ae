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

test('a stored language that is not one of the five gives French', async ({ page, context }) => {
  await context.addInitScript(() => window.localStorage.setItem('sos-expat.language', 'it'));
  const directory = new ProvidersPage(page);
  await directory.open();
  await expect(directory.heading).toHaveText('Nos experts, disponibles maintenant');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
