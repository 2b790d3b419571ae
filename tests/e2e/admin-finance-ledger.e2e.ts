/**
 * The ledger screen of the admin console (finance/ledger) in Chromium: after a consultation booked
 * and paid during the test, the admin opens the ledger of that order (the capture and its split,
 * the money kept running) and of its provider (their share in their balance), the choice kept in
 * the URL; the banner says the ledger balances. Then screenshots, phone (390 px) and desktop, in
 * French and English, each checked for sideways overflow.
 */
import { expect, test } from '@playwright/test';
import { adminApi } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { bookAndPay, newClient, signInAdmin } from './support/paid-consultation';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-ledger';
const LIST = '[data-admin-list="ledger"]';

let orderId = '';
let providerId = '';

test.describe.configure({ mode: 'serial' });

test('an admin opens the ledger of a paid order and of its provider', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const firstName = `Lina${Date.now().toString(36).slice(-4)}`;
  const client = await playwright.request.newContext({ baseURL });
  await newClient(client, firstName);
  orderId = await bookAndPay(client, firstName);
  await client.dispose();
  const api = await adminApi(baseURL!);
  // The capture comes when the simulated call connects.
  await expect
    .poll(
      async () => {
        const answer = await api.get(`/api/admin/ledger?order=${orderId}`);
        const body = (await answer.json()) as { items: { kind: string }[] };
        return body.items.map((line) => line.kind).join(' ');
      },
      { timeout: 30_000 },
    )
    .toContain('provider_share');
  const detail = (await (await api.get(`/api/admin/payments/${orderId}`)).json()) as {
    payment: { payment: { provider: { id: string } } };
  };
  providerId = detail.payment.payment.provider.id;
  await api.dispose();

  await signInAdmin(page);
  await page.goto('/admin/finance/ledger');
  await expect(page.getByRole('heading', { level: 1, name: 'Grand livre' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-ledger-check="balanced"]')).toContainText('Le grand livre est équilibré');

  await page.getByLabel('Numéro de commande').fill(orderId);
  await page.getByRole('button', { name: 'Afficher' }).click();
  await expect(page).toHaveURL(new RegExp(`by=order&id=${orderId}`));
  const rows = page.locator(`${LIST} tbody tr`);
  await expect(rows.first()).toContainText('Empreinte', { timeout: 15_000 });
  const capture = rows.filter({ hasText: 'Débit' });
  await expect(capture).toContainText(/\+49\s€/);
  await expect(capture.locator('[data-running]')).toContainText(/49\s€/);
  await expect(rows.filter({ hasText: 'Part du prestataire' })).toBeVisible();

  await page.getByRole('radio', { name: "D'un prestataire" }).click();
  await page.getByLabel('Identifiant du prestataire').fill(providerId);
  await page.getByRole('button', { name: 'Afficher' }).click();
  await expect(page).toHaveURL(new RegExp(`by=provider&id=${encodeURIComponent(providerId)}`));
  // The order's movements stay on screen until the provider's arrive: those have no card hold.
  await expect(page.locator(`${LIST} tbody tr`, { hasText: 'Empreinte' })).toHaveCount(0, {
    timeout: 15_000,
  });
  const share = page.locator(`${LIST} tbody tr`, { hasText: orderId });
  await expect(share).toContainText('Part du prestataire', { timeout: 15_000 });
  await expect(share.locator('[data-running]')).toContainText('€');
  // The provider's balance above the movements, in their one currency.
  await expect(page.locator('[data-ledger-balances]')).toContainText(/Solde du prestataire\s+[\d\s,]+\s€/);
  // The URL alone reopens the same ledger.
  await page.reload();
  await expect(page.locator(`${LIST} tbody tr`, { hasText: orderId })).toBeVisible({ timeout: 15_000 });
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the ledger (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    expect(orderId).not.toBe('');
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    for (const [name, path] of [
      ['order', `/admin/finance/ledger?by=order&id=${orderId}`],
      ['provider', `/admin/finance/ledger?by=provider&id=${encodeURIComponent(providerId)}`],
    ] as const) {
      for (const [device, viewport] of [
        ['desktop', { width: 1280, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.locator(`${LIST} tbody tr`).first()).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('[data-ledger-check]')).toBeVisible();
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
