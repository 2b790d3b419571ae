import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { BookingRequest } from '../../../src/domain/booking';
import type { Provider } from '../../../src/domain/provider';
import { signUpClient } from './account-pages';

/** A complete booking request, as the booking form leaves it on the device. */
export function aBookingDraft(languages: string[]): BookingRequest {
  return {
    firstName: 'Amélie',
    lastName: 'Durand',
    nationality: 'FR',
    interventionCountry: 'ES',
    title: 'Visa de travail refusé',
    description:
      "Mon visa de travail a été refusé hier et je dois quitter le pays d'ici dix jours. Que puis-je faire ?",
    languages,
    phone: '+33612345678',
    acceptedTerms: true,
  };
}

/** The first online, active lawyer of the public directory, as replication serves it. */
export async function anOnlineLawyer(page: Page): Promise<Provider> {
  const response = await page.request.get('/db/providers/_changes?include_docs=true');
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: { doc?: Provider & { _id: string } }[] };
  const lawyer = results
    .map((row) => row.doc)
    .find((doc) => doc?.role === 'lawyer' && doc.isOnline && doc.isActive);
  expect(lawyer, 'an online demo lawyer').toBeDefined();
  // The store keeps the id as `_id`; RxDB gives it back as `id`.
  return { ...lawyer!, id: lawyer!._id };
}

/** A new client, registered and signed in through the form. */
export async function signInNewClient(page: Page) {
  const client = await signUpClient(page);
  return client;
}

/** `/call-checkout/:providerId`, as a client pays (French interface). */
export class CheckoutScreen {
  readonly total: Locator;
  readonly promoCode: Locator;
  readonly promoApply: Locator;
  readonly promoStatus: Locator;
  readonly confirmDialog: Locator;
  readonly cardNumber: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.total = page.getByTestId('checkout-total');
    this.promoCode = page.getByLabel('Code promo');
    this.promoApply = page.getByRole('button', { name: 'Appliquer' });
    this.promoStatus = page.locator('#checkout-promo-status');
    this.confirmDialog = page.getByRole('dialog', { name: 'Confirmer le paiement' });
    this.cardNumber = page.getByLabel('Numéro de carte');
    this.expiry = page.getByLabel("Date d'expiration (MM/AA)");
    this.cvc = page.getByLabel('Code de sécurité (CVC)');
    this.alert = page.locator('main [role="alert"]');
  }

  /** Leaves the booking request on the device, then opens the checkout of that expert. */
  async open(providerId: string, draft: BookingRequest | undefined) {
    await this.page.goto('/');
    await this.page.evaluate(
      ([id, value]) => {
        if (value) localStorage.setItem(`sos-expat:booking:${id}`, value);
        else localStorage.removeItem(`sos-expat:booking:${id}`);
      },
      [providerId, draft ? JSON.stringify(draft) : ''] as const,
    );
    await this.page.goto(`/call-checkout/${providerId}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Paiement de la consultation' }),
    ).toBeVisible();
  }

  payButton(amount: string) {
    return this.page.getByRole('button', { name: `Payer ${amount}` });
  }

  /** "Pay", then "Confirm" in the dialog: the order exists and the card form shows. */
  async confirmOrder(amount: string) {
    await this.payButton(amount).click();
    await expect(this.confirmDialog).toBeVisible();
    await expect(this.confirmDialog).toContainText(amount);
    await this.confirmDialog.getByRole('button', { name: 'Confirmer et saisir ma carte' }).click();
    await expect(this.cardNumber).toBeVisible();
  }

  async fillCard(number: string, expiry = '12/34', cvc = '123') {
    await this.cardNumber.fill(number);
    await this.expiry.fill(expiry);
    await this.cvc.fill(cvc);
  }
}
