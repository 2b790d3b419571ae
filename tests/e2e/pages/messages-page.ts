import type { Locator, Page } from '@playwright/test';

/** Dashboard → Messages, as a person uses it (French interface). */
export class MessagesScreen {
  readonly conversations: Locator;
  readonly start: Locator;
  readonly thread: Locator;
  readonly items: Locator;
  readonly composer: Locator;
  readonly send: Locator;
  readonly demoNotice: Locator;

  constructor(readonly page: Page) {
    this.conversations = page.getByRole('navigation', { name: 'Conversations' });
    this.start = page.getByRole('form', { name: 'Écrire au sujet d’une consultation' });
    this.thread = page.locator('[data-order]');
    this.items = this.thread.getByRole('list').getByRole('listitem');
    this.composer = page.getByLabel('Votre message');
    this.send = page.getByRole('button', { name: 'Envoyer', exact: true });
    this.demoNotice = page.getByRole('region', { name: 'Expert de démonstration' });
  }

  async open() {
    await this.page.goto('/dashboard/messages');
  }

  /** Opens the thread of a consultation that has no message yet, from the list offered to write about. */
  async startAbout(partnerName: string) {
    const select = this.start.getByLabel('Consultation');
    const option = select.locator('option', { hasText: partnerName }).first();
    await select.selectOption({ value: (await option.getAttribute('value'))! });
    await this.start.getByRole('button', { name: 'Écrire' }).click();
  }

  async write(text: string) {
    await this.composer.fill(text);
    await this.send.click();
  }
}
