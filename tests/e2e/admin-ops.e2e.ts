/**
 * The operations screens of the admin console in Chromium: the dashboard's figures follow a
 * consultation booked and paid during the test (a sign-up, then the amount paid today) without a
 * reload; the consultation is found in the calls list, shown with its legs and ledger, and refunded
 * once. A message sent from /contact reaches the inbox, is taken in hand and answered. Then
 * screenshots of the dashboard, the consultations, the live sessions and the inbox, phone and
 * desktop, in French and English.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ContactPage, aContactEntry } from './pages/contact-page';
import { E2E_ADMIN } from './support/admin';
import { bookAndPay, newClient, signInAdmin } from './support/paid-consultation';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-ops';
const figure = (page: Page, id: string) => page.locator(`[data-figure="${id}"] [data-figure-value]`);

test('the dashboard follows a consultation made now, which is then found, shown and refunded once', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  const signupsBefore = await figure(page, 'signups').innerText();
  const paidBefore = await figure(page, 'paid-today').innerText();

  // A client signs up, books and pays; the page is never reloaded.
  const firstName = `Octave${Date.now().toString(36).slice(-4)}`;
  const client = await playwright.request.newContext({ baseURL });
  await newClient(client, firstName);
  await expect(figure(page, 'signups')).not.toHaveText(signupsBefore);
  const orderId = await bookAndPay(client, firstName);
  await expect(figure(page, 'paid-today')).not.toHaveText(paidBefore, { timeout: 30_000 });
  await client.dispose();

  // From the figure to its list, then to the consultation.
  await page.locator('[data-figure="paid-today"]').click();
  await expect(page).toHaveURL(/\/admin\/calls\?from=/);
  await page.getByRole('searchbox').fill(firstName);
  const row = page.locator('[data-admin-list="calls"] tbody tr', { hasText: firstName });
  await expect(row).toContainText('49');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/calls/${orderId}$`));
  // The detail screen is its own chunk, loaded on this first visit.
  await expect(page.getByRole('heading', { level: 1, name: 'Consultation' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('header [data-phase="completed"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-call-legs] tbody tr')).toHaveCount(2);
  await expect(page.locator('[data-ledger-kind="capture"]')).toContainText('49');

  await page.getByRole('button', { name: 'Rembourser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rembourser le client ?' });
  await dialog.getByRole('textbox').fill('Geste commercial');
  await dialog.getByRole('button', { name: 'Rembourser' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Le remboursement est fait.' })).toBeVisible();
  await expect(page.locator('[data-ledger-kind="refund"]')).toContainText('49');
  await expect(page.getByRole('button', { name: 'Rembourser' })).toHaveCount(0);
  await expect(page.locator('[data-audit-trail]')).toContainText('Geste commercial');
});

test('a message sent from /contact reaches the inbox and is answered', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const subject = `Visa perdu ${Date.now().toString(36)}`;
  const visitor = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const contact = new ContactPage(await visitor.newPage());
  await contact.open();
  await contact.fill(aContactEntry({ subject, firstName: 'Clémence', lastName: 'Arnaud' }));
  await contact.sendButton.click();
  await expect(contact.page.getByRole('heading', { name: 'Message envoyé' })).toBeVisible();
  await visitor.close();

  await signInAdmin(page);
  await page.goto('/admin/contact-messages');
  const row = page.locator('[data-admin-list="contact-messages"] tbody tr', { hasText: subject });
  // The inbox's views are built on first use: a loaded machine may take a while.
  await expect(row).toContainText('Clémence Arnaud', { timeout: 30_000 });
  await expect(row).toContainText('Nouveau');
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  await page.getByLabel('Attribué à').selectOption({ label: E2E_ADMIN.firstName });
  await expect(page.getByRole('status').filter({ hasText: 'Modification enregistrée.' })).toBeVisible();
  await page
    .getByLabel(/Votre réponse/)
    .fill('Rendez-vous au consulat avec une déclaration de perte : ils vous délivreront un laissez-passer.');
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Réponse envoyée.' })).toBeVisible();
  await expect(page.locator('[data-reply="sent"]')).toContainText('laissez-passer');
  await expect(page.locator('main h1 + p, header p').filter({ hasText: 'Répondu' }).first()).toBeVisible();
  await expect(page.locator('[data-audit-trail]')).toContainText('Réponse envoyée');

  await page.goto('/admin/contact-messages?status=answered');
  await expect(
    page.locator('[data-admin-list="contact-messages"] tbody tr', { hasText: subject }),
  ).toBeVisible();
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the dashboard, consultations and inbox (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    const shoot = async (name: string, path: string, ready: string) => {
      for (const [device, viewport] of [
        ['desktop', { width: 1280, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
        await shot(page, { path: `${SHOTS}/${name}-${device}-${language}.png`, fullPage: true });
      }
    };
    await shoot('dashboard', '/admin/dashboard', '[data-figure]');
    await shoot('calls', '/admin/calls', '[data-admin-list="calls"] tbody tr');
    await shoot('sessions', '/admin/calls/sessions', 'h1');
    await page.goto('/admin/calls');
    const href = await page.locator('[data-admin-list="calls"] tbody tr a').first().getAttribute('href');
    await shoot('call-detail', href!, '[data-call-legs], [data-call-ledger]');
    await shoot('contact-inbox', '/admin/contact-messages', '[data-admin-list="contact-messages"] tbody tr');
    await page.goto('/admin/contact-messages');
    const message = await page
      .locator('[data-admin-list="contact-messages"] tbody tr a')
      .first()
      .getAttribute('href');
    await shoot('contact-message', message!, '[data-contact-text]');
  });
}
