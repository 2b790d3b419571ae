/**
 * An A/B campaign and deliverability, end to end in demo mode (mail written to the outbox): an admin
 * writes a campaign with a variant B in the composer for a segment of one new client, sees on its page
 * the test's results (the client got variant A) with the rest waiting for the winner, chooses variant
 * B early, and sees the winner recorded and the campaign complete; then the deliverability page shows
 * the last 30 days' figures and rates, and its searchable list of events.
 */
import { expect, test } from '@playwright/test';
import { adminApi, signInAdmin } from './support/admin';
import { newClient } from './support/paid-consultation';

test.use({ locale: 'fr-FR' });

const unique = () => Date.now().toString(36).slice(-5);

test('an admin runs an A/B campaign, chooses its winner, and reads the deliverability page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const since = new Date(Date.now() - 1000).toISOString();
  const admin = await adminApi(baseURL!);
  const other = await browser.newContext({ baseURL });
  await newClient(other.request, `Abel${suffix}`, 'fr');
  await other.close();
  const name = `Test A/B ${suffix}`;
  const created = await admin.post('/api/admin/comms/segments', {
    data: { name, rules: { roles: ['client'], signedUpAfter: since } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInAdmin(page);
  await page.goto('/admin/comms/campaigns/new');
  const form = page.getByTestId('campaign-form');
  await form.getByLabel('Segment').selectOption({ label: name });
  await form.getByLabel('Objet (français)').fill(`Offre A ${suffix}`);
  await form.getByLabel('Message (français)').fill('Bonjour,\n\nVoir https://sos-expat.test/offre.');
  await form.getByLabel('Tester une variante B sur une partie des destinataires').check();
  await form.getByLabel('Objet B (français)').fill(`Offre B ${suffix}`);
  await form.getByLabel('Message B (français)').fill('Bonjour !\n\nDécouvrez https://sos-expat.test/offre.');
  await form.getByRole('button', { name: 'Envoyer la campagne' }).click();

  // The test's mail is out (the only recipient is in group A); the rest waits for the winner.
  await expect(page).toHaveURL(/\/admin\/comms\/campaigns\/[a-z0-9-]+$/);
  const results = page.locator('[data-section="ab"]');
  await expect(results.getByRole('heading', { name: 'Résultats du test A/B' })).toBeVisible();
  await expect(results.locator('[data-variant="a"] [data-column="sent"]')).toHaveText('1', {
    timeout: 30_000,
  });
  await expect(results.locator('[data-variant="b"] [data-column="sent"]')).toHaveText('0');
  await expect(results).toContainText('20 % du segment, critère : Ouvertures, durée : 24 h');
  await expect(results.locator('[data-ab-rest]')).toContainText('à la fin du test');
  await expect(page.getByRole('table', { name: 'Destinataires' })).toContainText('Variante A');

  // Chosen early: recorded, and the campaign completes.
  await results.getByRole('button', { name: 'Choisir la variante B' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Choisir la variante B' }).click();
  await expect(results.locator('[data-ab-outcome="winner"]')).toHaveText(
    'Gagnant : variante B (choisi par un admin)',
  );
  await expect(page.locator('[data-campaign-state]').first()).toHaveAttribute(
    'data-campaign-state',
    'complete',
    {
      timeout: 30_000,
    },
  );
  await expect(
    page.locator('[data-section="deliverability"] [data-deliverability-figure="sent"] dd'),
  ).toHaveText('1');

  // The deliverability page: the last 30 days, rates, and the events list.
  await page.goto('/admin/comms/deliverability');
  await expect(page.getByRole('heading', { level: 1, name: 'Délivrabilité' })).toBeVisible();
  const window = page.locator('[data-section="deliverability-window"]');
  await expect(window.getByRole('heading', { name: /30 derniers jours/ })).toBeVisible();
  await expect(window.locator('[data-deliverability-figure="attempted"] dd')).toHaveText(/^[1-9]\d*$/);
  await expect(window.locator('[data-rate="bounceRate"] dd')).toHaveText(/%$/);
  await page.getByLabel('Rechercher').fill(`nobody.${suffix}@`);
  await expect(page.getByText('Aucun événement pour l’instant.')).toBeVisible();
});
