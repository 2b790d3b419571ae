import { expect, test } from '@playwright/test';
import { ProvidersPage } from './pages/providers-page';
import { cutSelectLabels } from './support/select-labels';

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
  // The next page brings the reader back to the top of the results, not to the footer.
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Suivant' });
  await next.scrollIntoViewIfNeeded();
  await next.click();
  await expect(page).toHaveURL(/page=2/);
  await expect(directory.cards.first()).not.toHaveAttribute('data-provider-id', firstPage!);
  const resultsStart = page.locator('[data-listing-count]');
  await expect(resultsStart).toBeFocused();
  await expect(resultsStart).toBeInViewport();
  await expect(directory.cards.first()).toBeInViewport();
  await page.goto('/providers?type=lawyer&language=ru&country=JP');
  await expect(page.getByRole('heading', { name: 'Aucun expert ne correspond à ces filtres' })).toBeVisible();
  await page.getByRole('button', { name: 'Réinitialiser les filtres' }).last().click();
  await expect(directory.cards).toHaveCount(12);
});

test('on a phone the filters show their choices whole, in French, German and Russian', async ({ page }) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  const problems: string[] = [];
  for (const language of ['fr', 'de', 'ru']) {
    await page.evaluate((value) => localStorage.setItem('sos-expat.language', value), language);
    for (const path of ['/providers', '/testimonials']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('main article').first()).toBeVisible();
      await expect(page.locator('main select').first()).toBeVisible();
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 800 });
        const cut = await cutSelectLabels(page);
        problems.push(...cut.map((problem) => `${language} ${path} at ${width} px: ${problem}`));
      }
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
