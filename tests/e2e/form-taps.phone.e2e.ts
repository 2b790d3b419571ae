import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { ContactPage } from './pages/contact-page';
import { ProviderRegistrationPage } from './pages/provider-registration-page';

/**
 * The shell's splash covers the page for 500 ms after its first render (spec: splash removal). A
 * reader taps what they see: a tap made at the checkbox's place while the splash is still over it
 * lands on the splash (the field loses its focus, the checkbox stays unticked: 1 run in CI).
 */
async function splashGone(page: Page) {
  await expect(page.locator('#splash')).toHaveCount(0);
}

/**
 * A field shows its error when it loses the focus. When the user leaves it by tapping the checkbox
 * below, that error line must not move the checkbox from under the finger: the tap, made where the
 * checkbox was, ticks it.
 */
async function tapWhereItWas(page: Page, field: Locator, checkbox: Locator) {
  await splashGone(page);
  await field.focus();
  await checkbox.scrollIntoViewIfNeeded();
  const box = (await checkbox.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  // The error did appear, and the tap still reached the checkbox.
  await expect(field).toHaveAccessibleDescription(/Ce champ est obligatoire/);
  await expect(checkbox).toBeChecked();
}

test('contact: leaving the empty message for the terms checkbox ticks it', async ({ page }) => {
  const contact = new ContactPage(page);
  await contact.open();
  await tapWhereItWas(
    page,
    contact.field('Message'),
    contact.form.getByRole('checkbox', { name: /J'accepte les conditions générales/ }),
  );
});

test('provider registration: leaving the empty IFSC code for the terms checkbox ticks it', async ({
  page,
}) => {
  const registration = new ProviderRegistrationPage(page);
  await registration.open('lawyer');
  await tapWhereItWas(
    page,
    registration.field('Code IFSC'),
    registration.form.getByRole('checkbox', { name: /J'accepte les conditions générales/ }),
  );
});

test('with a mouse too: a click where the checkbox was when the button went down ticks it', async ({
  page,
}) => {
  const contact = new ContactPage(page);
  await contact.open();
  const message = contact.field('Message');
  const terms = contact.form.getByRole('checkbox', { name: /J'accepte les conditions générales/ });
  await splashGone(page);
  await message.focus();
  await terms.scrollIntoViewIfNeeded();
  const box = (await terms.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(message).toHaveAccessibleDescription(/Ce champ est obligatoire/);
  await expect(terms).toBeChecked();
});
