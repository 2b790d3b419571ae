/**
 * Messages moderation, end to end: a client books an approved lawyer, they exchange two messages
 * from their dashboards; an admin finds the conversation in `comms/messages` by the client's name,
 * opens it, and hides the lawyer's answer with a reason behind a confirmation. The client's open
 * thread shows "Message masqué par la modération" in its place without a reload (replication), and
 * the text again once the admin shows it. The list and the conversation are checked for sideways
 * overflow on a desktop and a phone.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpClient } from './pages/account-pages';
import { BookingScreen } from './pages/booking-page';
import { CheckoutScreen } from './pages/checkout-page';
import { MessagesScreen } from './pages/messages-page';
import { signInAdmin } from './support/admin';
import { anApprovedLawyerOnline } from './support/approved-provider';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { shot } from './support/shots';

test.use({ locale: 'fr-FR' });
test.setTimeout(240_000);

const SHOTS = '.tmp/shots-comms-messages';
const ANSWER = 'Réponse déplacée, à masquer par la modération.';
const thread = (page: Page) => page.locator('[data-order]').getByRole('list');

async function expectNoOverflow(page: Page, where: string) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await shot(page, { path: `${SHOTS}/${where}-${device}.png`, fullPage: true });
    const overflow = await horizontalOverflow(page);
    expect(overflow, overflow && describeOverflow(`${where} ${device}`, overflow)).toBeUndefined();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin hides a message of a conversation; the client sees it hidden, then shown again', async ({
  page,
  browser,
  baseURL,
}) => {
  const lawyer = await anApprovedLawyerOnline(browser, baseURL!);
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

  // The client writes, the lawyer answers.
  const messages = new MessagesScreen(page);
  await messages.open();
  await messages.startAbout(lawyerName);
  await page.getByLabel('Votre message').fill('Bonjour Maître, une question sur mon visa.');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await lawyer.page.goto('/dashboard/messages');
  await expect(thread(lawyer.page).getByRole('listitem').last()).toContainText('une question sur mon visa', {
    timeout: 20_000,
  });
  await lawyer.page.getByLabel('Votre message').fill(ANSWER);
  await lawyer.page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const answer = thread(page).getByRole('listitem').last();
  await expect(answer).toContainText(ANSWER, { timeout: 20_000 });

  // The admin finds the conversation by the client's e-mail and opens it.
  const adminContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto('/admin/comms/messages');
  await admin.getByLabel('Rechercher un participant').fill(client.email);
  const row = admin.locator('[data-admin-list] tbody tr').filter({ hasText: lawyerName });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expectNoOverflow(admin, 'conversations');
  await row.getByRole('link').first().click();
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(lawyerName);
  const items = admin.getByRole('list', { name: 'Messages de la conversation' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('une question sur mon visa');

  // Hidden, with a reason, after a confirmation.
  const rude = items.filter({ hasText: ANSWER });
  await rude.getByRole('button', { name: 'Masquer' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Masquer ce message ?' });
  await dialog.getByLabel('Motif (enregistré dans l’historique)').fill('Propos déplacés');
  await dialog.getByRole('button', { name: 'Masquer' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Le message est masqué' })).toBeVisible();
  await expect(rude).toHaveAttribute('data-state', 'hidden');
  await expect(rude).toContainText('Propos déplacés');
  await expectNoOverflow(admin, 'conversation');

  // The client's open thread follows by replication: no text, the moderation notice instead.
  await expect(answer).toContainText('Message masqué par la modération', { timeout: 20_000 });
  await expect(answer).not.toContainText(ANSWER);
  await expect(thread(lawyer.page).getByRole('listitem').last()).toContainText(
    'Message masqué par la modération',
    { timeout: 20_000 },
  );

  // Shown again.
  await rude.getByRole('button', { name: 'Rendre visible' }).click();
  const again = admin.getByRole('dialog', { name: 'Rendre ce message visible ?' });
  await again.getByLabel('Motif (enregistré dans l’historique)').fill('Signalement infondé');
  await again.getByRole('button', { name: 'Rendre visible' }).click();
  await expect(rude).toHaveAttribute('data-state', 'visible');
  await expect(answer).toContainText(ANSWER, { timeout: 20_000 });
  await adminContext.close();
  await lawyer.context.close();
});
