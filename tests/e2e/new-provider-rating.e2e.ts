import { expect, test } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { ProviderRegistrationPage, aLawyerEntry } from './pages/provider-registration-page';
import { approveProvider } from './support/admin';

// A registration through the whole form, an approval, then four screens.
test.setTimeout(180_000);

/**
 * What a rating earned by nobody must look like: "Nouveau", never a score (0,0 or 5,0) nor stars.
 * Soft, so that one run tells every place that gets it wrong.
 */
async function expectNewProviderRating(where: Locator) {
  await expect.soft(where.getByText('Nouveau', { exact: true })).toBeVisible();
  await expect.soft(where).not.toContainText('0,0');
  await expect.soft(where).not.toContainText('5,0');
  await expect.soft(where).not.toContainText('★');
}

test('a freshly approved lawyer shows "Nouveau", not a score, on the preview, card, profile and dashboard', async ({
  browser,
  baseURL,
}) => {
  // Iceland: a country of the directory with no demo expert, so the card is on the first page.
  const lawyer = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const lawyerPage = await lawyer.newPage();
  const registration = new ProviderRegistrationPage(lawyerPage);
  await registration.open('lawyer');
  await expectNewProviderRating(registration.preview);
  await registration.registerLawyer(aLawyerEntry({ residenceCountry: 'IS', presenceCountry: 'IS' }));
  const uid = await lawyerPage.evaluate(() =>
    fetch('/api/auth/me')
      .then((response) => response.json())
      .then((me: { user: { uid: string } }) => me.user.uid),
  );
  await approveProvider(baseURL!, uid);

  const visitor = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const page = await visitor.newPage();
  await page.goto('/providers?type=lawyer&country=IS');
  const card = page.locator(`article[data-provider-id="${uid}"]`);
  await expect(card).toBeVisible();
  await expectNewProviderRating(card);

  await card.getByRole('link', { name: /Voir le profil/ }).click();
  const hero = page.locator(`[data-provider-id="${uid}"] section`).first();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille Moreau');
  await expectNewProviderRating(hero);
  const reviews = page.getByRole('region', { name: 'Avis des clients' });
  await expect(reviews).toContainText('Aucun avis publié pour le moment.');
  await expect(reviews).not.toContainText('0 avis');

  await lawyerPage.goto('/dashboard?tab=reviews');
  const received = lawyerPage.locator('[data-section="received-reviews"]');
  await expectNewProviderRating(received);

  await visitor.close();
  await lawyer.close();
});
