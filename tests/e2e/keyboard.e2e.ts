import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** Presses Tab until the target has the focus, as a keyboard user would (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('the first Tab offers to skip the header, and a followed link puts focus on the new content', async ({
  page,
}) => {
  // Moving the focus to the new content is the app's: a link followed before its script has run
  // is a plain page load. The app runs once it replicates.
  const running = page.waitForRequest((request) => request.url().includes('/db/'));
  await page.goto('/tarifs');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarifs' })).toBeVisible();
  await running;
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await tabTo(page, page.locator('main a[href="/sos-appel"]').first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sos-appel$/);
  await expect(page.locator('main')).toBeFocused();
});

test('the directory filters, an FAQ answer and the report dialog work with the keyboard alone', async ({
  page,
}) => {
  await page.goto('/providers');
  await expect(page.locator('article[data-provider-id]').first()).toBeVisible();
  await tabTo(page, page.locator('main select').first()); // the country filter
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/country=[A-Z]{2}/);
  await expect(page.locator('article[data-provider-id]').first()).toBeVisible();

  await page.goto('/faq');
  await tabTo(page, page.locator('main details summary').first());
  await page.keyboard.press('Enter');
  await expect(page.locator('main details[open]').first()).toBeVisible();

  await page.goto('/providers');
  const card = page.locator('article[data-provider-id]').first();
  const href = (await card.getByRole('link').first().getAttribute('href'))!;
  await page.goto(href);
  await tabTo(page, page.getByRole('button', { name: 'Signaler ce profil' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Signaler ce profil' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Signaler ce profil' })).toBeFocused();
});
