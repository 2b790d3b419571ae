import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * The device pulls the help texts of the languages its reader reads in (changes-filter.ts on the
 * server): a first visit in French brings no German article, a switch to German online brings
 * them, and both then read offline; a language never read online says it is not on the device.
 */

/** Help-centre articles of `language` in the device's IndexedDB (RxDB's Dexie storage), deleted ones left out. */
function localArticles(page: Page, language: string): Promise<number> {
  return page.evaluate(async (wanted) => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? '');
    const name = names.find(
      (candidate) => candidate.includes('sos-expat') && candidate.endsWith('--content'),
    );
    if (!name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      const store = db.transaction('docs', 'readonly').objectStore('docs');
      const docs = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const all = store.getAll();
        all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
        all.onerror = () => reject(all.error);
      });
      // The storage keeps `_deleted` as '0' or '1', an indexable value.
      const live = (doc: Record<string, unknown>) => doc._deleted === '0' || doc._deleted === false;
      return docs.filter((doc) => doc.type === 'article' && doc.language === wanted && live(doc)).length;
    } finally {
      db.close();
    }
  }, language);
}

const languageMenu = (page: Page) => page.locator('header').getByRole('combobox');

test('a device holds the help texts of the languages read on it; another says so offline', async ({
  page,
  context,
}) => {
  await page.goto('/centre-aide');
  await expect(page.getByRole('heading', { level: 2, name: 'Paiements' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await expect.poll(() => localArticles(page, 'fr'), { timeout: 20_000 }).toBeGreaterThan(10);
  expect(await localArticles(page, 'de')).toBe(0);
  expect(await localArticles(page, 'en')).toBe(0);

  await languageMenu(page).selectOption('de');
  await expect(page.getByRole('heading', { level: 2, name: 'Zahlungen' })).toBeVisible();
  await expect
    .poll(() => localArticles(page, 'de'), { timeout: 20_000 })
    .toBe(await localArticles(page, 'fr'));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Zahlungen' })).toBeVisible();
  await page.getByRole('searchbox').fill('Pass');
  await expect(page.locator('main ul li a').first()).toBeVisible();
  await page.getByRole('searchbox').fill('');

  await languageMenu(page).selectOption('es');
  await expect(
    page.getByText('Este contenido aún no está en este dispositivo.', { exact: false }),
  ).toBeVisible();
  await languageMenu(page).selectOption('fr');
  await expect(page.getByRole('heading', { level: 2, name: 'Paiements' })).toBeVisible();

  // Back online, the Spanish texts arrive.
  await context.setOffline(false);
  await languageMenu(page).selectOption('es');
  await expect(page.getByRole('heading', { level: 2, name: 'Pagos' })).toBeVisible();
  await expect.poll(() => localArticles(page, 'es'), { timeout: 20_000 }).toBeGreaterThan(10);
});
