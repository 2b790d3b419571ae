import { expect, test } from '@playwright/test';
import { bookAndPay } from './pages/consultation-flow';

test.use({ locale: 'fr-FR' });
test.setTimeout(120_000);

test('a client rates a completed consultation offline; the review is sent once online and published', async ({
  page,
  context,
}) => {
  await bookAndPay(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultation terminée', {
    timeout: 45_000,
  });

  await page.goto('/dashboard?tab=reviews');
  const form = page.getByRole('form', { name: /Consultation avec/ });
  await expect(form).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  const before = await form.boundingBox();
  await context.setOffline(true);
  await expect(
    page.getByText('Vous êtes hors ligne : voici les informations de votre dernière connexion.'),
  ).toBeVisible();
  // The notice covers the greeting: nothing below it moves, so a tap lands where the reader aimed.
  expect(await form.boundingBox()).toEqual(before);
  const fourStars = form.getByRole('radio', { name: '4 étoiles sur 5' });
  await fourStars.check({ force: true });
  await expect(fourStars).toBeChecked();
  await form
    .getByLabel('Votre commentaire')
    .fill('Réponses claires et rapides, merci pour ces conseils précis.');
  await form.getByRole('button', { name: 'Envoyer mon avis' }).click();
  await expect(page.getByText("En attente d'envoi : il partira dès le retour de la connexion")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(/^Publié le /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Réponses claires et rapides, merci pour ces conseils précis.')).toBeVisible();
});
