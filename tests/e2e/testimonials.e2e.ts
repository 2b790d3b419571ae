import { expect, test } from '@playwright/test';

test('testimonials: filter, search, load more, pages, and a single testimonial under both prefixes', async ({
  page,
}) => {
  await page.goto('/temoignages');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(9);
  await expect(page.getByText(/^\d+ témoignages$/)).toBeVisible();
  const total = Number((await page.getByText(/^\d+ témoignages$/).innerText()).split(' ')[0]);

  await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption('lawyer');
  await expect(page).toHaveURL(/service=lawyer/);
  await expect(page.getByText(`${total} témoignages`)).toHaveCount(0);
  const lawyers = Number((await page.getByText(/^\d+ témoignages?$/).innerText()).split(' ')[0]);
  expect(lawyers).toBeGreaterThan(0);
  for (const text of await cards.allInnerTexts()) expect(text).toContain('Appel avocat');

  await page.getByRole('button', { name: 'Afficher plus' }).click();
  await expect(cards).toHaveCount(18);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(cards).toHaveCount(9);

  await page.getByRole('searchbox', { name: 'Rechercher dans les témoignages' }).fill('zzzz introuvable');
  await expect(page.getByText('0 témoignage')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher dans les témoignages' }).fill('');

  const first = cards.first().getByRole('heading', { level: 2 }).getByRole('link');
  const title = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/\/testimonials\/(lawyer|expat)\/[a-z]{2}\/\d{4}\/(fr|en|es|ru|de)\/t-\d{3}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('heading', { level: 2, name: "D'autres témoignages" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Partager' })).toBeVisible();
  await page.goto(page.url().replace('/testimonials/', '/temoignages/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
