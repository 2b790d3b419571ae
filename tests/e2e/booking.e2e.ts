import { expect, test } from '@playwright/test';
import { signUpClient } from './pages/account-pages';
import { openBookingOfFirstOnlineExpert } from './pages/booking-page';
import { ProviderRegistrationPage } from './pages/provider-registration-page';
import { ProvidersPage } from './pages/providers-page';

test('the continue button stays disabled until every rule holds, then leads to the payment', async ({
  page,
}) => {
  const { booking, providerId } = await openBookingOfFirstOnlineExpert(page);
  await expect(booking.continueButton).toBeDisabled();

  // Enter in a field tries to send: the errors show and the focus goes to the first field to fix.
  await booking.field('Nom').press('Enter');
  await expect(booking.field('Nom')).toBeFocused();
  await expect(booking.form.getByText('Certains champs sont à corriger')).toBeVisible();
  await expect(booking.field('Nom')).toHaveAttribute('aria-invalid', 'true');

  await booking.fillRequest();
  await booking.field('Titre de votre demande').fill('Visa');
  await expect(booking.form.getByText('Encore 6 caractères')).toBeVisible();
  await expect(booking.continueButton).toBeDisabled();
  await booking.field('Titre de votre demande').fill('Visa de travail refusé');
  await expect(booking.phone.getByText('Format international : +33612345678')).toBeVisible();
  await expect(booking.continueButton).toBeDisabled();

  await booking.acceptTerms();
  await expect(booking.continueButton).toBeEnabled();
  await booking.continueButton.click();
  await expect(page).toHaveURL(new RegExp(`/call-checkout/${providerId}$`));
  const draft = await page.evaluate(
    (id) => JSON.parse(localStorage.getItem(`sos-expat:booking:${id}`) ?? 'null') as Record<string, unknown>,
    providerId,
  );
  expect(draft).toMatchObject({ lastName: 'Durand', phone: '+33612345678', acceptedTerms: true });
});

test('nothing typed is lost: the request survives a reload', async ({ page }) => {
  const { booking } = await openBookingOfFirstOnlineExpert(page);
  await booking.fillRequest();
  await booking.field("Pays où vous avez besoin d'aide").selectOption('OTHER');
  await expect(booking.field('Nom du pays ou du territoire')).toBeVisible();
  await booking.field('Nom du pays ou du territoire').fill('Somaliland');
  await booking.acceptTerms();
  await expect(booking.continueButton).toBeEnabled();

  await page.reload();
  await expect(booking.field('Nom')).toHaveValue('Durand');
  await expect(booking.field('Nationalité')).toHaveValue('FR');
  await expect(booking.field("Pays où vous avez besoin d'aide")).toHaveValue('OTHER');
  await expect(booking.field('Nom du pays ou du territoire')).toHaveValue('Somaliland');
  await expect(booking.field('Titre de votre demande')).toHaveValue('Visa de travail refusé');
  await expect(booking.field('Décrivez votre situation')).toHaveValue(/^Mon visa de travail a été refusé/);
  await expect(booking.phone.getByLabel('Numéro', { exact: true })).toHaveValue('06 12 34 56 78');
  await expect(booking.form.getByRole('checkbox', { name: /J'accepte les conditions/ })).toBeChecked();
  await expect(booking.continueButton).toBeEnabled();
});

test('a client with no language in common with the expert is told so and cannot continue', async ({
  page,
}) => {
  const { booking } = await openBookingOfFirstOnlineExpert(page);
  await booking.fillRequest();
  await booking.acceptTerms();
  await expect(booking.continueButton).toBeEnabled();

  // No demo expert speaks Wolof.
  await booking.clearLanguages();
  await booking.chooseLanguage('Wolof');
  await expect(booking.languages.getByText(/^Aucune langue en commun avec l'expert/)).toBeVisible();
  await expect(booking.continueButton).toBeDisabled();

  await booking.languages.getByRole('checkbox').first().check();
  await expect(booking.languages.getByText(/Aucune langue en commun/)).toHaveCount(0);
  await expect(booking.continueButton).toBeEnabled();
});

test('offline, the form keeps working but says a connection is needed for the payment', async ({
  page,
  context,
}) => {
  const { booking } = await openBookingOfFirstOnlineExpert(page);
  await booking.fillRequest();
  await booking.acceptTerms();
  await context.setOffline(true);
  const offlineButton = page.getByRole('button', { name: 'Connexion requise pour continuer' });
  await expect(offlineButton).toBeDisabled();
  await expect(
    page.getByRole('status').getByText(/une connexion Internet est nécessaire pour passer au paiement/),
  ).toBeVisible();
  await booking.field('Titre de votre demande').fill('Visa de travail refusé hier');
  await context.setOffline(false);
  await expect(booking.continueButton).toBeEnabled();
  await expect(booking.field('Titre de votre demande')).toHaveValue('Visa de travail refusé hier');
});

test('an offline expert, an unknown one or no expert at all cannot be booked', async ({ page }) => {
  await signUpClient(page);

  const directory = new ProvidersPage(page);
  await directory.open('?status=offline');
  const offlineId = await directory.cards.first().getAttribute('data-provider-id');
  await page.goto(`/booking-request/${offlineId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText("n'est pas disponible pour le moment");
  await expect(page.getByRole('button', { name: 'Continuer vers le paiement' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Voir les autres experts' }).click();
  await expect(page).toHaveURL(/\/providers$/);

  await page.goto('/booking-request/no-such-expert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cet expert ne peut pas être réservé');
  await page.goto('/booking-request');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Choisissez d'abord un expert");
  await expect(page.getByRole('link', { name: 'Voir les autres experts' })).toHaveAttribute(
    'href',
    '/providers',
  );
});

test('a lawyer cannot book themselves', async ({ page }) => {
  await new ProviderRegistrationPage(page).registerLawyer();

  const uid = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('sos-expat.user') ?? '{}') as { uid?: string }).uid,
  );
  expect(uid).toBeTruthy();
  await page.goto(`/booking-request/${uid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Vous ne pouvez pas réserver un appel avec vous-même',
  );
  await expect(page.getByRole('button', { name: 'Continuer vers le paiement' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voir les autres experts' })).toBeVisible();
});
