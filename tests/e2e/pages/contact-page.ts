import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** What a person types in the contact form (French interface). */
export type ContactEntry = {
  firstName: string;
  lastName: string;
  email: string;
  /** A country's value in the calling-code list ("FR"), or a custom code typed after "Autre indicatif…". */
  dial: { country: string } | { custom: string };
  phoneNumber: string;
  originCountry: string;
  interventionCountry: string;
  /** Names as listed in French. */
  nationalities: string[];
  languages: string[];
  category: string;
  subject: string;
  message: string;
};

export function aContactEntry(overrides: Partial<ContactEntry> = {}): ContactEntry {
  return {
    firstName: 'Amélie',
    lastName: 'Durand',
    email: 'amelie.durand@example.com',
    dial: { country: 'TH' },
    phoneNumber: '81 234 5678',
    originCountry: 'FR',
    interventionCountry: 'TH',
    nationalities: ['France'],
    languages: ['Français', 'Anglais'],
    category: 'urgent',
    subject: 'Passeport volé à Bangkok',
    message: "On m'a volé mon passeport hier soir, que dois-je faire auprès de l'ambassade ?",
    ...overrides,
  };
}

/** The contact screen, as a person uses it. */
export class ContactPage {
  readonly form: Locator;
  readonly sendButton: Locator;
  readonly syncIndicator: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Votre message' });
    this.sendButton = page.getByRole('button', { name: 'Envoyer le message' });
    this.syncIndicator = page.locator('[data-sync-state]');
  }

  async open() {
    await this.page.goto('/contact');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  picker(legend: 'Nationalités' | 'Langues parlées'): Locator {
    return this.form.getByRole('group', { name: legend });
  }

  get terms(): Locator {
    return this.form.getByRole('checkbox', { name: /J'accepte les conditions générales/ });
  }

  async fill(entry: ContactEntry) {
    await this.field('Prénom').fill(entry.firstName);
    await this.field('Nom').fill(entry.lastName);
    await this.field('Adresse e-mail').fill(entry.email);
    if ('country' in entry.dial) await this.field('Indicatif pays').selectOption(entry.dial.country);
    else {
      await this.field('Indicatif pays').selectOption('custom');
      await this.field('Indicatif (commence par +)').fill(entry.dial.custom);
    }
    await this.field('Numéro de téléphone').fill(entry.phoneNumber);
    await this.field("Pays d'origine").selectOption(entry.originCountry);
    await this.field("Pays d'intervention").selectOption(entry.interventionCountry);
    for (const name of entry.nationalities) await this.choose('Nationalités', name);
    for (const name of entry.languages) await this.choose('Langues parlées', name);
    await this.field('Catégorie').selectOption(entry.category);
    await this.field('Objet').fill(entry.subject);
    await this.field('Message').fill(entry.message);
    await this.terms.check();
  }

  /** Narrows the list by typing, ticks the choice, and clears the search again. */
  async choose(legend: 'Nationalités' | 'Langues parlées', name: string) {
    const picker = this.picker(legend);
    await picker.getByRole('searchbox').fill(name);
    await picker.getByRole('checkbox', { name, exact: true }).check();
    await picker.getByRole('searchbox').fill('');
  }
}
