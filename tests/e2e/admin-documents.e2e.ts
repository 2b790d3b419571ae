/**
 * Legal documents and backups in the admin console: an admin publishes a new version of the privacy
 * policy (edited with its preview), and a traveller in another browser, who visited the site once
 * online, reads the new text offline. Then screenshots of both screens (phone and desktop, French
 * and English) into .tmp/shots-docs.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { adminApi, signInAdmin } from './support/admin';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-docs';
const NEW_HEADING = 'Nouveauté de septembre';
const NEW_SENTENCE = 'Les journaux des appels sont désormais effacés après douze mois.';

/** How far the page scrolls sideways (tables scroll in their own box: never on a phone). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The editor of one document (`/admin/documents/:slug`). */
class DocumentEditor {
  constructor(private readonly page: Page) {}
  readonly version = () => this.page.getByLabel('Numéro de version');
  readonly date = () => this.page.getByLabel("Date d'effet");
  readonly body = (language: string) => this.page.getByLabel(`Texte (${language})`);
  readonly preview = () => this.page.getByTestId('legal-preview');
  async language(code: string) {
    await this.page.getByRole('radio', { name: code, exact: true }).click();
  }
  async publish(version: string) {
    await this.page.getByRole('button', { name: `Publier la version ${version}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Publier la version ${version} ?` });
    await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

test('an admin publishes a new privacy policy and a traveller reads it offline', async ({
  browser,
  page,
}) => {
  // The traveller's one visit online: the policy as it stands, and the app ready to work offline.
  const travellerContext = await browser.newContext();
  const traveller = await travellerContext.newPage();
  await traveller.goto('/politique-confidentialite');
  // A first visit pulls the public databases: slower than later ones on a busy machine.
  await expect(traveller.getByText('Version 2.2 du 16 juin 2025')).toBeVisible({ timeout: 30_000 });
  await traveller.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

  await signInAdmin(page);
  await page.goto('/admin/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents légaux' })).toBeVisible();
  await page.getByRole('link', { name: /Politique de confidentialité/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
  await expect(page.getByText('Version 2.2 du 16 juin 2025').first()).toBeVisible();

  const editor = new DocumentEditor(page);
  await expect(editor.version()).toHaveValue('2.3');
  // A version that is not greater than the current one is refused before anything is sent.
  await editor.version().fill('2.2');
  await page.getByRole('button', { name: 'Publier la version 2.2' }).click();
  await expect(page.getByText('Choisissez un numéro supérieur à la version actuelle (2.2).')).toBeVisible();
  await editor.version().fill('2.3');
  await editor.date().fill('2025-09-01');

  const body = editor.body('FR');
  const current = await body.inputValue();
  await body.fill(`## ${NEW_HEADING}\n\n${NEW_SENTENCE}\n\n${current}`);
  await expect(editor.preview().getByRole('heading', { name: NEW_HEADING })).toBeVisible();
  await expect(editor.preview()).toContainText('Version 2.3 du 1 septembre 2025');
  await editor.language('EN');
  await editor
    .body('EN')
    .fill(
      `## September update\n\nCall logs are now erased after twelve months.\n\n${await editor.body('EN').inputValue()}`,
    );
  await editor.publish('2.3');

  await expect(page.getByRole('status').filter({ hasText: 'Version 2.3 publiée' })).toBeVisible();
  await expect(page.getByText('Version 2.3 du 1 sept. 2025')).toBeVisible();
  const history = page.getByRole('region', { name: 'Versions publiées' });
  await expect(history.getByRole('row', { name: /2\.3 .*Alex/ })).toBeVisible();
  await expect(history.getByRole('row', { name: /2\.2 .*Version d'origine/ })).toBeVisible();
  await expect(page.locator('[data-audit-trail="legal-document:privacy-policy"] li').first()).toContainText(
    '2.3',
  );

  // Back online once, the traveller's device pulls the new version; then offline, it reads it.
  await traveller.reload();
  await expect(traveller.getByText('Version 2.3 du 1 septembre 2025')).toBeVisible({ timeout: 20_000 });
  await travellerContext.setOffline(true);
  await traveller.goto('/cgu-clients');
  await expect(traveller.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await traveller.goto('/politique-confidentialite');
  await expect(traveller.getByRole('heading', { level: 2, name: NEW_HEADING })).toBeVisible();
  await expect(traveller.getByText(NEW_SENTENCE)).toBeVisible();
  await expect(traveller.getByText('Version 2.3 du 1 septembre 2025')).toBeVisible();
  await travellerContext.close();
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the documents and backups screens (${language})`, async ({ page, baseURL }) => {
    // A backup to list.
    const api = await adminApi(baseURL!);
    expect((await api.post('/api/admin/backups')).status()).toBeLessThan(500);
    await api.dispose();

    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
    for (const [device, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/documents');
      await expect(page.locator('tbody tr').first()).toBeVisible();
      await shot(page, { path: `${SHOTS}/documents-${device}-${language}.png`, fullPage: true });

      await page.goto('/admin/documents/privacy-policy');
      await expect(page.getByTestId('legal-preview')).toBeAttached();
      await shot(page, { path: `${SHOTS}/document-${device}-${language}.png`, fullPage: false });
      await shot(page, { path: `${SHOTS}/document-full-${device}-${language}.png`, fullPage: true });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto('/admin/backups');
      await expect(page.locator('[data-backup]').first()).toBeVisible({ timeout: 20_000 });
      await page.locator('[data-restore-help] summary').click();
      await shot(page, { path: `${SHOTS}/backups-${device}-${language}.png`, fullPage: true });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    }
  });
}
