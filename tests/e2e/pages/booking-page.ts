import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpClient } from './account-pages';
import { ProvidersPage } from './providers-page';

/** `/booking-request/:providerId`, as a client fills it in (French interface). */
export class BookingScreen {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByRole('form', { name: 'Votre demande' });
  }
  get continueButton() {
    return this.page.getByRole('button', { name: 'Continuer vers le paiement' });
  }
  get languages() {
    return this.form.getByRole('group', { name: 'Langues dans lesquelles vous pouvez échanger' });
  }
  get chosenLanguages() {
    return this.languages.getByRole('list', { name: 'Vos choix' });
  }
  get phone() {
    return this.form.getByRole('group', { name: 'Téléphone' });
  }
  field(label: string) {
    return this.form.getByLabel(label, { exact: true });
  }

  /** Removes every language chosen so far. */
  async clearLanguages() {
    const remove = this.chosenLanguages.getByRole('button');
    while ((await remove.count()) > 0) await remove.first().click();
  }

  /** Ticks a language found by typing its name. */
  async chooseLanguage(name: string) {
    await this.languages.getByRole('searchbox').fill(name);
    await this.languages.getByRole('checkbox', { name, exact: true }).check();
    await this.languages.getByRole('searchbox').fill('');
  }

  /** Every field but the terms, with a language the expert speaks (theirs come first in the list). */
  async fillRequest() {
    // The account's record reaches a new device a moment after sign-in and completes the empty
    // fields (languages among them): the languages below are chosen once it has.
    await expect(this.form).toHaveAttribute('data-account', 'applied', { timeout: 20_000 });
    await this.field('Nom').fill('Durand');
    await this.field('Nationalité').selectOption('FR');
    await this.field("Pays où vous avez besoin d'aide").selectOption('ES');
    await this.field('Titre de votre demande').fill('Visa de travail refusé');
    await this.field('Décrivez votre situation').fill(
      "Mon visa de travail a été refusé hier et je dois quitter le pays d'ici dix jours. Que puis-je faire ?",
    );
    await this.clearLanguages();
    await this.languages.getByRole('checkbox').first().check();
    await this.phone.getByLabel('Indicatif du pays').selectOption('FR');
    await this.phone.getByLabel('Numéro', { exact: true }).fill('6 12 34 56 78');
  }

  async acceptTerms() {
    await this.form.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
  }
}

/** A new client, signed in, on the booking form of the first online expert of the directory. */
export async function openBookingOfFirstOnlineExpert(page: Page, filter = '?status=online') {
  const client = await signUpClient(page);

  const directory = new ProvidersPage(page);
  await directory.open(filter);
  const card = directory.cards.first();
  const providerId = (await card.getAttribute('data-provider-id'))!;
  const name = (await card.getByRole('heading', { level: 3 }).innerText()).replace('✓', '').trim();
  await card.getByRole('link', { name: /Voir le profil/ }).click();
  await page.getByRole('link', { name: 'Réserver un appel' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking-request/${providerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Demande de consultation' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Votre expert' })).toContainText(name);

  const booking = new BookingScreen(page);
  // What the account knows is already there: the first name, and the languages given at registration.
  await expect(booking.field('Prénom')).toHaveValue(client.firstName);
  await expect(booking.chosenLanguages).toContainText('Français');
  return { booking, providerId, name };
}
