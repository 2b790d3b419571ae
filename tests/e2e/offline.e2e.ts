import { expect, test } from '@playwright/test';
import { ProvidersPage } from './pages/providers-page';

test('after one visit the directory still works with no connection', async ({ page, context }) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  await expect(directory.cards).toHaveCount(12);
  await directory.waitForServiceWorkerControl();
  await expect(directory.syncIndicator).toHaveAttribute('data-sync-state', /online|syncing/);

  await context.setOffline(true);
  await page.reload();
  await expect(directory.cards).toHaveCount(12);
  await expect(directory.syncIndicator).toHaveAttribute('data-sync-state', 'offline');
  await expect(directory.syncIndicator).toContainText('Hors ligne');

  // A filter change is answered from the local database.
  await directory.filter('Langue').selectOption('de');
  await expect(page).toHaveURL(/language=de/);
  await expect(page.getByText(/experts? trouvés?/)).toBeVisible();
  // The address changes first; the list follows once the local query has answered.
  const allCards = (word: string) => async () => {
    const texts = await directory.cardTexts();
    return texts.length > 0 && texts.every((text) => text.includes(word));
  };
  await expect.poll(allCards('Allemand')).toBe(true);
  await directory.filter('Disponibilité').selectOption('online');
  await expect.poll(allCards('En ligne')).toBe(true);
  await expect.poll(allCards('Allemand')).toBe(true);

  // Another public route, by a link and by a full page load.
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Tarifs' })
    .click();
  await expect(page).toHaveURL(/\/tarifs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tarifs' })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeVisible();
  await page.goto('/providers?type=lawyer');
  await expect(directory.cards.first()).toBeVisible();
  for (const text of await directory.cardTexts()) expect(text).toMatch(/Avocat|Notaire|Conseiller fiscal/);
});
