/**
 * Mail templates, end to end in the console: an admin opens the French verification mail, sees
 * its built-in wording and preview, types an unknown variable (refused under the field, naming it,
 * what was typed kept), inserts `{{link}}` with its button, previews (the HTML in a sandboxed
 * frame) and saves; a change another admin made meanwhile is refused with an offer to reload,
 * keeping what was typed until then; the list shows the mail customised; the reset brings the
 * built-in wording back. The payout mail, one of the provider mails, opens in German with its
 * variables and a sample preview; the campaign layout in Spanish refuses a subject without the
 * campaign's own. Then the screens on a phone (390 px) and a desktop, French and
 * English, each checked for sideways overflow.
 */
import { expect, test } from '@playwright/test';
import type { MailTemplateView } from '../../src/domain/mail-templates';
import { adminApi, signInAdmin } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { shot } from './support/shots';

test.use({ locale: 'fr-FR' });

const SHOTS = '.tmp/shots-comms-templates';
const EDITOR = '/admin/comms/templates/verification/fr';
const API = '/api/admin/comms/templates/verification/fr';

test('an admin edits, previews, saves against a stale revision, and resets the French verification mail', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('sos-expat.language', 'fr'));
  await signInAdmin(page);
  await page.goto('/admin/comms/templates');
  const card = page.getByRole('listitem').filter({ hasText: 'Vérification de l’adresse e-mail' });
  await card.getByRole('link', { name: /français/i }).click();
  await expect(page).toHaveURL(EDITOR);

  const subject = page.getByLabel('Objet', { exact: true });
  const text = page.getByLabel('Texte de l’e-mail');
  await expect(subject).toHaveValue('Confirmez votre adresse e-mail – SOS Expat');
  await expect(text).toHaveValue(/\{\{link\}\}/);
  const preview = page.getByTestId('template-preview');
  await expect(preview.locator('iframe')).toHaveAttribute('sandbox', '');
  await expect(preview).toContainText('Confirmez votre adresse e-mail – SOS Expat');

  // An unknown variable and no link: refused field by field, the text kept.
  await subject.fill('Bienvenue {{prenom}}');
  await text.fill('Bonjour {{firstName}},\n\nConfirmez ici : ');
  await page.getByRole('button', { name: 'Enregistrer le modèle' }).click();
  await expect(page.getByText('Variable inconnue pour cet e-mail : {{prenom}}')).toBeVisible();
  await expect(page.getByText('Variable obligatoire absente : {{link}}')).toBeVisible();
  await expect(text).toHaveValue('Bonjour {{firstName}},\n\nConfirmez ici : ');

  // The link inserted with its button, at the caret (the end of the text).
  await subject.fill('Bienvenue {{firstName}}');
  await text.focus();
  await page.keyboard.press('Control+End');
  await page.getByRole('button', { name: /Le lien à usage unique/ }).click();
  await expect(text).toHaveValue('Bonjour {{firstName}},\n\nConfirmez ici : {{link}}');
  await preview.getByRole('button', { name: 'Prévisualiser' }).click();
  await expect(preview).toContainText('Bienvenue Camille');
  await preview.getByRole('button', { name: 'Texte brut' }).click();
  await expect(preview.locator('pre')).toContainText('/verify-email?token=exemple-de-jeton');
  await page.getByRole('button', { name: 'Enregistrer le modèle' }).click();
  await expect(page.getByText('Modèle enregistré. Les prochains e-mails l’utilisent.')).toBeVisible();

  // Another admin saves meanwhile: this save is refused, the typed text stays until the reload.
  const other = await adminApi(baseURL!);
  const read = (await (await other.get(API)).json()) as { template: MailTemplateView };
  const changed = await other.put(API, {
    data: { subject: 'Par un autre admin', text: 'Lien : {{link}}', rev: read.template.rev },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await text.fill('Ma version {{link}}');
  await page.getByRole('button', { name: 'Enregistrer le modèle' }).click();
  const stale = page.getByRole('alert').filter({ hasText: 'Un autre administrateur a modifié ce modèle' });
  await expect(stale).toBeVisible();
  await expect(text).toHaveValue('Ma version {{link}}');
  await stale.getByRole('button', { name: 'Recharger le modèle' }).click();
  await expect(subject).toHaveValue('Par un autre admin');

  await page.goto('/admin/comms/templates');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'Vérification de l’adresse e-mail' })
      .getByText('Personnalisé'),
  ).toBeVisible();

  await page.goto(EDITOR);
  await page.getByRole('button', { name: 'Revenir au texte intégré' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revenir au texte intégré' }).click();
  await expect(subject).toHaveValue('Confirmez votre adresse e-mail – SOS Expat');
  await expect(page.getByText('Le texte intégré est en vigueur', { exact: false })).toBeVisible();
  await other.dispose();
});

