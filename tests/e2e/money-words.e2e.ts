import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bookAndPay } from './pages/consultation-flow';

// A French browser: the checkout starts in euros.
test.use({ locale: 'fr-FR' });
// Demo telephony at test speed (playwright.config.ts): a whole consultation takes seconds.
test.setTimeout(150_000);

/** Words that say money was taken: never for a hold that was lifted. */
const PAID_WORDS = /payée?s?\b|restitu|rembours/i;

function callPage(page: Page) {
  return {
    headline: page.getByRole('heading', { level: 1 }),
    summary: page.getByRole('complementary', { name: 'Votre commande' }),
    main: page.getByRole('main'),
  };
}

async function callsRow(page: Page, orderId: string) {
  await page.goto('/dashboard?tab=calls');
  const calls = page.getByRole('region', { name: 'Mes appels' });
  await expect(calls.getByRole('table')).toBeVisible();
  return { calls, row: calls.locator(`tr[data-call="${orderId}"]`) };
}

function orderIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get('orderId')!;
}

test('when the expert never answers, the call page, the calls tab and the notifications all say the card was not charged', async ({
  page,
}) => {
  await bookAndPay(page, "L'expert ne répond jamais");
  const orderId = orderIdOf(page);
  const call = callPage(page);
  await expect(call.headline).toHaveText("La consultation n'a pas pu avoir lieu", { timeout: 45_000 });
  await expect(
    call.main.getByText("Votre carte n'a pas été débitée : l'empreinte bancaire a été levée."),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(call.summary).toContainText('Non débité — empreinte levée');
  await expect(call.summary).toContainText('49 €');
  await expect(call.main).not.toContainText(PAID_WORDS);

  const { calls, row } = await callsRow(page, orderId);
  await expect(row).toContainText('Échoué');
  await expect(row).toContainText('Non débité — empreinte levée');
  await expect(calls).not.toContainText(PAID_WORDS);

  await page.goto('/dashboard?tab=notifications');
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  const money = notifications.locator('li[data-notification="refund_issued"]');
  await expect(money).toHaveCount(1);
  await expect(money).toContainText(/Votre carte n.a pas été débitée/);
  await expect(notifications.locator('li[data-notification="call_failed"]')).toHaveCount(1);
  await expect(notifications.getByRole('list')).not.toContainText(PAID_WORDS);
});

test('a call that took place says the card was charged, on the call page and in the calls tab', async ({
  page,
}) => {
  await bookAndPay(page);
  const orderId = orderIdOf(page);
  const call = callPage(page);
  await expect(call.headline).toHaveText('Consultation terminée', { timeout: 45_000 });
  await expect(call.summary).toContainText('Débité');
  await expect(call.summary).not.toContainText('Non débité');

  const { row } = await callsRow(page, orderId);
  await expect(row).toContainText('Terminé');
  await expect(row).toContainText('Débité');
  await expect(row).not.toContainText('Non débité');
});
