/**
 * The payouts screen of the admin console (finance/payouts) in Chromium: a client books and pays a
 * consultation that completes; the admin opens the screen, finds the lawyer's balance, runs the
 * payouts now (after the confirmation), and sees the lawyer's payout paid and their balance back
 * to 0; a connected account typed wrong is refused in words and kept in the field, then set. Then screenshots
 * of the screen, phone (390 px) and desktop, in French and English, each checked for sideways
 * overflow. The suite's service has no daily run (playwright.config.ts: PAYOUT_DAILY_AT=off): only
 * this test pays out.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { ProviderBalanceView } from '../../src/domain/payouts';
import { formatMoney } from '../../src/ui/intl';
import { adminApi } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { anApprovedLawyerOnline } from './support/approved-provider';
import { bookAndPay, newClient, signInAdmin } from './support/paid-consultation';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-payouts';
const BALANCES = '[data-admin-list="payouts/balances"]';
const PAYOUTS = '[data-admin-list="payouts"]';

async function balanceOf(admin: APIRequestContext, providerId: string): Promise<ProviderBalanceView> {
  const answer = await admin.get(`/api/admin/payouts/balances?provider=${encodeURIComponent(providerId)}`);
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: ProviderBalanceView[] };
  return (
    items.find((item) => item.currency === 'EUR') ?? {
      providerId,
      currency: 'EUR',
      earned: 0,
      recovered: 0,
      paidOut: 0,
      balance: 0,
    }
  );
}

test('an admin sees a provider’s balance, pays it out now and sees it paid', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A lawyer of their own (registered, approved, online): no other test's money is theirs.
  const lawyer = await anApprovedLawyerOnline(browser, baseURL!);
  const lawyerId = lawyer.uid;
  await lawyer.context.close();
  const client = await playwright.request.newContext({ baseURL });
  const firstName = `Paul${Date.now().toString(36).slice(-4)}`;
  await newClient(client, firstName);
  await bookAndPay(client, firstName, lawyerId);
  await client.dispose();
  // The lawyer's share is written when the simulated consultation completes (a few seconds).
  const admin = await adminApi(baseURL!);
  await expect
    .poll(async () => (await balanceOf(admin, lawyerId)).balance, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const earned = await balanceOf(admin, lawyerId);
  await admin.dispose();

  await signInAdmin(page);
  await page.goto('/admin/finance/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Versements' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-payout-schedule]')).toContainText('uniquement à la demande');
  const name = earned.providerName!;
  // Found by the link to the lawyer's own page: other tests' lawyers may bear the same name.
  const row = page
    .locator(`${BALANCES} tbody tr`)
    .filter({ has: page.locator(`a[href="/admin/users/providers/lawyers/${lawyerId}"]`) });
  await expect(row).toHaveCount(1);
  const euros = (amount: number) => formatMoney(amount, 'EUR', 'fr');
  await expect(row.locator('[data-balance]')).toHaveText(euros(earned.balance));
  // The name leads to the lawyer's admin page.
  await expect(row.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
    'href',
    `/admin/users/providers/lawyers/${lawyerId}`,
  );

  // A connected account typed wrong is refused in the screen's words, and what was typed stays.
  await row.getByRole('button', { name: `Modifier le compte Stripe de ${name}` }).click();
  const dialog = page.locator('[data-connected-account-dialog]');
  const field = dialog.getByLabel('Identifiant du compte connecté (acct_…)');
  await field.fill('ba_123');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toContainText('Identifiant invalide');
  await expect(field).toHaveValue('ba_123');
  await field.fill('acct_1E2ePayouts');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-stripe-account]')).toHaveText('acct_1E2ePayouts');

  await page.getByRole('button', { name: 'Lancer les versements maintenant' }).click();
  const confirm = page.getByRole('dialog', { name: 'Lancer les versements maintenant ?' });
  await confirm.getByRole('button', { name: 'Verser maintenant' }).click();
  await expect(confirm).toBeHidden({ timeout: 30_000 });
  await expect(page.locator('[data-payout-run-done]')).toContainText('Versements effectués');

  await expect(row.locator('[data-balance]')).toHaveText(euros(0));
  await expect(page.locator('[data-payout-runs] tbody tr').first()).toContainText('Par un administrateur');

  // The balance's link narrows the payouts to the lawyer, in the URL: their one payout, paid.
  await row.getByRole('link', { name: 'Voir ses versements' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]provider=${encodeURIComponent(lawyerId)}`));
  await expect(page.locator('[data-provider-filter]')).toContainText(name);
  const payout = page.locator(`${PAYOUTS} tbody tr`);
  await expect(payout).toHaveCount(1);
  await expect(payout).toContainText(name);
  await expect(payout.locator('[data-payout-state="paid"]')).toHaveText('Versé');
  await expect(payout).toContainText(euros(earned.balance));
  await expect(payout).toContainText('Virement simulé (démo)');

  // The day's export for bank transfers, with Excel's separator.
  const href = await page.locator('[data-payout-export-link]').getAttribute('href');
  expect(href).toMatch(/^\/api\/admin\/payouts\/export\.csv\?day=\d{4}-\d{2}-\d{2}&sep=semicolon$/);
  const csv = await page.request.get(`${href}&state=all`);
  expect(csv.ok()).toBe(true);
  expect(await csv.text()).toContain(`;${lawyerId};`);
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the payouts (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/finance/payouts');
      await expect(page.locator(`${BALANCES} tbody tr`).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator(`${PAYOUTS} tbody tr`).first()).toBeVisible();
      await expect(page.locator('[data-payout-runs] tbody tr').first()).toBeVisible();
      await shot(page, { path: `${SHOTS}/payouts-${device}-${language}.png`, fullPage: true });
      const overflow = await horizontalOverflow(page);
      expect(
        overflow,
        overflow && describeOverflow(`payouts ${device} ${language}`, overflow),
      ).toBeUndefined();
    }
  });
}
