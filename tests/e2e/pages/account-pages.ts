import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** A client as a person registers one (French interface); the address is new on every call. */
export function aClient(overrides: Partial<{ firstName: string; email: string; password: string }> = {}) {
  const unique = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return {
    firstName: 'Amélie',
    email: `amelie.${unique}@example.com`,
    password: 'Lisbonne-2025!',
    ...overrides,
  };
}

/** `/login`, as a person uses it. */
export class LoginScreen {
  readonly form: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.form = page.locator('main form');
    this.email = page.getByLabel('Adresse email');
    this.password = page.getByLabel('Mot de passe', { exact: true });
    this.submit = page.getByRole('button', { name: 'Se connecter' });
    this.error = page.getByTestId('login-error');
  }

  async open(query = '') {
    await this.page.goto(`/login${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** `/register/client`, as a person fills it in. */
export class ClientRegistrationScreen {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/register');
    await this.page.getByRole('link', { name: 'Client', exact: true }).click();
    await expect(this.page).toHaveURL(/\/register\/client$/);
  }

  async register(client: ReturnType<typeof aClient>) {
    const page = this.page;
    await page.getByLabel('Prénom').fill(client.firstName);
    await page.getByLabel('Adresse email').fill(client.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(client.password);
    await page
      .getByRole('group', { name: 'Langues parlées' })
      .getByRole('checkbox', { name: 'Français' })
      .check();
    await page.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
    await expect(page.getByText('5 sur 5 étapes terminées')).toBeVisible();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
  }
}

/** A new client, registered through the form and signed in, on their dashboard. */
export async function signUpClient(page: Page, client = aClient()) {
  const registration = new ClientRegistrationScreen(page);
  await registration.open();
  await registration.register(client);
  await expect(page).toHaveURL(/\/dashboard$/);
  return client;
}

/** Follows the newest link of a kind (`verify-email`, `password-reset`) sent to an address, from the demo mailbox. */
export async function followMailLink(page: Page, email: string, kind: 'verify-email' | 'password-reset') {
  await page.goto('/mailbox');
  const mail = page.locator('li', { hasText: email }).first();
  await expect(mail).toBeVisible();
  const href = await mail.locator(`a[href*="/${kind}?token="]`).first().getAttribute('href');
  const link = new URL(href!, page.url());
  await page.goto(`${link.pathname}${link.search}`);
}

/** The header's account menu of a signed-in user. */
export function accountMenu(page: Page, firstName: string) {
  return page.getByRole('banner').getByRole('button', { name: `Compte de ${firstName}` });
}
