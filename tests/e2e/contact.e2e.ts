import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ContactPage, aContactEntry } from './pages/contact-page';

const HICCUP = 'Oups ! Petit souci technique. Pouvez-vous réessayer ?';

/** The ids of the messages the page posts to /api/contact, with the server's answers. */
function watchContactPosts(page: Page) {
  const posts: { id: string; status: number }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.url().endsWith('/api/contact')) return;
    const body = request.postDataJSON() as { id: string };
    posts.push({ id: body.id, status: response.status() });
  });
  return posts;
}

test('the form says what is missing, counts the characters still needed and keeps a draft', async ({
  page,
}) => {
  const contact = new ContactPage(page);
  await contact.open();
  await contact.sendButton.click();
  await expect(contact.field('Prénom')).toBeFocused();
  await expect(contact.form.getByText('Ce champ est obligatoire.').first()).toBeVisible();
  await expect(contact.form.getByText('Choisissez au moins une langue.')).toBeVisible();
  await expect(contact.form.getByText('Vous devez accepter les conditions générales')).toBeVisible();

  await contact.field('Adresse e-mail').fill('amelie@exemple');
  await contact.field('Indicatif pays').selectOption('custom');
  await contact.field('Indicatif (commence par +)').fill('33');
  await expect(contact.form.getByText('Adresse email invalide.')).toBeVisible();
  await expect(contact.form.getByText("L'indicatif doit commencer par +")).toBeVisible();
  await contact.field('Indicatif (commence par +)').fill('+33');
  await expect(contact.form.getByText("L'indicatif doit commencer par +")).toHaveCount(0);

  await expect(contact.form.getByText(/Il manque encore/)).toHaveCount(0);
  await contact.field('Message').fill('Bonjour, une question.');
  await expect(contact.form.getByText('Il manque encore 8 caractères')).toBeVisible();
  await contact.field('Message').fill('Bonjour, une question sur ma facture.');
  await expect(contact.form.getByText(/Il manque encore/)).toHaveCount(0);

  await contact.choose('Langues parlées', 'Espagnol');
  await expect(
    contact.picker('Langues parlées').getByRole('button', { name: 'Retirer Espagnol' }),
  ).toBeVisible();
  await page.reload();
  await expect(contact.field('Adresse e-mail')).toHaveValue('amelie@exemple');
  await expect(contact.field('Message')).toHaveValue('Bonjour, une question sur ma facture.');
  await expect(contact.picker('Langues parlées').getByRole('checkbox', { name: 'Espagnol' })).toBeChecked();
});

test('a message written offline waits, and is sent once when the connection returns', async ({
  page,
  context,
}) => {
  const contact = new ContactPage(page);
  const posts = watchContactPosts(page);
  await contact.open();
  await contact.fill(aContactEntry({ dial: { custom: '+66' } }));

  await context.setOffline(true);
  await contact.sendButton.click();
  const status = page.getByRole('status').filter({ hasText: "Message en attente d'envoi" });
  await expect(status).toContainText('votre message est enregistré sur cet appareil');
  await expect(contact.syncIndicator).toContainText('1 modification en attente');
  expect(posts).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 2, name: 'Message envoyé' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(contact.syncIndicator).not.toContainText('en attente');
  await page.waitForTimeout(1000);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.status).toBe(201);
  expect(posts[0]!.id).toMatch(/^[\w-]{8,64}$/);
});

test('a failed send keeps what was typed, says so, and the retry is the one message', async ({ page }) => {
  const contact = new ContactPage(page);
  const posts = watchContactPosts(page);
  await contact.open();
  const entry = aContactEntry();
  await contact.fill(entry);

  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } }),
    }),
  );
  await contact.sendButton.click();
  await expect(contact.form.getByRole('alert')).toHaveText(HICCUP);
  await expect(contact.field('Prénom')).toHaveValue(entry.firstName);
  await expect(contact.field('Adresse e-mail')).toHaveValue(entry.email);
  await expect(contact.field('Indicatif pays')).toHaveValue('TH');
  await expect(contact.field('Numéro de téléphone')).toHaveValue(entry.phoneNumber);
  await expect(contact.field("Pays d'intervention")).toHaveValue(entry.interventionCountry);
  await expect(contact.picker('Nationalités').getByRole('checkbox', { name: 'France' })).toBeChecked();
  await expect(contact.field('Objet')).toHaveValue(entry.subject);
  await expect(contact.field('Message')).toHaveValue(entry.message);
  await expect(contact.terms).toBeChecked();
  // Nothing is left queued to be sent behind the user's back.
  await expect(contact.syncIndicator).not.toContainText('en attente');

  await page.unroute('**/api/contact');
  await contact.sendButton.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Message envoyé' })).toBeVisible();
  // The retry of the same text carries the same id: had the first try reached the server after
  // all, the server would have kept a single message.
  expect(posts.map((post) => post.status)).toEqual([500, 201]);
  expect(posts[1]!.id).toBe(posts[0]!.id);
});
