import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openBookingOfFirstOnlineExpert } from './booking-page';
import { CheckoutScreen } from './checkout-page';

/**
 * A new client, from the expert's profile to the payment-success page: booking request, checkout,
 * test card (demo mode, French interface). `line` picks the expert's simulated line.
 */
export async function bookAndPay(page: Page, line?: string) {
  const { booking, name } = await openBookingOfFirstOnlineExpert(page, '?type=lawyer&status=online');
  await booking.fillRequest();
  await booking.acceptTerms();
  expect(await seriousViolations(page), 'booking request').toEqual([]);
  await booking.continueButton.click();
  await expect(page).toHaveURL(/\/call-checkout\//);

  const checkout = new CheckoutScreen(page);
  await expect(page.getByText('Mode démo — aucun paiement réel')).toBeVisible();
  if (line) await page.getByLabel("Ligne simulée de l'expert").selectOption({ label: line });
  await checkout.confirmOrder('49 €');
  await checkout.fillCard('4242 4242 4242 4242');
  expect(await seriousViolations(page), 'checkout').toEqual([]);
  await checkout.payButton('49 €').click();
  await expect(page).toHaveURL(/\/payment-success\?orderId=ord_/);
  return { expertName: name };
}
