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

test('an English reader is led by English testimonials, and the language filter narrows the list and survives a reload', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => window.localStorage.setItem('sos-expat.language', 'en'));
  await page.goto('/');
  const quotes = page.getByRole('region', { name: 'They got help' }).locator('article');
  await expect(quotes).toHaveCount(3);
  for (const quote of await quotes.all()) await expect(quote).toHaveAttribute('lang', 'en');

  await page.goto('/testimonials');
  const cards = page.locator('main article');
  const count = page.getByText(/^\d+ testimonials?$/);
  await expect(cards).toHaveCount(9);
  const total = Number((await count.innerText()).split(' ')[0]);
  const language = page.getByRole('combobox', { name: 'Language', exact: true });

  // The filter keeps one language, in the URL like the other filters.
  await language.selectOption('de');
  await expect(page).toHaveURL(/language=de/);
  await expect(count).not.toHaveText(`${total} testimonials`);
  const german = Number((await count.innerText()).split(' ')[0]);
  expect(german).toBeGreaterThan(0);
  expect(german).toBeLessThan(total);
  for (const card of await cards.all()) await expect(card).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(language).toHaveValue('de');
  await expect(count).toHaveText(`${german} testimonials`);
  for (const card of await cards.all()) await expect(card).toHaveAttribute('lang', 'de');

  // Without it, every testimonial is listed, the reader's language first, then the others.
  await language.selectOption('en');
  await expect(page).toHaveURL(/language=en/);
  await expect(count).not.toHaveText(`${german} testimonials`);
  const english = Number((await count.innerText()).split(' ')[0]);
  await language.selectOption('');
  await expect(count).toHaveText(`${total} testimonials`);
  await page.goto(`/testimonials?pages=${Math.ceil((english + 1) / 9)}`);
  await expect(cards.nth(english)).toBeVisible();
  const languages = await cards.evaluateAll((articles) => articles.map((a) => a.getAttribute('lang')));
  expect(languages.slice(0, english).every((lang) => lang === 'en')).toBe(true);
  expect(languages.slice(english).some((lang) => lang === 'en')).toBe(false);
});
