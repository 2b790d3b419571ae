import { expect, test } from '@playwright/test';
import { ProvidersPage } from './pages/providers-page';

test("a profile's share menu closes on Escape, on a click or the focus elsewhere, and hides nothing", async ({
  page,
}) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  await directory.cards
    .first()
    .getByRole('link', { name: /Voir le profil/ })
    .click();
  const share = page.getByRole('button', { name: 'Partager' });
  const menu = page.getByRole('list').filter({ has: page.getByRole('button', { name: 'Copier le lien' }) });
  const report = page.getByRole('button', { name: 'Signaler ce profil' });

  // Escape closes it and gives the focus back to the button.
  await share.click();
  await expect(menu).toBeVisible();
  await expect(share).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(share).toHaveAttribute('aria-expanded', 'false');
  await expect(share).toBeFocused();

  // A click elsewhere on the page closes it.
  await share.click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();

  // The focus moving into the menu keeps it; the focus leaving it closes it.
  await share.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'WhatsApp' })).toBeFocused();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(share).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(menu).toBeHidden();

  // Open, the menu lies over nothing: "Report this profile" is still what a press there reaches.
  await share.click();
  await expect(menu).toBeVisible();
  await report.scrollIntoViewIfNeeded();
  const reachable = await report.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(reachable, 'the report link is under the share menu').toBe(true);
  await report.click();
  await expect(page.getByRole('dialog', { name: 'Signaler ce profil' })).toBeVisible();
  await expect(menu).toBeHidden();
});
