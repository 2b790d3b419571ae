import { expect, test } from '@playwright/test';
import { LoginScreen, aClient, accountMenu, followMailLink, signUpClient } from './pages/account-pages';

test('the guard sends an anonymous visitor of /dashboard to the login, with the way back', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=\/dashboard$/);
  const url = new URL(page.url());
  expect(url.searchParams.get('redirect')).toBe('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByText('Connectez-vous pour accéder à cette page')).toBeVisible();
});

test('a client registers, confirms the address from the mail, signs out and signs in again', async ({
  page,
}) => {
  const client = await signUpClient(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bonjour ${client.firstName}`);
  await expect(page.getByRole('heading', { name: 'Confirmez votre adresse email' })).toBeVisible();
  await expect(accountMenu(page, client.firstName)).toBeVisible();

  await followMailLink(page, client.email, 'verify-email');
  await expect(page.getByText('Votre adresse email est confirmée. Merci !')).toBeVisible();
  // Signed in already: the way on is their space, never "sign in".
  await expect(page.getByRole('link', { name: 'Aller à mon espace' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  // The same link again, by the person it confirmed: nothing to do, and no "sign in" for them.
  await page.reload();
  await expect(page.getByText('Votre adresse email est déjà confirmée.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Aller à mon espace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Confirmez votre adresse email' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Rubriques de votre espace' })).toBeVisible();

  await accountMenu(page, client.firstName).click();
  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();

  await page.goto('/profile/edit');
  await expect(page).toHaveURL(/\/login\?redirect=\/profile\/edit$/);
  const login = new LoginScreen(page);
  await login.signIn(client.email, client.password);
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier mon profil' })).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveValue(client.firstName);
});

test('the login form says what is missing, and never which part of the credentials was wrong', async ({
  page,
}) => {
  const login = new LoginScreen(page);
  await login.open();
  await login.submit.click();
  await expect(login.error).toHaveText('Email et mot de passe sont obligatoires');
  await expect(login.email).toBeFocused();

  await login.email.fill('amelie@exemple');
  await login.password.fill('secret-pass');
  await login.submit.click();
  await expect(login.form.getByText('Adresse email invalide.')).toBeVisible();

  await login.signIn(aClient().email, 'not-the-password');
  await expect(login.error).toHaveText('Email ou mot de passe invalide.');
});

test('offline, the login says that signing in needs a connection instead of trying', async ({
  page,
  context,
}) => {
  const login = new LoginScreen(page);
  await login.open('?redirect=/booking-request/some-provider');
  await expect(page.getByText('vous reviendrez ensuite directement à votre réservation')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('Se connecter demande une connexion Internet')).toBeVisible();
  await expect(login.submit).toBeDisabled();
  await context.setOffline(false);
  await expect(login.submit).toBeEnabled();
});

test('a signed-in user keeps their session and their space with no connection', async ({ page, context }) => {
  const client = await signUpClient(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bonjour ${client.firstName}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bonjour ${client.firstName}`);
  await expect(accountMenu(page, client.firstName)).toBeVisible();
  await expect(page.locator('[data-sync-state]')).toHaveAttribute('data-sync-state', 'offline');
});
