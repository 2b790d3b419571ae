import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { LoginScreen } from './pages/account-pages';
import { approveProvider } from './support/admin';
import { ProviderRegistrationPage } from './pages/provider-registration-page';

/**
 * A provider edits their profile offline: the edit is kept on the device (it survives closing the
 * page), shown as waiting, and reaches the service once the connection is back. The public profile
 * appears only once an admin approves the provider: then it shows the edits, and the provider can
 * go online from the Availability tab.
 */
const NEW_BIO =
  'Avocate à Bangkok depuis douze ans, je conseille les expatriés francophones sur les visas, le travail et la famille.';

const profileForm = (page: Page) => page.locator('form[aria-labelledby="dashboard-profile-title"]');

test('a provider edits the profile offline; the edits reach the server once online and, after approval, the public profile', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const entry = await new ProviderRegistrationPage(page).registerLawyer();

  await page.goto('/dashboard?tab=profile');
  const form = profileForm(page);
  await expect(form.getByLabel('Présentation')).toHaveValue(entry.bio);
  await expect(form.getByText('Synchronisé')).toBeVisible();
  // The app is installed (its service worker serves the pages) before the connection goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await context.setOffline(true);
  await form.getByLabel('Présentation').fill(NEW_BIO);
  await form.getByRole('checkbox', { name: 'Fiscalité internationale' }).check();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('En attente de synchronisation')).toBeVisible();
  await expect(form.getByText('Enregistré sur cet appareil')).toBeVisible();

  // Closing the page keeps the edit and its waiting state.
  await page.close();
  const again = await context.newPage();
  await again.goto('/dashboard?tab=profile');
  const reopened = profileForm(again);
  await expect(reopened.getByLabel('Présentation')).toHaveValue(NEW_BIO);
  await expect(reopened.getByRole('checkbox', { name: 'Fiscalité internationale' })).toBeChecked();
  await expect(reopened.getByText('En attente de synchronisation')).toBeVisible();

  // Back online: pushed once, then synchronised.
  const pushes: string[] = [];
  again.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/_bulk_docs')) pushes.push(request.url());
  });
  await context.setOffline(false);
  await expect(reopened.getByText('Synchronisé')).toBeVisible({ timeout: 20_000 });
  expect(pushes).toHaveLength(1);
  // The edit stands on this device, and the server holds it (its own copy, through the gateway).
  await expect(reopened.getByLabel('Présentation')).toHaveValue(NEW_BIO);
  const uid = await again.evaluate(() =>
    fetch('/api/auth/me')
      .then((response) => response.json())
      .then((me: { user: { uid: string } }) => me.user.uid),
  );
  const held = await again.evaluate(async (id) => {
    const hex = [...new TextEncoder().encode(id)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    const response = await fetch(`/db/userdb-${hex}/profile`);
    return ((await response.json()) as { bio?: string }).bio;
  }, uid);
  expect(held).toBe(NEW_BIO);

  // The server has it: another device of the same provider sees the edit.
  const other = await browser.newContext();
  const second = await other.newPage();
  const login = new LoginScreen(second);
  await login.open('?redirect=/dashboard%3Ftab%3Dprofile');
  await login.signIn(entry.email, entry.password);
  await expect(profileForm(second).getByLabel('Présentation')).toHaveValue(NEW_BIO, { timeout: 20_000 });
  await expect(profileForm(second).getByRole('checkbox', { name: 'Fiscalité internationale' })).toBeChecked();
  await other.close();

  // Not public before approval; once an admin approves, the public profile shows the edits.
  await approveProvider(baseURL!, uid);
  await again.goto(`/provider/${uid}`);
  await expect(again.getByText(NEW_BIO)).toBeVisible({ timeout: 20_000 });
  await expect(again.getByText('Fiscalité internationale').first()).toBeVisible();

  // Approved, the provider goes online from the dashboard and is listed online.
  await again.goto('/dashboard?tab=availability');
  const online = again.getByRole('switch');
  await expect(online).toBeEnabled();
  await online.click();
  await expect(online).toBeChecked();
  await again.goto(`/provider/${uid}`);
  await expect(again.getByText('En ligne', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
});

test('a provider approved a moment ago goes online even before the device has the approved record', async ({
  page,
  baseURL,
}) => {
  const entry = await new ProviderRegistrationPage(page).registerLawyer();
  // The device has the provider's record as registered (not approved)…
  await page.goto('/dashboard?tab=profile');
  await expect(profileForm(page).getByLabel('Présentation')).toHaveValue(entry.bio);
  await expect(profileForm(page).getByText('Synchronisé')).toBeVisible();
  const uid = await page.evaluate(() =>
    fetch('/api/auth/me')
      .then((response) => response.json())
      .then((me: { user: { uid: string } }) => me.user.uid),
  );
  // …and keeps it after the approval: its own database's pull is held back (from a page opened
  // afterwards: a pull already waiting for changes would bring the approval).
  await page.context().route(/\/db\/userdb-[0-9a-f]+\/_changes/, () => undefined);
  await page.goto('/dashboard?tab=availability');
  await expect(page.getByText("Votre profil n'est pas encore validé", { exact: false })).toBeVisible();
  await approveProvider(baseURL!, uid);

  await page.reload();
  const online = page.getByRole('switch');
  await expect(online).toBeEnabled();
  await expect(page.getByText("Votre profil n'est pas encore validé", { exact: false })).toHaveCount(0);
  await online.click();
  await expect(online).toBeChecked();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
