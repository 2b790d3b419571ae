import { expect, test } from '@playwright/test';
import { ProvidersPage } from './pages/providers-page';

test('on a phone the directory fits the screen and the menu opens', async ({ page }) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Tarifs' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifs');
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
});

test('pagination and the no-results state', async ({ page }) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  const firstPage = await directory.cards.first().getAttribute('data-provider-id');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(directory.cards.first()).not.toHaveAttribute('data-provider-id', firstPage!);
  await page.goto('/providers?type=lawyer&language=ru&country=JP');
  await expect(page.getByRole('heading', { name: 'Aucun expert ne correspond à ces filtres' })).toBeVisible();
  await page.getByRole('button', { name: 'Réinitialiser les filtres' }).last().click();
  await expect(directory.cards).toHaveCount(12);
});
