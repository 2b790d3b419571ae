/**
 * Automations, end to end: an admin writes one (signed up and not booked, after 7 days, a mail in
 * French), is refused at the empty French subject first, creates it switched off, finds it in the
 * list switched off, switches it on there and sees it on, then opens it and reads its figures.
 */
import { expect, test } from '@playwright/test';
import { signInAdmin } from './support/admin';

test.use({ locale: 'fr-FR' });

test('an admin creates an automation and switches it on from the list', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Relance inscription ${Date.now().toString(36).slice(-5)}`;
  await signInAdmin(page);
  await page.goto('/admin/comms/automations');
  await expect(page.getByRole('heading', { level: 1, name: 'Automatisations' })).toBeVisible();
  await expect(page.getByText('Seuls les événements survenus après l’activation comptent')).toBeVisible();
  await page.getByRole('link', { name: 'Nouvelle automatisation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle automatisation' })).toBeVisible();

  const form = page.getByTestId('automation-form');
  await form.getByLabel('Nom').fill(name);
  await form.getByLabel('Événement').selectOption({ label: 'Inscrit sans réservation' });
  await expect(form.getByText('Un client inscrit depuis le délai choisi')).toBeVisible();
  await form.getByLabel('Délai').fill('7');
  await form.getByLabel('Unité').selectOption({ label: 'jours' });
  await form.getByLabel('Canal').selectOption({ label: 'E-mail' });
  await form.getByRole('button', { name: 'Créer l’automatisation' }).click();
  await expect(form.getByLabel('Objet (français)')).toBeFocused();
  await expect(form.locator('#automation-texts-fr-subject-error')).toHaveText('Ce champ est obligatoire.');
  await form.getByLabel('Objet (français)').fill('Besoin d’aide ?');
  await form.getByLabel('Message (français)').fill('Bonjour,\n\nUn expert vous répond en quelques minutes.');
  await form.getByRole('button', { name: 'Créer l’automatisation' }).click();

  await expect(page).toHaveURL(/\/admin\/comms\/automations\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('[data-automation-state]').first()).toHaveAttribute(
    'data-automation-state',
    'off',
  );

  await page.getByRole('link', { name: 'Retour aux automatisations' }).click();
  const row = page.locator('[data-admin-list="comms/automations"] tbody tr', { hasText: name });
  await expect(row).toContainText('Inscrit sans réservation');
  await expect(row).toContainText('après 7 j');
  await expect(row).toContainText('Désactivée');
  await row.getByRole('button', { name: `Activer « ${name} »` }).click();
  await expect(row.locator('[data-automation-state]')).toHaveAttribute('data-automation-state', 'on');
  await expect(row).toContainText('Activée');
  await expect(row).toContainText('0 envoyés · 0 échecs · 0 exclus · 0 en attente');

  await row.getByRole('link', { name }).click();
  await expect(page.locator('[data-figure="sent"] dd')).toHaveText('0');
  await expect(page.getByText('Active depuis')).toBeVisible();
});
