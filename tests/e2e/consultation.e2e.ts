import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import { bookAndPay } from './pages/consultation-flow';
import { seriousViolations } from './support/axe';

// A French browser: the checkout starts in euros.
test.use({ locale: 'fr-FR' });
// Demo telephony at test speed (playwright.config.ts): a whole consultation takes seconds.
test.setTimeout(120_000);

test('a client books a lawyer, pays, follows the call to the end, then downloads the invoice offline', async ({
  page,
  context,
}) => {
  const { expertName } = await bookAndPay(page);
  const headline = page.getByRole('heading', { level: 1 });

  // The live states, as the call document replicates: contacted, ringing or connecting, in progress, completed.
  await expect(headline).toHaveText(
    /Paiement confirmé — l'expert est contacté|Votre téléphone sonne|Mise en relation/,
  );
  await expect(headline).toHaveText('Appel en cours', { timeout: 30_000 });
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(headline).toHaveText('Consultation terminée', { timeout: 30_000 });
  const download = page.getByRole('button', { name: /Télécharger le PDF de la facture SOS-\d{4}-\d{6}/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const number = (await download.getAttribute('aria-label'))!.match(/SOS-\d{4}-\d{6}/)![0];
  expect(await seriousViolations(page), 'payment success').toEqual([]);

  // No connection: the page comes back from the device, and the PDF is made on the device.
  await context.setOffline(true);
  await page.reload();
  await expect(headline).toHaveText('Consultation terminée');
  await expect(page.getByText(/Vous êtes hors ligne/)).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const { text } = await pdfText(await readFile((await file.path())!));
  expect(text).toContain(number);
  expect(text).toMatch(/49,00 €/);
  expect(text).toContain('Durand');
  expect(text).toContain(expertName);
  // The demo's seller says it is fictitious; the expert is named with the profession listed.
  expect(text).toContain('SOS Expat Démo (société fictive)');
  expect(text).toMatch(/ · (Avocat|Notaire|Conseiller fiscal)\n/);

  // The same invoice is in the client's space, offline too.
  await page.goto('/dashboard?tab=invoices');
  await expect(page.getByRole('heading', { name: 'Factures' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(number);
});

test('when the expert never answers, three attempts end in the automatic refund and another expert is offered', async ({
  page,
}) => {
  await bookAndPay(page, "L'expert ne répond jamais");
  const headline = page.getByRole('heading', { level: 1 });
  await expect(headline).toHaveText("La consultation n'a pas pu avoir lieu", { timeout: 45_000 });
  await expect(page.getByText("L'expert n'a pas répondu après 3 tentatives.")).toBeVisible();
  await expect(
    page.getByText(/Votre carte n'a pas été débitée|Votre carte ne sera pas débitée/),
  ).toBeVisible();
  await expect(
    page.getByText("Votre carte n'a pas été débitée : l'empreinte bancaire a été levée."),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: 'Choisir un autre expert' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Voir les experts disponibles pour un appel avocat' }),
  ).toHaveAttribute('href', /\/providers\?type=lawyer/);
});
