/**
 * The finance exports and VAT screens of the admin console in Chromium. A client books and pays a
 * consultation that completes (its invoice issued); the admin downloads this month's invoices from
 * finance/exports for Excel (`;`), and the file holds the invoice with its VAT in decimal commas,
 * after the byte-order mark. The VAT screen shows this month's figures as the service sums them,
 * and its "by country" link shows France with the same VAT. Then screenshots of the three screens,
 * phone (390 px) and desktop, in French and English, each checked for sideways overflow.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { TaxCountryReport, TaxReport } from '../../src/domain/admin-taxes';
import { formatMoney } from '../../src/ui/intl';
import { adminApi } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { bookAndPay, newClient, signInAdmin } from './support/paid-consultation';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-hexp';
const thisMonth = () => new Date().toISOString().slice(0, 7);

test('an admin downloads this month’s invoices as a CSV for Excel and reads the VAT collected', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const client = await playwright.request.newContext({ baseURL });
  const firstName = `Vat${Date.now().toString(36).slice(-4)}`;
  await newClient(client, firstName);
  const orderId = await bookAndPay(client, firstName);
  await client.dispose();
  // The invoice is issued when the simulated consultation completes (a few seconds).
  const admin = await adminApi(baseURL!);
  let number = '';
  await expect
    .poll(
      async () => {
        const answer = await admin.get(`/api/admin/payments/${orderId}`);
        const { payment } = (await answer.json()) as {
          payment: { consultation: { invoiceNumber?: string } };
        };
        number = payment.consultation.invoiceNumber ?? '';
        return number;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^SOS-\d{4}-\d{6}$/);
  const taxes = (await (
    await admin.get(`/api/admin/taxes?granularity=month&year=${thisMonth().slice(0, 4)}`)
  ).json()) as TaxReport;
  const month = taxes.rows.find((row) => row.period === thisMonth() && row.currency === 'EUR')!;
  const countries = (await (
    await admin.get(`/api/admin/taxes/by-country?period=${thisMonth()}`)
  ).json()) as TaxCountryReport;
  const france = countries.rows.find((row) => row.country === 'FR' && row.currency === 'EUR')!;
  await admin.dispose();
  expect(month.collected.vat).toBeGreaterThan(0);

  await signInAdmin(page);
  await page.goto('/admin/finance/exports');
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: /Factures/ }).check();
  await page.getByRole('button', { name: 'Ce mois-ci' }).click();
  await page.getByLabel('Pour Excel en français ou en allemand').check();
  const link = page.locator('[data-export-link]');
  await expect(link).toHaveAttribute(
    'href',
    /^\/api\/admin\/exports\?dataset=invoices&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&sep=semicolon$/,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^sos-expat-invoices-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path())!)).toString('utf8');
  expect(text.startsWith('\uFEFFinvoice_number;issued_at;order_id;')).toBe(true);
  const line = text.split('\r\n').find((row) => row.startsWith(`${number};`));
  expect(line, text).toBeDefined();
  expect(line).toContain(`;${orderId};`);
  expect(line).toMatch(/;40,83;8,17;49,00;0,2;EUR$/);

  // The date range is checked before anything is asked.
  await page.locator('[data-export-to]').fill('2020-01-01');
  await expect(page.locator('[data-export-problem]')).toHaveText(
    'La date de fin doit être le jour de début ou après.',
  );
  await expect(link).toBeHidden();

  await page.goto('/admin/finance/taxes');
  await expect(page.getByRole('heading', { level: 1, name: 'TVA collectée' })).toBeVisible({
    timeout: 30_000,
  });
  const row = page.locator(`[data-tax-currency="EUR"] [data-tax-row="${thisMonth()}"]`);
  await expect(row.locator('[data-vat]')).toHaveText(formatMoney(month.collected.vat, 'EUR', 'fr'));
  await row.getByRole('link', { name: /Par pays/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/finance/taxes/by-country\\?period=${thisMonth()}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'TVA par pays' })).toBeVisible();
  const french = page.locator('[data-tax-currency="EUR"] [data-tax-row="FR"]');
  await expect(french.getByRole('rowheader')).toHaveText('France');
  await expect(french.locator('[data-vat]')).toHaveText(formatMoney(france.collected.vat, 'EUR', 'fr'));
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the exports and VAT screens (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const [name, path, ready] of [
        ['exports', '/admin/finance/exports', '[data-export-link]'],
        ['taxes', '/admin/finance/taxes', '[data-tax-controls]'],
        ['taxes-by-country', `/admin/finance/taxes/by-country?period=${thisMonth()}`, '[data-tax-period]'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator(ready)).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('status')).toHaveCount(0);
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
