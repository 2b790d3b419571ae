import { expect, test } from '@playwright/test';

test('pricing from the configuration, in euros and dollars, with promo codes checked online', async ({
  page,
  context,
}) => {
  await page.goto('/pricing');
  const lawyer = page.locator('[data-service="lawyerCall"]');
  const expat = page.locator('[data-service="expatCall"]');
  await expect(lawyer).toContainText('49 €');
  await expect(lawyer).toContainText('20 minutes');
  await expect(expat).toContainText('19 €');
  await expect(expat).toContainText('30 minutes');
  await page.getByRole('radio', { name: 'Dollar ($)' }).click();
  await expect(lawyer).toContainText('55 $US');
  await page.getByRole('radio', { name: 'Euro (€)' }).click();

  const apply = page.getByRole('button', { name: 'Appliquer' });
  await apply.click();
  await expect(page.locator('main form').getByRole('status')).toHaveText('Veuillez saisir un code promo');
  await page.getByLabel('Code promo').fill('NOPE2000');
  await apply.click();
  await expect(page.locator('main form').getByRole('status')).toHaveText('Code promo invalide ou expiré');
  await page.getByLabel('Code promo').fill('bienvenue10');
  await apply.click();
  await expect(page.locator('main form').getByRole('status')).toContainText('Code promo appliqué');
  await expect(lawyer).toContainText('44,10 €');
  await expect(expat).toContainText('17,10 €');

  await context.setOffline(true);
  await apply.click();
  await expect(page.locator('main form').getByRole('status')).toHaveText(
    'Vérifier un code promo nécessite une connexion Internet.',
  );
});
