/**
 * The catalogue screens of the admin console (pricing, promo codes, countries, settings):
 * - an admin changes the lawyer price: a pricing page already open in another browser shows it
 *   without a reload, and a client whose checkout was open at the old price is told and charged
 *   the new one;
 * - an admin creates a promo code that a client then uses at checkout (the discounted amount shown
 *   and charged), and the code's page counts the use;
 * then screenshots of the four screens (phone and desktop, French and English) into
 * .tmp/shots-catalogue. The prices are put back at the end, for the suite's other tests.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { defaultPricing } from '../../src/domain/platform-defaults';
import { adminApi, signInAdmin } from './support/admin';
import { CheckoutScreen, aBookingDraft, anOnlineLawyer, signInNewClient } from './pages/checkout-page';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-catalogue';

test.use({ locale: 'fr-FR' });
// Three browsers, two sign-ups and two payments per test: more than the suite's default minute.
test.describe.configure({ timeout: 150_000 });

/** The order a payment-success page is about, as its client reads it. */
async function paidOrder(page: Page): Promise<{ quote: { total: number; discount: number } }> {
  await expect(page).toHaveURL(/\/payment-success\?orderId=/, { timeout: 20_000 });
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const answer = await page.request.get(`/api/orders/${orderId}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { order: { quote: { total: number; discount: number } } }).order;
}

async function pay(checkout: CheckoutScreen, amount: string) {
  await checkout.confirmOrder(amount);
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.payButton(amount).click();
}

/** The spec's prices again, for the tests that follow (this file's and the suite's). */
async function restorePrices(baseURL: string) {
  const api = await adminApi(baseURL);
  expect((await api.put('/api/admin/pricing', { data: defaultPricing() })).ok()).toBe(true);
  await api.dispose();
}

test.afterEach(async ({ baseURL }) => restorePrices(baseURL!));

test('an admin changes the lawyer price: an open pricing page shows it, checkout charges it', async ({
  browser,
  page,
}) => {
  // A traveller reading the prices, in their own browser.
  const travellerContext = await browser.newContext({ locale: 'fr-FR' });
  const traveller = await travellerContext.newPage();
  await traveller.goto('/tarifs');
  const lawyerPrice = traveller.locator('[data-service="lawyerCall"] p').nth(1);
  await expect(lawyerPrice).toHaveText('49 €', { timeout: 30_000 });

  // A client at checkout, the page open at the old price.
  const clientContext = await browser.newContext({ locale: 'fr-FR' });
  const client = await clientContext.newPage();
  await signInNewClient(client);
  const lawyer = await anOnlineLawyer(client);
  const checkout = new CheckoutScreen(client);
  await checkout.open(lawyer.id, aBookingDraft([lawyer.languages[0]!]));
  await expect(checkout.total).toHaveText('49 €');

  await signInAdmin(page);
  await page.goto('/admin/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarifs' })).toBeVisible();
  const lawyerCall = page.getByRole('group', { name: 'Appel avocat' });
  const euros = lawyerCall.getByLabel('Prix en euros (€)');
  await expect(euros).toHaveValue('49');
  // Out of the spec's bounds: refused, with its reason, and what was typed stays.
  await euros.fill('3');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(lawyerCall.getByText('Le prix doit être compris entre 5 et 500.')).toBeVisible();
  await expect(euros).toHaveValue('3');
  await expect(euros).toBeFocused();
  await euros.fill('59');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Tarifs enregistrés : ils s’affichent déjà chez les visiteurs.')).toBeVisible();
  await expect(page.locator('[data-audit-trail="pricing:pricing"]')).toContainText('Tarifs modifiés');

  // The open pricing page follows, without a reload.
  await expect(lawyerPrice).toHaveText('59 €', { timeout: 30_000 });

  // The open checkout says so, and charges the new price.
  await expect(client.getByTestId('checkout-price-changed')).toHaveText(
    'Nouveau tarif : 59 € au lieu de 49 €. C’est ce montant qui sera débité.',
    { timeout: 30_000 },
  );
  await expect(checkout.total).toHaveText('59 €');
  await shot(client, { path: `${SHOTS}/checkout-price-changed-desktop-fr.png`, fullPage: true });
  await pay(checkout, '59 €');
  expect((await paidOrder(client)).quote.total).toBe(5900);

  await travellerContext.close();
  await clientContext.close();
});

test('an admin creates a promo code that a client then uses at checkout', async ({ browser, page }) => {
  await signInAdmin(page);
  await page.goto('/admin/promos/codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Codes promo' })).toBeVisible();
  await page.getByRole('link', { name: 'Nouveau code' }).click();
  await expect(page).toHaveURL(/\/admin\/promos\/codes\/new$/);

  const form = page.getByTestId('coupon-form');
  await form.getByLabel('Code', { exact: true }).fill('ete2026');
  await form.getByLabel('Remise (%)').fill('150');
  await form.getByRole('button', { name: 'Nouveau code' }).click();
  await expect(form.getByText('Hors limites : de 1 à 100 % pour un pourcentage')).toBeVisible();
  await expect(form.getByLabel('Code', { exact: true })).toHaveValue('ETE2026');
  await form.getByLabel('Remise (%)').fill('20');
  await form.getByRole('button', { name: 'Nouveau code' }).click();
  await expect(page).toHaveURL(/\/admin\/promos\/codes\/ETE2026$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ETE2026' })).toBeVisible();
  await expect(page.getByTestId('coupon-state')).toHaveText('Actif');
  await expect(page.locator('[data-audit-trail="coupon:ETE2026"]')).toContainText('Code créé');

  // The list finds it by the start of its code.
  await page.getByRole('link', { name: 'Tous les codes' }).first().click();
  await page.getByLabel('Rechercher un code').fill('ete');
  await expect(page).toHaveURL(/q=ete/);
  await expect(page.getByRole('link', { name: 'ETE2026' })).toBeVisible();

  // A client uses it: the discounted amount is shown and charged.
  const clientContext = await browser.newContext({ locale: 'fr-FR' });
  const client = await clientContext.newPage();
  await signInNewClient(client);
  const lawyer = await anOnlineLawyer(client);
  const checkout = new CheckoutScreen(client);
  await checkout.open(lawyer.id, aBookingDraft([lawyer.languages[0]!]));
  await checkout.promoCode.fill('ete2026');
  await checkout.promoApply.click();
  await expect(checkout.promoStatus).toHaveText('Code ETE2026 appliqué : −9,80 €');
  await expect(checkout.total).toHaveText('39,20 €');
  await pay(checkout, '39,20 €');
  const order = await paidOrder(client);
  expect(order.quote).toMatchObject({ total: 3920, discount: 980 });
  await clientContext.close();

  // The code's page counts the paid use.
  await page.goto('/admin/coupons/ETE2026');
  await expect(page.getByTestId('coupon-uses')).toHaveText('1');
});

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the catalogue screens (${language})`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      const screens: [string, string, string][] = [
        ['pricing', '/admin/pricing', '[data-testid="pricing-form"]'],
        ['coupons', '/admin/coupons', 'tbody tr'],
        ['coupon', '/admin/coupons/BIENVENUE10', '[data-testid="coupon-form"]'],
        ['coupon-new', '/admin/coupons/new', '[data-testid="coupon-form"]'],
        ['countries', '/admin/countries', '[data-testid="countries-table"] tbody tr'],
        ['settings', '/admin/settings', '[data-testid="invoicing-form"]'],
      ];
      for (const [name, path, ready] of screens) {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        await shot(page, { path: `${SHOTS}/${name}-${device}-${language}.png`, fullPage: true });
        // Nothing scrolls sideways on a phone: tables scroll in their own box.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} on ${device}`).toBeLessThanOrEqual(0);
      }
    }
  });
}
