import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpClient } from './pages/account-pages';
import { BookingScreen } from './pages/booking-page';
import { CheckoutScreen } from './pages/checkout-page';
import { MessagesScreen } from './pages/messages-page';
import { anApprovedLawyerOnline } from './support/approved-provider';

/**
 * Messages between a client and the provider of their consultation: written offline, kept on the
 * device, delivered when the connection returns, shown to the other party, newest last.
 */
test.use({ locale: 'fr-FR' });
test.setTimeout(180_000);

const thread = (page: Page) => page.locator('[data-order]').getByRole('list');

test('a client writes to the provider offline; the provider gets it once online and answers', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const lawyer = await anApprovedLawyerOnline(browser, baseURL!);

  // A client books that lawyer and the consultation goes to its end.
  const client = await signUpClient(page);
  await page.goto(`/booking-request/${lawyer.uid}`);
  const booking = new BookingScreen(page);
  await booking.fillRequest();
  await booking.acceptTerms();
  await booking.continueButton.click();
  const checkout = new CheckoutScreen(page);
  await checkout.confirmOrder('49 €');
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.payButton('49 €').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultation terminée', {
    timeout: 60_000,
  });
  const lawyerName = `${lawyer.entry.firstName} ${lawyer.entry.lastName}`;

  // No empty conversation is listed: the consultation is offered to write about.
  const messages = new MessagesScreen(page);
  await messages.open();
  await expect(messages.conversations).toContainText('Aucune conversation pour l’instant.', {
    timeout: 20_000,
  });
  await expect(page.getByText(/^0 message/)).toHaveCount(0);
  await messages.startAbout(lawyerName);
  await expect(page.getByRole('heading', { name: `Avec ${lawyerName}` })).toBeVisible();
  await expect(messages.demoNotice).toHaveCount(0);

  // Offline, the client writes: the message waits on the device, and survives a reload.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.getByLabel('Votre message').fill('Bonjour Maître, pouvez-vous m’envoyer la liste des pièces ?');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const sent = thread(page).getByRole('listitem').last();
  await expect(sent).toContainText('pouvez-vous m’envoyer la liste des pièces');
  await expect(sent).toHaveAttribute('data-state', 'waiting');
  await page.reload();
  await expect(thread(page).getByRole('listitem').last()).toHaveAttribute('data-state', 'waiting');

  // Online again: delivered to the provider, who answers.
  await context.setOffline(false);
  await expect(thread(page).getByRole('listitem').last()).not.toHaveAttribute('data-state', 'waiting', {
    timeout: 20_000,
  });
  await lawyer.page.goto('/dashboard/messages');
  const received = thread(lawyer.page).getByRole('listitem').last();
  await expect(received).toContainText('pouvez-vous m’envoyer la liste des pièces', { timeout: 20_000 });
  await expect(received).toContainText(client.firstName);
  await lawyer.page
    .getByLabel('Votre message')
    .fill('Bien sûr : passeport, contrat de travail et refus du visa.');
  await lawyer.page.getByRole('button', { name: 'Envoyer', exact: true }).click();

  // The client sees the answer after their own message: newest last.
  const items = thread(page).getByRole('listitem');
  await expect(items).toHaveCount(2, { timeout: 20_000 });
  await expect(items.last()).toContainText('passeport, contrat de travail');
  await expect(items.first()).toHaveAttribute('data-state', 'delivered', { timeout: 20_000 });
  await lawyer.context.close();
});
