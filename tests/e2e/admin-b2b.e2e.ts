/**
 * B2B company accounts, end to end: an admin creates a company account, negotiates its lawyer price
 * and adds an employee by e-mail; the employee (a client with a confirmed address) books a lawyer
 * "paid by" the company — no card form — and the consultation runs to its end; the admin sees it in
 * the account's usage report and runs the billing. The service bills only months that are over and
 * its clock cannot be moved here, so the invoice of that consultation (numbering, exactly-once,
 * PDF) is proved by tests/integration/admin-b2b.integration.test.ts; this journey checks that the
 * current month is refused and that a past month's run is listed. Then screenshots, phone and
 * desktop, French and English.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { aClient, followMailLink, signUpClient } from './pages/account-pages';
import { CheckoutScreen, aBookingDraft, anOnlineLawyer } from './pages/checkout-page';
import { signInAdmin } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { shot } from './support/shots';

test.use({ locale: 'fr-FR' });

const SHOTS = '.tmp/shots-hb2b';
const COMPANY = `Globex ${Date.now().toString(36)}`;

async function createAccount(admin: Page, employeeEmail: string): Promise<string> {
  await admin.goto('/admin/b2b/accounts');
  await admin.getByRole('link', { name: 'Créer le compte' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Nouveau compte entreprise' })).toBeVisible();
  await admin.getByLabel('Raison sociale').fill(COMPANY);
  await admin.getByLabel('Adresse de facturation').fill('12 rue de Lyon\n75012 Paris');
  await admin.getByLabel('N° de TVA intracommunautaire').fill('FR12345678901');
  await admin.getByLabel('E-mail de facturation').fill('compta@globex.example');
  await admin.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  const id = admin.url().split('/').pop()!;

  await admin.getByLabel('Appel avocat (EUR)').fill('39');
  await admin.getByRole('button', { name: 'Enregistrer les tarifs' }).click();
  await expect(admin.getByText('Enregistré.').first()).toBeVisible();

  const members = admin.getByRole('region', { name: 'Membres' });
  await members.getByLabel('E-mail').fill(employeeEmail);
  await members.getByRole('button', { name: 'Ajouter' }).click();
  await expect(members.getByRole('cell', { name: employeeEmail.toLowerCase() })).toBeVisible();
  return id;
}

test('an employee books on the company account without a card; the admin sees the usage and runs the billing', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const employee = aClient({ firstName: 'Chloé' });
  await signUpClient(page, employee);
  await followMailLink(page, employee.email, 'verify-email');

  const adminContext = await browser.newContext({ locale: 'fr-FR' });
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  const accountId = await createAccount(admin, employee.email);

  // The employee's checkout offers the company, at its negotiated price, and no card form.
  const lawyer = await anOnlineLawyer(page);
  const checkout = new CheckoutScreen(page);
  await checkout.open(lawyer.id, aBookingDraft([lawyer.languages[0]!]));
  await page.getByRole('radio', { name: `Payé par ${COMPANY}` }).click();
  await expect(checkout.total).toHaveText('39 €');
  await expect(page.getByLabel('Code promo')).toHaveCount(0);
  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await shot(page, { path: `${SHOTS}/checkout-${device}-fr.png`, fullPage: true });
    const overflow = await horizontalOverflow(page);
    expect(overflow, overflow && describeOverflow(`checkout ${device}`, overflow)).toBeUndefined();
  }
  await page.getByRole('button', { name: `Réserver 39 € · payé par ${COMPANY}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmer la réservation' });
  await expect(dialog).toContainText(`facturé à ${COMPANY}`);
  await dialog.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  await expect(checkout.cardNumber).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultation terminée', {
    timeout: 60_000,
  });

  // The admin's usage report counts it, at the negotiated price.
  await admin.goto(`/admin/b2b/reports?account=${accountId}`);
  await expect(admin.getByTestId('b2b-usage-consultations')).toHaveText('1');
  await expect(admin.getByRole('table', { name: 'Par collaborateur' })).toContainText(
    employee.email.toLowerCase(),
  );
  await expect(admin.getByRole('table', { name: 'Par collaborateur' })).toContainText('39 €');

  // Billing: the month under way is not offered (it is not over); the previous one is billed once.
  await admin.goto('/admin/b2b/billing');
  const month = admin.getByLabel('Mois');
  const current = new Date().toISOString().slice(0, 7);
  await expect(month.locator(`option[value="${current}"]`)).toHaveCount(0);
  await admin.getByRole('button', { name: 'Facturer ce mois' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'facture(s) émise(s)' })).toBeVisible();
  await expect(
    admin.getByRole('table', { name: 'Facturations effectuées' }).locator('tbody tr').first(),
  ).toContainText('Manuel');

  // A member removed cannot book on the account any more: the checkout offers the card only.
  await admin.goto(`/admin/b2b/accounts/${accountId}`);
  const members = admin.getByRole('region', { name: 'Membres' });
  await members.getByRole('button', { name: 'Retirer' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
  await expect(members.getByText('Aucun membre.')).toBeVisible();
  await checkout.open(lawyer.id, aBookingDraft([lawyer.languages[0]!]));
  await expect(page.getByRole('button', { name: 'Payer 49 €' })).toBeVisible();
  await expect(page.getByRole('radio', { name: `Payé par ${COMPANY}` })).toHaveCount(0);
  await adminContext.close();
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the B2B screens (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    await page.goto('/admin/b2b/accounts');
    const href = await page.locator('table tbody tr a').first().getAttribute('href', { timeout: 30_000 });
    const accountId = href!.split('/').pop()!;
    for (const [name, path, ready] of [
      ['accounts', '/admin/b2b/accounts', 'table tbody tr'],
      ['account', href!, 'h1'],
      ['pricing', `/admin/b2b/pricing?account=${accountId}`, 'form'],
      ['members', `/admin/b2b/members?account=${accountId}`, 'form'],
      ['billing', '/admin/b2b/billing', 'table tbody tr'],
      ['invoices', '/admin/b2b/invoices', 'h1'],
      ['reports', `/admin/b2b/reports?account=${accountId}`, 'table'],
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
