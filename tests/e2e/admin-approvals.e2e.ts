/**
 * The trust screens of the admin console in Chromium: a lawyer registers through the form, an admin
 * signs in at /admin/login, finds them in approvals/lawyers with the request's age, checks what they
 * submitted (identity document inline, bank details masked) and approves them: the lawyer is then
 * in the public directory. Another lawyer, registered in English, is rejected with a reason, and
 * the mail in English is in the demo mailbox. Then screenshots of approvals, identity checks and
 * review moderation, phone and desktop, in French and English.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ProviderRegistrationPage, aLawyerEntry } from './pages/provider-registration-page';
import { E2E_ADMIN } from './support/admin';
import { aPendingProvider } from './support/pending-provider';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-trust';

async function signInAdminThroughApi(page: Page) {
  const answer = await page.request.post('/api/auth/login', {
    headers: { 'x-sos-expat': '1' },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(answer.ok()).toBe(true);
}

/** The row of the approval queue for a provider's name. */
const requestRow = (page: Page, name: string) =>
  page.locator('[data-admin-list="approvals"] tbody tr', { hasText: name });

/** Waiting for a console page's data on a machine shared with other test runs. */
const LOADED = { timeout: 30_000 };

test('an admin approves a lawyer who has just registered, who is then in the directory', async ({
  browser,
  baseURL,
}) => {
  // The whole registration form, then the console, then the directory.
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const entry = aLawyerEntry({
    firstName: 'Aurore',
    lastName: `Valmont-${suffix}`,
    email: `aurore.valmont+${suffix}@example.com`,
    residenceCountry: 'IS',
    presenceCountry: 'IS',
  });
  const name = `${entry.firstName} ${entry.lastName}`;
  const lawyer = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const lawyerPage = await lawyer.newPage();
  await new ProviderRegistrationPage(lawyerPage).registerLawyer(entry);
  const uid = await lawyerPage.evaluate(() =>
    fetch('/api/auth/me')
      .then((response) => response.json())
      .then((me: { user: { uid: string } }) => me.user.uid),
  );

  const admin = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const page = await admin.newPage();
  await page.goto('/admin/approvals/lawyers');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=\/admin\/approvals\/lawyers$/);
  await page.getByLabel('Adresse email').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/approvals\/lawyers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Avocats à valider' })).toBeVisible();

  const row = requestRow(page, name);
  await expect(row).toContainText('depuis 0 h', LOADED);
  await expect(row).toContainText(entry.email);
  await row.getByRole('link').click();

  await expect(page).toHaveURL(new RegExp(`/admin/approvals/lawyers/${uid}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOADED);
  const profile = page.getByRole('region', { name: 'Profil soumis' });
  await expect(profile).toContainText(entry.bio);
  await expect(profile).toContainText(entry.education.title);
  await expect(profile.getByRole('img', { name: `Photo de profil de ${name}` })).toBeVisible();
  const identity = page.getByRole('region', { name: 'Identité et coordonnées bancaires' });
  await expect(identity).toContainText(entry.idNumber);
  await expect(identity).toContainText('•••• 9012');
  await expect(identity.locator('[data-kyc-document="application/pdf"]')).toBeVisible();
  expect(await page.content()).not.toContain(entry.bankAccountNumber);

  await page.getByRole('button', { name: 'Valider', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Valider ${name} ?` });
  await dialog.getByRole('button', { name: 'Valider', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profil validé et publié.' })).toBeVisible();
  await expect(page.locator(`[data-audit-trail="account:${uid}"]`)).toContainText('isApproved');
  await page.goto('/admin/approvals/lawyers');
  await expect(page.locator('[data-admin-list="approvals"]')).toBeVisible();
  await expect(requestRow(page, name)).toHaveCount(0);

  // A traveller finds the lawyer in the directory and opens the profile.
  const visitor = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const directory = await visitor.newPage();
  await directory.goto('/providers?type=lawyer&country=IS');
  const card = directory.locator(`article[data-provider-id="${uid}"]`);
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: /Voir le profil/ }).click();
  await expect(directory.getByRole('heading', { level: 1 })).toContainText(name);
  await Promise.all([lawyer.close(), admin.close(), visitor.close()]);
});

