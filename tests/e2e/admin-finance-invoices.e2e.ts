/**
 * The invoices screen of the admin console (finance/invoices) in Chromium: a consultation booked,
 * paid and completed during the test is invoiced; the admin finds the invoice by the client's name,
 * opens it (seller, buyer, lines, VAT, totals, a link to its payment) and downloads its PDF, rendered
 * in the browser like the client's own. Then screenshots of the list and of an invoice, phone
 * (390 px) and desktop, in French and English, each checked for sideways overflow.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminApi } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { bookAndPay, newClient, signInAdmin } from './support/paid-consultation';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-inv';
const LIST = '[data-admin-list="invoices"]';

test('an admin finds the invoice of a consultation completed now, opens it and downloads its PDF', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const firstName = `Ines${Date.now().toString(36).slice(-4)}`;
  const client = await playwright.request.newContext({ baseURL });
  await newClient(client, firstName);
  const orderId = await bookAndPay(client, firstName);
  await client.dispose();

  // The simulated call rings, connects and ends within seconds; the invoice follows its end.
  const api = await adminApi(baseURL!);
  await expect
    .poll(
      async () => {
        const answer = await api.get(`/api/admin/invoices?q=${encodeURIComponent(firstName)}`);
        return ((await answer.json()) as { items: { orderId: string }[] }).items.map((item) => item.orderId);
      },
      { timeout: 60_000 },
    )
    .toEqual([orderId]);
  await api.dispose();

  await signInAdmin(page);
  await page.goto('/admin/finance/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox').fill(firstName);
  // The search reaches the URL after a pause: wait for it, or it would land after the click below.
  await expect(page).toHaveURL(new RegExp(`q=${firstName}`));
  const row = page.locator(`${LIST} tbody tr`, { hasText: firstName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(orderId);
  await expect(row).toContainText(/49\s€/);
  const number = (await row.locator('td').first().innerText()).match(/SOS-\d{4}-\d{6}/)?.[0];
  expect(number).toBeTruthy();
  await row.getByRole('link').first().click();

  await expect(page).toHaveURL(new RegExp(`/admin/finance/invoices/${number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${number}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: 'Émetteur' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Client', exact: true })).toBeVisible();
  await expect(page.locator('[data-invoice-lines]')).toContainText('Appel avocat');
  await expect(page.locator('[data-invoice-vat]')).toContainText('%');
  await expect(page.locator('[data-invoice-totals]')).toContainText(/49,00\s€/);
  await expect(page.getByRole('link', { name: 'Voir le paiement' })).toHaveAttribute(
    'href',
    `/admin/finance/payments/${orderId}`,
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Télécharger le PDF de la facture ${number}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the invoices and of an invoice (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    await page.goto('/admin/finance/invoices');
    const href = await page.locator(`${LIST} tbody tr a`).first().getAttribute('href', { timeout: 30_000 });
    for (const [name, path, ready] of [
      ['invoices', '/admin/finance/invoices', `${LIST} tbody tr`],
      ['invoice', href!, '[data-invoice-totals]'],
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
