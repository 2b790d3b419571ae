import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The expert directory, as a person uses it. */
export class ProvidersPage {
  readonly cards: Locator;
  readonly heading: Locator;
  readonly syncIndicator: Locator;

  constructor(readonly page: Page) {
    this.cards = page.locator('article[data-provider-id]');
    this.heading = page.getByRole('heading', { level: 1 });
    this.syncIndicator = page.locator('[data-sync-state]');
  }

  async open(query = '') {
    await this.page.goto(`/providers${query}`);
    await expect(this.cards.first()).toBeVisible();
  }

  async waitForServiceWorkerControl() {
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
  }

  filter(label: string | RegExp): Locator {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  async chooseInterfaceLanguage(code: string) {
    await this.page.locator('header').getByRole('combobox').selectOption(code);
  }

  async cardTexts(): Promise<string[]> {
    return this.cards.allInnerTexts();
  }
}
