import { expect, test } from '@playwright/test';

/** 2.2 of 16 June 2025 until an admin publishes a later one (admin-documents.e2e.ts does). */
const PRIVACY_VERSION = /^Version \d+(?:\.\d+)* du \d{1,2} \S+ \d{4}$/;

test('help centre, FAQ and legal pages render from local data, online and then offline', async ({
  page,
  context,
}) => {
  await page.goto('/faq');
  const questions = page.locator('details summary');
  await expect(questions.first()).toBeVisible();
  expect(await questions.count()).toBeGreaterThanOrEqual(20);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.goto('/privacy-policy');
  await expect(page.getByText(PRIVACY_VERSION)).toBeVisible();

  await context.setOffline(true);

  await page.goto('/faq');
  await expect(questions.first()).toBeVisible();
  await questions.first().click();
  await expect(page.locator('details[open] p').first()).toBeVisible();

  await page.goto('/centre-aide');
  for (const category of [
    'Appels urgents',
    'Compte utilisateur',
    'Paiements',
    'Guides pratiques',
    'Général',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
  }
  // Search ignores case and accents, offline.
  await page.getByRole('searchbox', { name: "Rechercher dans le centre d'aide" }).fill('PASSEPORT perdu');
  await expect(page.getByRole('heading', { level: 2, name: /articles? trouvés?/ })).toBeVisible();
  const firstResult = page.locator('main ul li a').first();
  const title = await firstResult.textContent();
  await firstResult.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);

  await page.goto('/privacy-policy');
  await expect(page.getByText(PRIVACY_VERSION)).toBeVisible();
  await page.goto('/testimonials');
  await expect(page.locator('main article').first()).toBeVisible();
  await page.goto('/cgu-avocats');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.locator('main h2').first()).toBeVisible();
});

test('the help centre and legal pages follow the interface language', async ({ page, context }) => {
  await context.addInitScript(() => window.localStorage.setItem('sos-expat.language', 'ru'));
  await page.goto('/centre-aide');
  await expect(page.getByRole('heading', { level: 2, name: 'Оплата' })).toBeVisible();
  await page.getByRole('searchbox').fill('паспорт');
  await expect(page.locator('main ul li a').first()).toBeVisible();
  await page.goto('/politique-confidentialite');
  await expect(page.getByText(/^Версия \d+(?:\.\d+)* от \d{1,2} \S+ \d{4}/)).toBeVisible();
});

test('the privacy policy shows its built-in default when the edited version cannot be loaded', async ({
  page,
}) => {
  await page.route('**/db/content/**', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.goto('/politique-confidentialite');
  await expect(page.getByText(/Échec du chargement de la dernière version/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
  await expect(page.getByText('Version 2.2 du 16 juin 2025')).toBeVisible();
  await expect(page.locator('main article h2').first()).toBeVisible();
});
