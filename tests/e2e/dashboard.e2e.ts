import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { LoginScreen, signUpClient } from './pages/account-pages';
import { bookAndPay } from './pages/consultation-flow';
import { ProvidersPage } from './pages/providers-page';
import { E2E_ADMIN } from './support/admin';
import { seriousViolations } from './support/axe';

// A French browser: the checkout starts in euros.
test.use({ locale: 'fr-FR' });
// Demo telephony at test speed (playwright.config.ts): a whole consultation takes seconds.
test.setTimeout(150_000);

/** The dashboard's notifications tab, as a person reads it. */
function notificationsTab(page: Page) {
  const section = page.getByRole('region', { name: 'Notifications', exact: true });
  return {
    section,
    items: section.getByRole('listitem'),
    unreadItems: section.locator('li[data-read="false"]'),
    summary: section.getByRole('status'),
    markAll: section.getByRole('button', { name: 'Tout marquer comme lu' }),
  };
}

test('a client marks notifications read offline; it lasts a reload and reaches their other devices', async ({
  page,
  context,
  browser,
}) => {
  // A consultation to the end: booking confirmed, call started, call completed, invoice ready.
  await bookAndPay(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultation terminée', {
    timeout: 45_000,
  });
  await expect(page.getByRole('button', { name: /Télécharger le PDF de la facture/ })).toBeVisible({
    timeout: 30_000,
  });

  // The header counts them and leads to them.
  const badge = page.getByRole('banner').getByRole('link', { name: '4 notifications non lues' });
  await expect(badge).toBeVisible({ timeout: 15_000 });
  await badge.click();
  await expect(page).toHaveURL(/\/dashboard\?tab=notifications$/);
  const nav = page.getByRole('navigation', { name: 'Rubriques de votre espace' });
  await expect(nav.getByRole('link', { name: /Notifications/ })).toHaveAttribute('aria-current', 'page');
  const tab = notificationsTab(page);
  await expect(tab.items).toHaveCount(4);
  await expect(tab.unreadItems).toHaveCount(4);
  await expect(tab.section).toContainText('Réservation confirmée');
  await expect(tab.section).toContainText(/Votre facture SOS-\d{4}-\d{6} est disponible/);
  expect(await seriousViolations(page), 'notifications tab').toEqual([]);

  // Offline: one read, then all; each waits to sync, the header says so.
  await context.setOffline(true);
  await tab.items.first().getByRole('button', { name: 'Marquer comme lu' }).click();
  await expect(tab.unreadItems).toHaveCount(3);
  await expect(tab.items.first()).toHaveAttribute('data-read', 'true');
  await expect(tab.items.first().getByText('En attente de synchronisation')).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: '3 notifications non lues' }),
  ).toBeVisible();
  await tab.markAll.click();
  await expect(tab.unreadItems).toHaveCount(0);
  await expect(tab.summary).toHaveText('Tout est lu.');
  await expect(tab.markAll).toBeDisabled();
  await expect(page.getByRole('banner').getByRole('link', { name: /notifications? non lues?/ })).toHaveCount(
    0,
  );
  await expect(page.getByRole('banner').getByText('4 modifications en attente')).toBeVisible();

  // Still offline, the tab closed and opened again: the reads are kept on the device.
  await page.reload();
  await expect(tab.items).toHaveCount(4);
  await expect(tab.unreadItems).toHaveCount(0);
  await expect(tab.section.getByText('En attente de synchronisation')).toHaveCount(4);

  // Back online: pushed, nothing left waiting.
  await context.setOffline(false);
  await expect(page.getByRole('banner').getByText(/en attente/)).toHaveCount(0, { timeout: 30_000 });
  await expect(tab.section.getByText('En attente de synchronisation')).toHaveCount(0);

  // Another device of the same user (a fresh browser storage, same session) sees them read.
  const other = await browser.newContext({
    locale: 'fr-FR',
    storageState: { cookies: await context.cookies(), origins: [] },
  });
  const second = await other.newPage();
  await second.goto('/dashboard?tab=notifications');
  const elsewhere = notificationsTab(second);
  await expect(elsewhere.items).toHaveCount(4, { timeout: 30_000 });
  await expect(elsewhere.unreadItems).toHaveCount(0);
  await expect(elsewhere.summary).toHaveText('Tout est lu.');
  await other.close();
});