test('an admin rejects a registration with a reason, mailed to the provider in their language', async ({
  page,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const email = `jordan.reed+${suffix}@example.com`;
  const name = `Jordan Reed-${suffix}`;
  const uid = await aPendingProvider(baseURL!, {
    role: 'lawyer',
    language: 'en',
    firstName: 'Jordan',
    lastName: `Reed-${suffix}`,
    email,
  });
  await signInAdminThroughApi(page);
  await page.goto('/admin/approvals/lawyers');
  await expect(requestRow(page, name)).toBeVisible(LOADED);
  await requestRow(page, name).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/approvals/lawyers/${uid}$`));

  await page.getByRole('button', { name: 'Refuser', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refuser l’inscription de ${name} ?` });
  await expect(dialog).toContainText('dans sa langue (Anglais)');
  // No reason, no rejection.
  await dialog.getByRole('button', { name: 'Refuser', exact: true }).click();
  // (The browser's own check of the required field keeps the dialog open.)
  await expect(dialog).toBeVisible();
  const reason = 'The scan of your passport is unreadable: please send a colour scan of both pages.';
  await dialog.getByLabel('Motif du refus (envoyé au prestataire)').fill(reason);
  await dialog.getByRole('button', { name: 'Refuser', exact: true }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Inscription refusée ; le prestataire a été prévenu par e-mail.' }),
  ).toBeVisible();
  await expect(page.locator(`[data-audit-trail="account:${uid}"]`)).toContainText(reason);

  // The rejected request left the waiting queue for the rejected one.
  await page.goto('/admin/approvals/lawyers');
  await expect(page.locator('[data-admin-list="approvals"]')).toBeVisible();
  await expect(requestRow(page, name)).toHaveCount(0);
  await page.getByRole('radio', { name: 'Refusées' }).click();
  await expect(page).toHaveURL(/status=rejected/);
  await expect(requestRow(page, name)).toContainText(reason);

  await page.goto('/mailbox');
  const mail = page.locator('li.mail', { hasText: email }).filter({ hasText: 'provider_rejected' });
  await expect(mail.getByRole('heading', { level: 2 })).toHaveText(
    'Your SOS Expat registration was not approved',
  );
  await expect(mail).toContainText('Hello Jordan,');
  await expect(mail).toContainText(reason);
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of approvals, identity checks and reviews (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const suffix = `${language}${Date.now().toString(36)}`;
    const lawyerUid = await aPendingProvider(baseURL!, {
      role: 'lawyer',
      language: 'fr',
      firstName: 'Hélène',
      lastName: `Duarte-${suffix}`,
      email: `helene.duarte+${suffix}@example.com`,
    });
    const expatUid = await aPendingProvider(baseURL!, {
      role: 'expat',
      language: 'de',
      firstName: 'Lukas',
      lastName: `Brandt-${suffix}`,
      email: `lukas.brandt+${suffix}@example.com`,
      idDocument: 'png',
    });
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdminThroughApi(page);

    const shoot = async (name: string) => {
      for (const [device, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1280, height: 900 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(150);
        await shot(page, { path: `${SHOTS}/${name}-${device}-${language}.png`, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} on ${device}`).toBeLessThanOrEqual(0);
      }
    };

    await page.goto('/admin/approvals/lawyers');
    await expect(page.locator(`[data-admin-list="approvals"] a[href$="${lawyerUid}"]`)).toBeVisible(LOADED);
    await shoot('approvals');
    await page.goto(`/admin/approvals/lawyers/${lawyerUid}`);
    await expect(page.locator(`[data-audit-trail="account:${lawyerUid}"]`)).toBeVisible(LOADED);
    await shoot('approval-detail');

    await page.goto('/admin/kyc/providers');
    await expect(page.locator(`[data-admin-list="kyc"] a[href$="${expatUid}"]`)).toBeVisible(LOADED);
    await shoot('kyc');
    await page.goto(`/admin/kyc/providers/${expatUid}`);
    await expect(page.locator('[data-kyc-document="image/png"] img')).toBeVisible(LOADED);
    await shoot('kyc-detail');

    await page.goto('/admin/reviews');
    await expect(page.locator('[data-admin-list="reviews"] tbody tr').first()).toBeVisible(LOADED);
    await shoot('reviews');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .locator('[data-admin-list="reviews"] tbody tr')
      .first()
      .getByRole('button', { name: language === 'fr' ? 'Masquer' : 'Hide' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(150);
    await shot(page, { path: `${SHOTS}/reviews-dialog-desktop-${language}.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(150);
    await shot(page, { path: `${SHOTS}/reviews-dialog-phone-${language}.png` });
  });
}
