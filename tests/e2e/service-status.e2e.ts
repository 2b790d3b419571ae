import { expect, test } from '@playwright/test';

test('the status page shows 30 days at a glance, the four states and the uptime', async ({ page }) => {
  await page.goto('/statut-service');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('État du service');

  // Demo mode: the service recorded today at start; the 29 days before come from the demo history.
  await expect(
    page.getByRole('heading', { level: 2, name: 'Tous les services fonctionnent normalement' }),
  ).toBeVisible();
  await expect(page.getByText(/^Dernière mise à jour :/)).toBeVisible();

  const strip = page.getByRole('list', { name: 'Un jour par case, du plus ancien au plus récent' });
  const days = strip.getByRole('listitem');
  await expect(days).toHaveCount(30);
  await expect(days.last()).toHaveAttribute('data-state', 'operational');
  await expect(days.first()).toContainText(
    /\d{4} : (Opérationnel|Dégradé|Panne|Maintenance|Pas de données)$/,
  );

  const history = page.getByRole('region', { name: 'Les 30 derniers jours' });
  for (const label of ['Opérationnel', 'Dégradé', 'Panne', 'Maintenance', 'Pas de données']) {
    await expect(history.getByRole('listitem').filter({ hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
  }
  await expect(history).toContainText(/Disponibilité \d{2}(,\d)?\s%/);
  await expect(history).toContainText('sur 30 jours avec données');

  const incidents = page.getByRole('region', { name: 'Jours perturbés' });
  await expect(incidents.getByRole('listitem')).toHaveCount(2);
  await expect(incidents).toContainText('Dégradé');
  await expect(incidents).toContainText('Maintenance');
});
