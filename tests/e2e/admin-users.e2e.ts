/**
 * The users screens in Chromium: an admin finds a client who registered in this test (search by
 * e-mail), opens them and bans them; the client, in another browser, is refused at once with the
 * site's own suspension message (their live sync is ended by the ban, and the next page they open
 * says the same); lifting the ban gives them their space back. Then the test profiles screen, and
 * screenshots of the list and the detail on a phone and a desktop, in French and English.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { adminApi, signInAdmin } from './support/admin';
import { aClient, signUpClient } from './pages/account-pages';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-users';

/** Signs the page's context in as the suite's admin (the cookie is shared with its pages). */

/** The users list and detail screens, as an admin uses them. */
class UsersScreen {
  constructor(private readonly page: Page) {}
  readonly list = () => this.page.locator('[data-admin-list="users/clients"]');
  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Rechercher' }).fill(text);
    await this.page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  }
  async act(button: string, reason?: string) {
    await this.page.getByRole('button', { name: button, exact: true }).first().click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    if (reason) await dialog.getByRole('textbox').fill(reason);
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

test('an admin bans a client who just registered: refused at once, restored by unban', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  const client = await signUpClient(clientPage, aClient({ firstName: 'Bérénice' }));
  await expect(clientPage.getByRole('heading', { level: 1 })).toBeVisible();

  await signInAdmin(page);
  await page.goto('/admin/users/clients');
  const users = new UsersScreen(page);
  await users.search(client.email);
  await expect(page).toHaveURL(/\?q=/);
  const row = users.list().locator('tbody tr', { hasText: client.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bérénice' })).toBeVisible();
  await expect(page.locator('dd', { hasText: client.email })).toBeVisible();

  await users.act('Bannir', 'Fraude à la carte signalée');
  await expect(page.getByRole('status').filter({ hasText: 'Compte banni' })).toBeVisible();
  await expect(page.locator('[data-user-flag="banned"]')).toBeVisible();
  const trail = page.locator('[data-audit-trail]');
  await expect(trail).toContainText('Bannissement');
  await expect(trail).toContainText('Fraude à la carte signalée');

  // The client's open page: the ban ended its live sync, and it says why, with the site's message.
  await expect(clientPage.getByRole('heading', { name: 'Compte suspendu' })).toBeVisible();
  // And the next page they open is refused the same way.
  await clientPage.goto('/dashboard');
  await expect(clientPage.getByRole('heading', { name: 'Compte suspendu' })).toBeVisible();
  expect((await clientPage.request.get('/api/auth/me')).status()).toBe(403);

  await users.act('Lever le bannissement');
  await expect(page.getByRole('status').filter({ hasText: 'Bannissement levé' })).toBeVisible();
  await expect(page.locator('[data-user-flag="banned"]')).toHaveCount(0);

  await clientPage.goto('/dashboard');
  await expect(clientPage.getByRole('heading', { name: 'Compte suspendu' })).toHaveCount(0);
  expect((await clientPage.request.get('/api/auth/me')).status()).toBe(200);
  await clientContext.close();
});

test('test profiles: created, listed and flagged, shown as test data in the directory, removed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await page.goto('/admin/aaaprofiles');
  const lastName = `Essai-${Date.now()}`;
  await page.getByLabel('Type').selectOption('expat');
  await page.getByLabel('Pays').selectOption('PT');
  await page.getByLabel('Prénom').fill('Test');
  await page.getByLabel('Nom', { exact: true }).fill(lastName);
  await page.getByRole('group', { name: 'Langues' }).getByRole('checkbox', { name: 'anglais' }).check();
  await page.getByRole('button', { name: 'Créer le profil de test' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Profil de test créé : Test ${lastName}` }),
  ).toBeVisible();
  const row = page.locator('[data-admin-list="test-profiles"] tbody tr', { hasText: lastName });
  await expect(row).toContainText('Test');
  const href = await row.getByRole('link').getAttribute('href');
  const uid = href!.split('/').pop()!;

  // In the public directory it is listed, said to be a test profile, and not counted.
  const api = await adminApi(new URL(page.url()).origin);
  const listed = await api.get(`/api/admin/users/expats?testProfile=true&limit=100`);
  expect(((await listed.json()) as { items: { uid: string }[] }).items.map((item) => item.uid)).toContain(
    uid,
  );
  await api.dispose();
  await page.goto(`/provider/${uid}`);
  await expect(page.locator('[data-test-profile]')).toBeVisible();

  await page.goto('/admin/aaaprofiles');
  await row.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profil de test supprimé' })).toBeVisible();
  await expect(row).toHaveCount(0);
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the users screens (${language})`, async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const clientContext = await browser.newContext();
    const client = await signUpClient(await clientContext.newPage(), aClient({ firstName: 'Joséphine' }));
    await clientContext.close();
    // A test profile, so that the lawyers' list and the test profiles' list show one.
    const api = await adminApi(baseURL!);
    const created = await api.post('/api/admin/test-profiles', {
      data: {
        role: 'lawyer',
        firstName: 'Test',
        lastName: `Avocat ${language}`,
        country: 'DE',
        languages: ['de', 'en'],
        online: true,
      },
    });
    expect(created.status()).toBe(201);
    const testUid = ((await created.json()) as { uid: string }).uid;
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);

    const shoot = async (name: string) => {
      for (const [device, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1280, height: 900 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(150);
        await shot(page, { path: `${SHOTS}/${name}-${device}-${language}.png`, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} on ${device}`).toBeLessThanOrEqual(0);
      }
    };
    /** Every list of the page has answered (rows or its empty state). */
    const listsLoaded = async () => {
      for (const list of await page.locator('[data-admin-list]').all()) {
        await expect(list.locator('[data-admin-state="loading"]')).toHaveCount(0);
      }
    };

    await page.goto('/admin/users/clients');
    const row = page.locator('[data-admin-list="users/clients"] tbody tr', { hasText: client.email });
    await expect(row).toBeVisible();
    await shoot('clients');
    await row.getByRole('link').click();
    await expect(page.locator('[data-audit-trail]')).toBeVisible();
    await listsLoaded();
    await shoot('client-detail');

    await page.goto('/admin/users/providers/lawyers');
    await expect(page.locator(`[data-admin-list="users/lawyers"] a[href$="${testUid}"]`)).toBeVisible();
    await shoot('lawyers');
    await page.goto(`/admin/users/providers/lawyers/${testUid}`);
    await expect(page.locator('[data-audit-trail]')).toContainText(
      language === 'fr' ? 'Création du profil de test' : 'Test profile created',
    );
    await listsLoaded();
    await shoot('lawyer-detail');
    await page.goto('/admin/aaaprofiles');
    await expect(page.locator(`[data-admin-list="test-profiles"] a[href$="${testUid}"]`)).toBeVisible();
    await shoot('test-profiles');
    await page.goto(`/provider/${testUid}`);
    await expect(page.locator('[data-test-profile]')).toBeVisible();
    await shoot('public-test-profile');

    expect((await api.delete(`/api/admin/test-profiles/${testUid}`)).status()).toBe(204);
    await api.dispose();
  });
}