test('an admin opens the German payout mail: its variables, and a preview with a sample amount', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('sos-expat.language', 'fr'));
  await signInAdmin(page);
  await page.goto('/admin/comms/templates');
  const card = page.getByRole('listitem').filter({ hasText: 'Versement effectué' });
  await card.getByRole('link', { name: /allemand/i }).click();
  await expect(page).toHaveURL('/admin/comms/templates/payout_sent/de');
  await expect(page.getByLabel('Objet', { exact: true })).toHaveValue(
    'Auszahlung über {{amount}} veranlasst – SOS Expat',
  );
  await expect(page.getByRole('button', { name: /Le montant, avec sa devise/ })).toContainText('obligatoire');
  await expect(page.getByRole('button', { name: /Le lien vers ses gains et versements/ })).toBeVisible();
  const preview = page.getByTestId('template-preview');
  await preview.getByRole('button', { name: 'Prévisualiser' }).click();
  await expect(preview).toContainText(/Auszahlung über 249,90\s€ veranlasst – SOS Expat/);
});

test('an admin opens the Spanish campaign layout: the campaign’s own subject must stay in its subject', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('sos-expat.language', 'fr'));
  await signInAdmin(page);
  await page.goto('/admin/comms/templates');
  const card = page.getByRole('listitem').filter({ hasText: 'Mise en page des campagnes' });
  await card.getByRole('link', { name: /espagnol/i }).click();
  await expect(page).toHaveURL('/admin/comms/templates/campaign/es');
  const subject = page.getByLabel('Objet', { exact: true });
  await expect(subject).toHaveValue('{{campaignSubject}}');
  await expect(page.getByLabel('Texte de l’e-mail')).toHaveValue(
    /\{\{campaignText\}\}[^]*\{\{unsubscribeLink\}\}/,
  );
  await expect(page.getByRole('button', { name: /L’objet écrit pour la campagne/ })).toContainText(
    'obligatoire dans l’objet',
  );
  // The preview lays the layout around a sample campaign in Spanish.
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText('Novedad: abogados en Lisboa, las 24 horas');

  await subject.fill('Nuestras novedades');
  await page.getByRole('button', { name: 'Enregistrer le modèle' }).click();
  await expect(page.getByText('Variable obligatoire absente : {{campaignSubject}}')).toBeVisible();
  await expect(subject).toHaveValue('Nuestras novedades');
  await expect(page.getByText('Le texte intégré est en vigueur', { exact: false })).toBeVisible();
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the mail template screens (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    for (const [screen, path, ready] of [
      ['templates', '/admin/comms/templates', '[data-testid="template-kinds"]'],
      ['template', '/admin/comms/templates/provider_rejected/de', '[data-testid="template-preview"] iframe'],
      ['payout', '/admin/comms/templates/payout_sent/ru', '[data-testid="template-preview"] iframe'],
      ['campaign', '/admin/comms/templates/campaign/es', '[data-testid="template-preview"] iframe'],
    ] as const) {
      for (const [device, viewport] of [
        ['desktop', { width: 1280, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('status').filter({ hasText: /Chargement…|Loading…/ })).toHaveCount(0);
        await shot(page, { path: `${SHOTS}/${screen}-${device}-${language}.png`, fullPage: true });
        const overflow = await horizontalOverflow(page);
        expect(
          overflow,
          overflow && describeOverflow(`${screen} ${device} ${language}`, overflow),
        ).toBeUndefined();
      }
    }
  });
}
