import { expect, test } from '@playwright/test';
import { A_PDF, ProviderRegistrationPage, aLawyerEntry, aPngPhoto } from './pages/provider-registration-page';

test('a lawyer registers with a photo and sees the pending-approval state', async ({ page }) => {
  const registration = new ProviderRegistrationPage(page);
  await registration.open('lawyer');
  await expect(registration.checklist).toContainText('0 sur 12 parties complètes');

  const entry = aLawyerEntry();
  await registration.fillLawyer(entry);
  const uploaded = (kind: string) =>
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().includes('/api/auth/photo') &&
        (new URL(response.url()).searchParams.get('kind') ?? 'photo') === kind,
    );
  const photoAnswer = uploaded('photo');
  await registration.uploadPhoto({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: await aPngPhoto(page, 1600, 1200),
  });
  const documentAnswer = uploaded('id_document');
  await registration.uploadIdDocument({ name: 'passeport.pdf', mimeType: 'application/pdf', buffer: A_PDF });

  // The photo left the browser as a JPEG of at most 400 px (desktop); the document as it was.
  const photo = await photoAnswer;
  expect(photo.status()).toBe(201);
  expect(photo.request().headers()['content-type']).toBe('image/jpeg');
  const idDocument = await documentAnswer;
  expect(idDocument.status()).toBe(201);
  expect(idDocument.request().headers()['content-type']).toBe('application/pdf');
  const { url } = (await photo.json()) as { url: string };
  const stored = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, url);
  expect(stored).toEqual({ width: 400, height: 300 });

  // The preview and the checklist follow what was typed.
  await expect(registration.preview).toContainText(`${entry.firstName} ${entry.lastName}`);
  await expect(registration.preview).toContainText('Droit des étrangers');
  await expect(registration.preview.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(registration.checklist).toContainText('12 sur 12 parties complètes');

  await registration.submitButton.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Votre compte est créé' })).toBeVisible();
  await expect(page.getByText('notre équipe le vérifie sous 24 heures')).toBeVisible();
  await expect(page.getByText(`Un e-mail de confirmation a été envoyé à ${entry.email}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Aller à mon tableau de bord' })).toHaveAttribute(
    'href',
    '/dashboard',
  );

  // Signed in: a reload still shows the account waiting for approval, not an empty form.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Votre compte est créé' })).toBeVisible();
});

test('a refused send keeps what was typed and says what to fix', async ({ page }) => {
  const registration = new ProviderRegistrationPage(page);
  await registration.open('lawyer');
  await registration.submitButton.click();
  await expect(registration.field('Prénom')).toBeFocused();
  await expect(registration.form.getByText('Ce champ est obligatoire.').first()).toBeVisible();

  const entry = aLawyerEntry();
  await registration.fillLawyer(entry);
  await registration.uploadPhoto({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: await aPngPhoto(page),
  });
  await registration.uploadIdDocument({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: A_PDF });
  await page.route('**/api/auth/register', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'email_in_use_password', message: 'Email already used.' } }),
    }),
  );
  await registration.submitButton.click();
  await expect(registration.form.getByRole('alert')).toBeVisible();
  await expect(registration.field('Adresse e-mail')).toBeFocused();
  await expect(registration.field('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(registration.field('Prénom')).toHaveValue(entry.firstName);
  await expect(registration.field('Présentation')).toHaveValue(entry.bio);
  await expect(registration.field('Mot de passe')).toHaveValue(entry.password);

  // The draft of the tab survives a reload, without the password or the files.
  await page.reload();
  await expect(registration.field('Prénom')).toHaveValue(entry.firstName);
  await expect(registration.field('Code IFSC')).toHaveValue(entry.ifsc);
  await expect(registration.field('Mot de passe')).toHaveValue('');
  await expect(
    registration.group('Spécialités').getByRole('checkbox', { name: 'Droit des étrangers' }),
  ).toBeChecked();
});
