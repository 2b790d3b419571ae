import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpClient } from './pages/account-pages';
import { BookingScreen } from './pages/booking-page';
import { CheckoutScreen } from './pages/checkout-page';
import { MessagesScreen } from './pages/messages-page';
import { ProvidersPage } from './pages/providers-page';
import { seriousViolations } from './support/axe';

/**
 * Demo mode: a client writes to a demo expert (a seeded profile without an account). No empty
 * "0 message" conversation is listed; the client is told before typing that no real expert reads
 * it and where it goes; they open the expert's demo space (theirs alone), read the message and its
 * notification there, answer as the expert, and come back to their own account to find the answer.
 */
test.use({ locale: 'fr-FR' });
test.setTimeout(180_000);

/** A new client books an online demo expert (lawyer) and the consultation goes to its end. */
async function consultADemoExpert(page: Page) {
  const client = await signUpClient(page);
  const directory = new ProvidersPage(page);
  await directory.open('?type=lawyer&status=online');
  const card = page.locator('article[data-provider-id^="demo-"]').first();
  const providerId = (await card.getAttribute('data-provider-id'))!;
  const expertName = (await card.getByRole('heading', { level: 3 }).innerText()).replace('✓', '').trim();
  await page.goto(`/booking-request/${providerId}`);
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
  return { client, expertName, clientName: `${client.firstName} Durand` };
}

test('a client writes to a demo expert, answers as that expert in their own demo space, and reads the answer', async ({
  page,
}) => {
  const { expertName, clientName } = await consultADemoExpert(page);
  const messages = new MessagesScreen(page);

  // No conversation yet, and no empty "0 message" one: the consultation is offered to write about.
  await messages.open();
  await expect(messages.conversations).toContainText('Aucune conversation pour l’instant.');
  await expect(page.getByText(/^0 message/)).toHaveCount(0);
  await messages.startAbout(expertName);
  await expect(page.getByRole('heading', { name: `Avec ${expertName}` })).toBeVisible();

  // Before typing: this is a demo expert, and what that means.
  await expect(messages.demoNotice).toContainText(`${expertName} est un profil de démonstration`);
  const noticeBox = (await messages.demoNotice.boundingBox())!;
  const composerBox = (await messages.composer.boundingBox())!;
  expect(noticeBox.y).toBeLessThan(composerBox.y);
  await messages.write('Bonjour Maître, avez-vous bien reçu la décision de refus ?');
  await expect(messages.items.last()).toHaveAttribute('data-state', 'delivered', { timeout: 20_000 });
  await expect(messages.conversations.getByRole('button', { name: new RegExp(expertName) })).toContainText(
    '1 message',
  );

  expect(await seriousViolations(page), 'messages with a demo expert').toEqual([]);

  // A second message, only typed: it waits for the client's return, and the expert's side never sees it.
  await messages.composer.fill('Je vous envoie aussi le contrat.');

  // The expert's demo space: theirs alone, the expert's side of the consultation.
  await messages.demoNotice.getByRole('button', { name: `Ouvrir l’espace de ${expertName}` }).click();
  await expect(page.getByRole('heading', { name: `Espace de démonstration : ${expertName}` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByRole('navigation', { name: 'Rubriques de votre espace' }).getByRole('link'),
  ).toHaveText(['Appels', /Notifications/, 'Messages']);
  await expect(messages.items.last()).toContainText('avez-vous bien reçu la décision de refus', {
    timeout: 20_000,
  });
  await expect(messages.items.last()).toContainText(clientName);
  await expect(messages.composer).toHaveValue('');
  expect(await seriousViolations(page), 'demo expert space').toEqual([]);

  // Its notification, in French, leads back to the conversation.
  await page.goto('/dashboard?tab=notifications');
  const note = page.locator('[data-notification="message_received"]');
  await expect(note).toContainText(
    `1 nouveau message de ${clientName} : « Bonjour Maître, avez-vous bien reçu la décision de refus ? »`,
    { timeout: 20_000 },
  );
  await note.getByRole('link', { name: 'Voir la conversation' }).click();
  await expect(page.getByRole('heading', { name: `Avec ${clientName}` })).toBeVisible();
  await messages.write('Oui, bien reçue : nous pouvons faire un recours gracieux cette semaine.');
  await expect(messages.items.last()).toHaveAttribute('data-state', 'delivered', { timeout: 20_000 });

  // Back to the client's own account: the answer is there, from the expert.
  await page.getByRole('button', { name: 'Revenir à mon compte' }).click();
  await expect(page.getByRole('heading', { name: `Avec ${expertName}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-stand-in]')).toHaveCount(0);
  await expect(messages.items).toHaveCount(2, { timeout: 20_000 });
  await expect(messages.items.last()).toContainText('nous pouvons faire un recours gracieux');
  await expect(messages.items.last()).toContainText(expertName);
  await expect(messages.composer).toHaveValue('Je vous envoie aussi le contrat.');
});
