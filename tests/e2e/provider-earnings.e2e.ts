import { expect, request, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { anApprovedLawyerOnline } from './support/approved-provider';
import { BROWSER_HEADERS, bookAndPay, newClient, signInAdmin } from './support/paid-consultation';
import { shot } from './support/shots';

/**
 * A provider follows their money in the dashboard: after a paid consultation their balance shows
 * their share; once an admin runs the payouts, what was paid out, a zero balance and the payout
 * itself; offline too (the figures are a document of their own database, replicated).
 */
test.use({ locale: 'fr-FR' });
test.setTimeout(180_000);

const SHOTS = '.tmp/shots-earn';
// 49 € less the platform's 15 % commission.
const SHARE = '41,65 €';

const summary = (page: Page) => page.locator('[data-earnings-summary]');
const figure = (page: Page, name: string) =>
  summary(page).locator(`[data-currency="EUR"] [data-figure="${name}"]`);

test('a provider sees their balance, then their payout once an admin has run the payouts', async ({
  browser,
  baseURL,
}) => {
  const lawyer = await anApprovedLawyerOnline(browser, baseURL!);
  const page = lawyer.page;

  // A client books that lawyer and pays; the simulated call is answered and captured.
  const client = await request.newContext({ baseURL });
  await newClient(client, 'Inès');
  await bookAndPay(client, 'Inès', lawyer.uid);
  await client.dispose();

  await page.goto('/dashboard?tab=calls');
  await expect(summary(page).getByRole('heading', { name: 'Vos gains et versements' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(figure(page, 'earned')).toHaveText(SHARE, { timeout: 30_000 });
  await expect(figure(page, 'paidOut')).toHaveText('0 €');
  await expect(figure(page, 'balance')).toHaveText(SHARE);
  await expect(summary(page)).toContainText('Aucun versement pour l’instant.');

  // An admin runs the payouts from the console's own session.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  const run = await admin.request.post('/api/admin/payouts/run', { headers: BROWSER_HEADERS, data: {} });
  expect(run.status(), await run.text()).toBe(200);
  await adminContext.close();

  // The provider's dashboard follows through the replication, without a reload.
  await expect(figure(page, 'paidOut')).toHaveText(SHARE, { timeout: 30_000 });
  await expect(figure(page, 'balance')).toHaveText('0 €');
  const payout = summary(page).locator('[data-payout]');
  await expect(payout).toHaveCount(1);
  await expect(payout).toHaveAttribute('data-state', 'paid');
  await expect(payout).toContainText('Versé');
  await expect(payout).toContainText(SHARE);

  // Offline, the figures are still there after a reload.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await lawyer.context.setOffline(true);
  await page.reload();
  await expect(figure(page, 'paidOut')).toHaveText(SHARE, { timeout: 30_000 });
  await expect(figure(page, 'balance')).toHaveText('0 €');
  await lawyer.context.setOffline(false);

  // Screenshots, phone and desktop, in French and German.
  for (const language of ['fr', 'de'] as const) {
    await page.evaluate((lng) => window.localStorage.setItem('sos-expat.language', lng), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(figure(page, 'paidOut')).toBeVisible({ timeout: 30_000 });
    for (const [name, size] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(size);
      await summary(page).scrollIntoViewIfNeeded();
      await shot(page, { path: `${SHOTS}/earnings-${language}-${name}.png`, fullPage: true });
    }
  }
  await expect(summary(page).getByRole('heading', { name: 'Ihre Einnahmen und Auszahlungen' })).toBeVisible();
  await expect(summary(page).locator('[data-payout]')).toContainText('Ausgezahlt');
  await lawyer.context.close();
});