test('a client finds the call in the calls tab and keeps the notification preferences in one place', async ({
  page,
}) => {
  await bookAndPay(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultation terminée', {
    timeout: 45_000,
  });

  await page.goto('/dashboard?tab=calls');
  const calls = page.getByRole('region', { name: 'Mes appels' });
  const row = calls.getByRole('row').nth(1);
  await expect(row).toContainText('Terminé');
  await expect(row).toContainText('49 €');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/payment-success\?orderId=ord_/);

  // The SMS switch of the notifications tab is the Settings tab's.
  await page.goto('/dashboard?tab=notifications');
  const sms = page.getByRole('switch', { name: 'Par SMS' });
  await expect(sms).not.toBeChecked();
  await sms.check();
  await expect(page.getByText('Préférence enregistrée.')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Rubriques de votre espace' })
    .getByRole('link', { name: 'Paramètres' })
    .click();
  await expect(page.getByRole('switch', { name: 'Par SMS' })).toBeChecked();
  await page.getByLabel('Visibilité du profil').selectOption('private');
  await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
  await expect(page.getByText('Paramètres mis à jour avec succès.')).toBeVisible();
  expect(await seriousViolations(page), 'settings tab').toEqual([]);
});

test('the dashboard opens on every one of many page loads: no replication request outlives its page', async ({
  page,
}) => {
  await signUpClient(page);
  // The installed service worker sees every request of the pages below.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  const nav = page.getByRole('navigation', { name: 'Rubriques de votre espace' });
  // Each load starts the live replications; more loads than the browser's six connections per host.
  for (const tab of ['calls', 'invoices', 'reviews', 'notifications', 'messages', 'favourites', 'settings']) {
    for (let load = 0; load < 2; load++) {
      await page.goto(`/dashboard?tab=${tab}`);
      await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('data-tab', tab);
    }
  }
});

test("a signed-in client's favourites are in the dashboard with each expert's status, and removed offline", async ({
  page,
  context,
}) => {
  await signUpClient(page);

  const directory = new ProvidersPage(page);
  await directory.open('?status=online');
  await directory.waitForServiceWorkerControl();
  const card = directory.cards.first();
  const providerId = (await card.getAttribute('data-provider-id'))!;
  await card.getByRole('button', { name: /aux favoris$/ }).click();
  await expect(card.getByRole('button', { name: /des favoris$/ })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/dashboard?tab=favourites');
  const favourites = page.getByRole('region', { name: 'Mes favoris' });
  const item = favourites.locator(`li[data-favourite="${providerId}"]`);
  await expect(item.getByRole('link')).toBeVisible();
  await expect(item.locator('[data-online]')).toHaveAttribute('data-online', 'true');
  // Sent to the server: nothing waits any more.
  await expect(item.getByText('En attente de synchronisation')).toHaveCount(0, { timeout: 20_000 });

  await context.setOffline(true);
  await item.getByRole('button', { name: /^Retirer .+ des favoris$/ }).click();
  await expect(favourites.getByRole('listitem')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Mes favoris' }).getByRole('listitem')).toHaveCount(0);
  await context.setOffline(false);
});

test("an admin's dashboard keeps to their account, with no client tabs, and leads to the console", async ({
  page,
}) => {
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/dashboard?tab=calls');
  const nav = page.getByRole('navigation', { name: 'Rubriques de votre espace' });
  await expect(nav.locator('[data-tab]')).toHaveText(['Profil', 'Paramètres', 'Notifications']);
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Profil');
  // Besides its tabs, the dashboard's one other link is the console's, and it reaches the console.
  const tabs = await nav.locator('[data-tab]').count();
  await expect(nav.getByRole('link')).toHaveCount(tabs + 1);
  await nav.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation de la console' })).toBeVisible();
});
