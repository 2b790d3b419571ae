/**
 * Mail campaigns and the suppression list, end to end in demo mode (mail written to the outbox): an
 * admin writes a campaign in French and German to a segment of German clients, sees the segment's
 * live count, sends it, and follows it on its page to "complete"; the German mail is in the demo
 * mailbox with its unsubscribe link. Then the admin adds an address to the suppression list, finds
 * it by searching, and removes it again.
 */
import { expect, test } from '@playwright/test';
import { adminApi, signInAdmin } from './support/admin';
import { newClient } from './support/paid-consultation';

test.use({ locale: 'fr-FR' });

const unique = () => Date.now().toString(36).slice(-5);

test('an admin sends a campaign to a segment and edits the suppression list', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const since = new Date(Date.now() - 1000).toISOString();
  const admin = await adminApi(baseURL!);
  const other = await browser.newContext({ baseURL });
  await newClient(other.request, `Greta${suffix}`, 'de');
  await other.close();
  const name = `Clients germanophones ${suffix}`;
  const created = await admin.post('/api/admin/comms/segments', {
    data: { name, rules: { roles: ['client'], languages: ['de'], signedUpAfter: since } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInAdmin(page);
  await page.goto('/admin/comms/campaigns');
  await page.getByRole('link', { name: 'Nouvelle campagne' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle campagne' })).toBeVisible();
  const form = page.getByTestId('campaign-form');
  await form.getByLabel('Segment').selectOption({ label: name });
  await expect(page.getByTestId('target-count')).toContainText(/\d+ utilisateur/, { timeout: 15_000 });

  // Sent without French: refused at the French subject, nothing typed is lost.
  await form.getByLabel('Objet (allemand)').fill(`Neuigkeiten ${suffix}`);
  await form.getByLabel('Message (allemand)').fill('Hallo,\n\nVideoberatungen kommen.');
  await form.getByRole('button', { name: 'Envoyer la campagne' }).click();
  await expect(form.getByLabel('Objet (français)')).toBeFocused();
  await expect(form.locator('#campaign-texts-fr-subject-error')).toHaveText('Ce champ est obligatoire.');
  await form.getByLabel('Objet (français)').fill(`Nouveautés ${suffix}`);
  await form.getByLabel('Message (français)').fill('Bonjour,\n\nLes consultations vidéo arrivent.');
  await expect(form.getByText(`${'Nouveautés '.length + suffix.length} / 150 caractères`)).toBeVisible();
  await form.getByRole('button', { name: 'Envoyer la campagne' }).click();

  // Its page follows the sending to the end.
  await expect(page).toHaveURL(/\/admin\/comms\/campaigns\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Nouveautés ${suffix}` })).toBeVisible();
  await expect(page.locator('[data-campaign-state]').first()).toHaveAttribute(
    'data-campaign-state',
    'complete',
    { timeout: 30_000 },
  );
  await expect(page.locator('[data-figure="sent"] dd')).toHaveText('1');
  const recipients = page.getByRole('table', { name: 'Destinataires' });
  await expect(recipients).toContainText(`greta${suffix}`);
  await expect(recipients).toContainText('Envoyé');

  // The German mail is in the demo mailbox, with its unsubscribe link.
  await page.goto('/mailbox');
  await expect(page.getByText(`Neuigkeiten ${suffix}`)).toBeVisible();
  await expect(page.locator('a[href*="/unsubscribe?token="]').first()).toBeVisible();

  // The suppression list: add an address, find it, remove it.
  const address = `bounce.${suffix}@example.com`;
  await page.goto('/admin/comms/suppression');
  const add = page.getByTestId('suppression-add');
  await add.getByLabel('Adresse e-mail').fill(address.toUpperCase());
  await add.getByLabel('Motif').selectOption({ label: 'Rebond (bounce)' });
  await add.getByRole('button', { name: 'Ajouter' }).click();
  await expect(add.getByRole('status')).toHaveText('Adresse ajoutée.');
  await page.getByLabel('Rechercher').fill(`bounce.${suffix}`);
  const row = page.locator('[data-admin-list="comms/suppression"] tbody tr', { hasText: address });
  await expect(row).toContainText('Rebond (bounce)');
  await row.getByRole('button', { name: `Retirer ${address}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
  await expect(row).toHaveCount(0);
});
