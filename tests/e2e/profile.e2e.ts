import { expect, test } from '@playwright/test';
import { ProvidersPage } from './pages/providers-page';

test('a card leads to the canonical profile, which /provider/:id shows too', async ({ page }) => {
  const directory = new ProvidersPage(page);
  await directory.open('?status=online');
  const card = directory.cards.first();
  const id = await card.getAttribute('data-provider-id');
  const name = await card.getByRole('heading', { level: 3 }).innerText();
  await card.getByRole('link', { name: /Voir le profil/ }).click();
  await expect(page).toHaveURL(/\/(avocat|expatrie)\/[a-z]{2}\/[a-z]{2}\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name.replace('✓', '').trim());
  await expect(page.getByRole('link', { name: 'Réserver un appel' })).toHaveAttribute(
    'href',
    `/booking-request/${id}`,
  );
  await page.goto(`/provider/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name.replace('✓', '').trim());
  await expect(page.getByRole('heading', { level: 2, name: 'Spécialités' })).toBeVisible();
});

test('an offline provider cannot be booked', async ({ page }) => {
  const directory = new ProvidersPage(page);
  await directory.open('?status=offline');
  await directory.cards
    .first()
    .getByRole('link', { name: /Voir le profil/ })
    .click();
  const unavailable = page.getByRole('button', { name: 'Indisponible pour le moment' });
  await expect(unavailable).toBeVisible();
  await expect(unavailable).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Réserver un appel' })).toHaveCount(0);
});

test('an unknown profile says so and goes back to the directory', async ({ page }) => {
  await page.goto('/provider/no-such-provider');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Ce profil d'expert est introuvable. Redirection…",
  );
  await expect(page).toHaveURL(/\/providers$/, { timeout: 10_000 });
  await page.goto('/expatrie/th/fr/nobody-000');
  await expect(page.getByRole('alert')).toBeVisible();
});

test('a report made offline waits, is counted, and is sent once when the connection returns', async ({
  page,
  context,
}) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  await directory.waitForServiceWorkerControl();
  await directory.cards
    .first()
    .getByRole('link', { name: /Voir le profil/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sent: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/reports')) sent.push(response.status());
  });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Signaler ce profil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signaler ce profil' });
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choisissez un motif.');
  await dialog.getByRole('combobox', { name: 'Motif', exact: true }).selectOption('other');
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Précisez le motif du signalement.');
  await dialog.getByRole('textbox').fill('Le profil indique un barreau qui ne correspond pas.');
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog.getByRole('status')).toContainText('Vous êtes hors ligne');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.locator('[data-sync-state]')).toContainText('1 modification en attente');

  await context.setOffline(false);
  await expect(page.locator('[data-sync-state]')).not.toContainText('en attente', { timeout: 20_000 });
  await page.waitForTimeout(500);
  expect(sent).toEqual([201]);
});

test('favourites work offline and survive a reload, on cards and on the profile', async ({
  page,
  context,
}) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  await directory.waitForServiceWorkerControl();
  await context.setOffline(true);
  const card = directory.cards.first();
  const heart = card.getByRole('button', { name: /aux favoris$/ });
  await heart.click();
  await expect(card.getByRole('button', { name: /des favoris$/ })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(directory.cards.first().getByRole('button', { name: /des favoris$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await directory.cards
    .first()
    .getByRole('link', { name: /Voir le profil/ })
    .click();
  const onProfile = page.getByRole('button', { name: /des favoris$/ });
  await expect(onProfile).toHaveAttribute('aria-pressed', 'true');
  await onProfile.click();
  await expect(page.getByRole('button', { name: /aux favoris$/ })).toHaveAttribute('aria-pressed', 'false');
  // Not signed in: nothing is shown as waiting for the server.
  await expect(page.locator('[data-sync-state]')).not.toContainText('en attente');
});

test('a heart pressed before the offline store has opened shows at once, and the last press is kept', async ({
  page,
}) => {
  // The store's storage code is held back: the server's page is there, the store cannot open yet.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/storage-dexie-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  const directory = new ProvidersPage(page);
  await directory.open();
  await expect.poll(() => asked).toBe(true);
  const card = directory.cards.first();
  const id = await card.getAttribute('data-provider-id');
  const heart = card.getByRole('button', { name: /favoris$/ });

  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName(/^Retirer .+ des favoris$/);
  // Pressed again and again before anything could be written: the last press decides.
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // Busy until the store has it: then it is stored, and a reload shows it.
  await expect(heart).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(heart).not.toHaveAttribute('aria-busy', 'true');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  const same = page.locator(`article[data-provider-id="${id}"]`).getByRole('button', { name: /favoris$/ });
  await expect(same).toHaveAttribute('aria-pressed', 'true');
  await expect(same).toHaveAccessibleName(/^Retirer .+ des favoris$/);
});

test('a heart pressed and left at once, before the offline store opened, is a favourite on the next page', async ({
  page,
}) => {
  // The store's storage code never arrives on this page: the press can only be kept on the device.
  const held = /\/assets\/storage-dexie-[\w-]+\.js$/;
  let asked = false;
  await page.route(held, () => {
    asked = true;
  });
  const directory = new ProvidersPage(page);
  await directory.open();
  await expect.poll(() => asked).toBe(true);
  const cards = directory.cards;
  const kept = (await cards.nth(0).getAttribute('data-provider-id'))!;
  const undone = (await cards.nth(1).getAttribute('data-provider-id'))!;
  await cards
    .nth(0)
    .getByRole('button', { name: /favoris$/ })
    .click();
  // Pressed, then pressed again: the last press decides here too.
  await cards
    .nth(1)
    .getByRole('button', { name: /favoris$/ })
    .click();
  await cards
    .nth(1)
    .getByRole('button', { name: /favoris$/ })
    .click();
  await expect(cards.nth(0).getByRole('button', { name: /favoris$/ })).toHaveAttribute('aria-busy', 'true');

  // The reader goes on at once (a reload here), and the store opens on the next page.
  await page.unroute(held);
  await page.reload();
  const heart = (id: string) =>
    page.locator(`article[data-provider-id="${id}"]`).getByRole('button', { name: /favoris$/ });
  await expect(heart(kept)).toHaveAttribute('aria-pressed', 'true');
  await expect(heart(kept)).toHaveAccessibleName(/^Retirer .+ des favoris$/);
  await expect(heart(undone)).toHaveAttribute('aria-pressed', 'false');
  // Written once: nothing is left to write on the page after.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('sos-expat.favourite-presses')))
    .toBeNull();
});
