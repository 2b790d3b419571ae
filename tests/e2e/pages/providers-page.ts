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
    try {
      await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 30_000,
      });
    } catch (error) {
      // Says how far the worker got: none registered, or stuck installing, waiting or activating.
      const state = await this.page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return JSON.stringify({
          installing: registration?.installing?.state ?? null,
          waiting: registration?.waiting?.state ?? null,
          active: registration?.active?.state ?? null,
          registered: registration !== undefined,
        });
      });
      throw new Error(`No service worker controls ${this.page.url()}: ${state}`, { cause: error });
    }
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
