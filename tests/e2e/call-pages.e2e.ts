import { expect, test } from '@playwright/test';

test('the lawyer call page shows the configured price and the lawyers online, each leading to a profile', async ({
  page,
}) => {
  await page.goto('/sos-appel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Un avocat au téléphone en quelques minutes',
  );

  const price = page.getByRole('region', { name: "Prix de l'appel" });
  await expect(price.locator('[data-price]')).toHaveText('49 €');
  await expect(price).toContainText('20 minutes de consultation');
  await price.getByRole('radio', { name: 'Dollar ($)' }).click();
  await expect(price.locator('[data-price]')).toHaveText('55 $US');

  const online = page.getByRole('region', { name: 'En ligne maintenant pour un appel avocat' });
  const cards = online.locator('article[data-provider-id]');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(6);
  for (const card of await cards.all()) {
    await expect(card).toContainText('En ligne');
    await expect(card.getByRole('link', { name: /Voir le profil/ })).toHaveAttribute(
      'href',
      /^\/avocat\/[a-z]{2}\/[a-z]{2}\/[\w-]+$/,
    );
  }
  await expect(
    online.getByRole('link', { name: 'Voir tous les experts en ligne pour un appel avocat' }),
  ).toHaveAttribute('href', '/providers?type=lawyer&status=online');

  const name = (await cards.first().getByRole('heading', { level: 3 }).innerText()).replace('✓', '').trim();
  await cards
    .first()
    .getByRole('link', { name: /Voir le profil/ })
    .click();
  await expect(page).toHaveURL(/\/avocat\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('the lawyer call page explains the call and answers the usual questions', async ({ page }) => {
  await page.goto('/sos-appel');
  await expect(page.getByRole('heading', { level: 3, name: 'Arrestation ou garde à vue' })).toBeVisible();
  const steps = page.getByRole('region', { name: "Comment se passe l'appel" });
  await expect(steps.getByRole('listitem')).toHaveCount(4);
  await expect(steps).toContainText('Après 3 tentatives sans réponse');
  const faq = page.getByRole('region', { name: "Questions sur l'appel avocat" });
  await expect(faq.locator('details').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Appeler un expatrié aidant' })).toHaveAttribute(
    'href',
    '/appel-expatrie',
  );
});

test('the expat call page shows its own price, duration and expats online', async ({ page }) => {
  await page.goto('/appel-expatrie');
  const price = page.getByRole('region', { name: "Prix de l'appel" });
  await expect(price.locator('[data-price]')).toHaveText('19 €');
  await expect(price).toContainText('30 minutes de consultation');
  const online = page.getByRole('region', {
    name: 'En ligne maintenant pour un appel expatrié aidant',
  });
  await expect(online.locator('article[data-provider-id]').first()).toBeVisible();
  await expect(
    online
      .locator('article[data-provider-id]')
      .first()
      .getByRole('link', { name: /Voir le profil/ }),
  ).toHaveAttribute('href', /^\/expatrie\//);
  await expect(page.getByRole('heading', { level: 3, name: 'Trouver un médecin' })).toBeVisible();
});
