/**
 * The payments screen of the admin console (finance/payments) in Chromium: a consultation booked
 * and paid during the test is found by the client's name, opened, and shown with its ledger, whose
 * running total follows the capture without a reload; the same payment is found again by its gateway
 * id. Then screenshots of the list and of a payment, phone (390 px) and desktop, in French and
 * English, each checked for sideways overflow.
 */
import { expect, test } from '@playwright/test';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { bookAndPay, newClient, signInAdmin } from './support/paid-consultation';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-pay';
const LIST = '[data-admin-list="payments"]';

test('an admin finds a payment made now, opens it and sees its ledger', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const firstName = `Pauline${Date.now().toString(36).slice(-4)}`;
  const client = await playwright.request.newContext({ baseURL });
  await newClient(client, firstName);
  const orderId = await bookAndPay(client, firstName);
  await client.dispose();

  await signInAdmin(page);
  await page.goto('/admin/finance/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Paiements' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox').fill(firstName);
  await expect(page).toHaveURL(new RegExp(`q=${firstName}`));
  const row = page.locator(`${LIST} tbody tr`, { hasText: firstName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(orderId);
  await expect(row).toContainText(/49\s€/);
  await expect(row).toContainText('Simulée (démo)');
  await row.getByRole('link').click();

  await expect(page).toHaveURL(new RegExp(`/admin/finance/payments/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement' })).toBeVisible({ timeout: 30_000 });
  const ledger = page.locator('[data-payment-ledger]');
  await expect(ledger.locator('[data-ledger-kind="authorisation"]')).toContainText(/49\s€/);
  // The capture comes when the simulated call connects: the page follows it live.
  const capture = ledger.locator('[data-ledger-kind="capture"]');
  await expect(capture).toContainText(/\+49\s€/, { timeout: 30_000 });
  await expect(capture.locator('[data-running]')).toContainText(/49\s€/);
  await expect(page.locator('[data-payment-state="captured"]').first()).toBeVisible();
  await expect(page.locator('[data-call-legs]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir la consultation' })).toHaveAttribute(
    'href',
    `/admin/calls/${orderId}`,
  );

  // The gateway's id finds the same payment.
  const intentId = (await page.locator('dd code').innerText()).trim();
  expect(intentId).not.toBe('');
  await page.goto(`/admin/finance/payments?q=${encodeURIComponent(intentId)}`);
  await expect(page.locator(`${LIST} tbody tr`)).toHaveCount(1);
  await expect(page.locator(`${LIST} tbody tr`)).toContainText(orderId);
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the payments and of a payment (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    await page.goto('/admin/finance/payments');
    const href = await page.locator(`${LIST} tbody tr a`).first().getAttribute('href', { timeout: 30_000 });
    for (const [name, path, ready] of [
      ['payments', '/admin/finance/payments', `${LIST} tbody tr`],
      ['payment', href!, '[data-payment-ledger]'],
    ] as const) {
      for (const [device, viewport] of [
        ['desktop', { width: 1280, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
        await shot(page, { path: `${SHOTS}/${name}-${device}-${language}.png`, fullPage: true });
        const overflow = await horizontalOverflow(page);
        expect(
          overflow,
          overflow && describeOverflow(`${name} ${device} ${language}`, overflow),
        ).toBeUndefined();
      }
    }
  });
}
