import { expect, test } from '@playwright/test';
import { ProvidersPage } from './pages/providers-page';

/**
 * Two tabs of the app share one offline store (IndexedDB), and one tab (the leader) pulls the
 * public collections for all: what one tab writes or pulls must show in the other without a reload.
 */
test('two tabs: a favourite set in one shows in the other, and the second tab lists the directory the first pulled', async ({
  context,
}) => {
  const first = new ProvidersPage(await context.newPage());
  await first.open();
  await first.waitForServiceWorkerControl();
  await expect(first.syncIndicator).toHaveAttribute('data-sync-state', /online|syncing/);

  const second = new ProvidersPage(await context.newPage());
  await second.open();
  await expect(second.cards).toHaveCount(12);
  const name = (await second.cards.first().getByRole('heading').textContent()) ?? '';

  // The first tab's heart on the same provider, offline too: the write is local.
  await context.setOffline(true);
  const card = first.cards.filter({ hasText: name }).first();
  await card.getByRole('button', { name: /aux favoris$/ }).click();
  await expect(card.getByRole('button', { name: /des favoris$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    second.cards
      .filter({ hasText: name })
      .first()
      .getByRole('button', { name: /des favoris$/ }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Offline, the second tab filters from the store the first tab filled.
  await second.filter('Langue').selectOption('de');
  await expect
    .poll(async () => {
      const texts = await second.cardTexts();
      return texts.length > 0 && texts.every((text) => text.includes('Allemand'));
    })
    .toBe(true);
});
