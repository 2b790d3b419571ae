import { expect, test } from '@playwright/test';
import { PROVIDERS_PAGE_SIZE } from '../../src/domain/constants';
import { ProvidersPage } from './pages/providers-page';

/** The professions the demo directory lists, as cards show them in French. */
const PROFESSIONS = [
  'Avocat',
  'Notaire',
  'Conseiller fiscal',
  'Expatrié aidant',
  'Expert-comptable',
  'Conseiller immobilier',
  'Traducteur',
  'Consultant RH',
  'Conseiller financier',
  'Courtier en assurances',
];

/** The type filter is the call an expert takes (its price and length), not the profession on the card. */
test('the type filter picks the call, and each card keeps the profession the expert is listed as', async ({
  page,
}) => {
  const directory = new ProvidersPage(page);
  await directory.open();
  const types = page.getByRole('radiogroup', { name: "Type d'appel" });
  await types.getByRole('radio', { name: 'Appel avocat' }).click();
  await expect(page).toHaveURL(/\/providers\?type=lawyer$/);
  await expect(types.getByRole('radio', { name: 'Appel avocat' })).toHaveAttribute('aria-checked', 'true');

  const count = page.locator('[data-listing-count]');
  await expect(count).toHaveAttribute('data-listing-count', 'type=lawyer');
  // On a first visit the page came from the server: the count follows once the directory is local.
  await expect(count).toHaveText(/\d/, { timeout: 30_000 });
  const total = Number((await count.innerText()).replace(/\D/g, ''));
  const seen = new Set<string>();
  for (let number = 1; number <= Math.ceil(total / PROVIDERS_PAGE_SIZE); number++) {
    await directory.open(`?type=lawyer${number > 1 ? `&page=${number}` : ''}`);
    for (const text of await directory.cardTexts()) {
      const lines = text.split('\n').map((line) => line.trim());
      const listed = PROFESSIONS.filter((profession) => lines.includes(profession));
      expect(listed, text).toHaveLength(1);
      seen.add(listed[0]!);
    }
  }
  // Lawyers, notaries and tax consultants take lawyer calls, each shown as what they are.
  expect([...seen].sort()).toEqual(['Avocat', 'Conseiller fiscal', 'Notaire']);

  await directory.chooseInterfaceLanguage('en');
  const english = page.getByRole('radiogroup', { name: 'Type of call' });
  await expect(english.getByRole('radio', { name: 'Lawyer call' })).toHaveAttribute('aria-checked', 'true');
  await expect(english.getByRole('radio', { name: 'Expat call' })).toHaveAttribute('aria-checked', 'false');
});
