import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** What a lawyer types in the registration form (French interface). */
export type LawyerEntry = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** A country's code in the calling-code list, and a national number of it. */
  phone: { country: string; number: string };
  whatsapp: { country: string; number: string };
  residenceCountry: string;
  presenceCountry: string;
  /** Names as listed in French. */
  practiceCountries: string[];
  languages: string[];
  specialties: string[];
  education: { title: string; institution: string; year: string };
  bio: string;
  dateOfBirth: string;
  address: string;
  idNumber: string;
  bankAccountNumber: string;
  ifsc: string;
};

export function aLawyerEntry(overrides: Partial<LawyerEntry> = {}): LawyerEntry {
  return {
    firstName: 'Camille',
    lastName: 'Moreau',
    email: `camille.moreau+${Date.now()}@example.com`,
    password: 'Avocat-Bangkok-2025',
    phone: { country: 'FR', number: '6 12 34 56 78' },
    whatsapp: { country: 'FR', number: '6 98 76 54 32' },
    residenceCountry: 'TH',
    presenceCountry: 'TH',
    practiceCountries: ['France', 'Thaïlande'],
    languages: ['Français', 'Anglais'],
    specialties: ['Droit des étrangers', 'Divorce international'],
    education: {
      title: 'Master 2 Droit international privé',
      institution: 'Université Paris 1',
      year: '2009',
    },
    bio: "Avocate au barreau de Paris installée à Bangkok, j'accompagne les expatriés francophones : visas, divorce, litiges avec un employeur ou un propriétaire.",
    dateOfBirth: '1984-03-17',
    address: '12 Sukhumvit Soi 11, Bangkok 10110, Thaïlande',
    idNumber: 'ABCDE1234F',
    bankAccountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    ...overrides,
  };
}

/** A small picture drawn by the browser itself: a PNG of the given size. */
export async function aPngPhoto(page: Page, width = 640, height = 480): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0b3d91';
      context.fillRect(0, 0, w!, h!);
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(w! / 2, h! / 2.4, h! / 5, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The smallest PDF a scanner would produce: enough for the service to recognise one. */
export const A_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The lawyer (or expat) registration screen, as a person uses it. */
export class ProviderRegistrationPage {
  readonly form: Locator;
  readonly checklist: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Votre inscription' });
    this.checklist = page.getByRole('region', { name: 'Votre progression' });
    this.preview = page.getByRole('article', { name: 'Aperçu de votre fiche' });
  }

  async open(role: 'lawyer' | 'expat') {
    await this.page.goto(`/register/${role}`);
    const title = role === 'lawyer' ? 'Inscription avocat' : 'Inscription expatrié aidant';
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  group(legend: string): Locator {
    return this.form.getByRole('group', { name: legend, exact: true });
  }

  async phone(legend: 'Téléphone' | 'WhatsApp', value: { country: string; number: string }) {
    const group = this.group(legend);
    await group.getByLabel("Pays de l'indicatif").selectOption(value.country);
    await group.getByLabel('Numéro', { exact: true }).fill(value.number);
  }

  /** Narrows a long list by typing, ticks the choice, and clears the search again. */
  async choose(legend: string, name: string) {
    const group = this.group(legend);
    const search = group.getByRole('searchbox');
    if (await search.count()) await search.fill(name);
    await group.getByRole('checkbox', { name, exact: true }).check();
    if (await search.count()) await search.fill('');
  }

  /** Registers a lawyer with a photo and an identity document: signed in, waiting for approval. */
  async registerLawyer(entry = aLawyerEntry()): Promise<LawyerEntry> {
    await this.open('lawyer');
    await this.fillLawyer(entry);
    await this.uploadPhoto({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: await aPngPhoto(this.page),
    });
    await this.uploadIdDocument({ name: 'passeport.pdf', mimeType: 'application/pdf', buffer: A_PDF });
    await this.submitButton.click();
    await expect(this.page.getByRole('heading', { level: 2, name: 'Votre compte est créé' })).toBeVisible();
    return entry;
  }

  async uploadPhoto(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.form.locator('#register-profilePhoto').setInputFiles(file);
    await expect(this.form.getByText('Photo enregistrée.')).toBeVisible();
  }

  async uploadIdDocument(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.form.locator('#register-idDocument').setInputFiles(file);
    await expect(this.form.getByText(`Document reçu : ${file.name}`)).toBeVisible();
  }

  async fillLawyer(entry: LawyerEntry) {
    await this.field('Prénom').fill(entry.firstName);
    await this.field('Nom').fill(entry.lastName);
    await this.field('Adresse e-mail').fill(entry.email);
    await this.field('Mot de passe').fill(entry.password);
    await this.phone('Téléphone', entry.phone);
    await this.phone('WhatsApp', entry.whatsapp);
    await this.field('Pays de résidence').selectOption(entry.residenceCountry);
    await this.field('Pays où vous êtes actuellement').selectOption(entry.presenceCountry);
    for (const name of entry.practiceCountries) await this.choose("Pays d'exercice", name);
    for (const name of entry.languages) await this.choose('Langues parlées', name);
    for (const name of entry.specialties) await this.choose('Spécialités', name);
    await this.field('Intitulé du diplôme').fill(entry.education.title);
    await this.field('Établissement').fill(entry.education.institution);
    await this.field('Année').fill(entry.education.year);
    await this.field('Présentation').fill(entry.bio);
    await this.field('Date de naissance').fill(entry.dateOfBirth);
    await this.field("Numéro PAN ou de pièce d'identité").fill(entry.idNumber);
    await this.field('Adresse postale').fill(entry.address);
    await this.field('Numéro de compte bancaire').fill(entry.bankAccountNumber);
    await this.field('Code IFSC').fill(entry.ifsc);
    await this.form.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
  }

  get submitButton(): Locator {
    return this.form.getByRole('button', { name: /^Créer mon compte/ });
  }
}
