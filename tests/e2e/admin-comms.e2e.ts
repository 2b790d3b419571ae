/**
 * Communications, end to end: an admin builds a segment in the console (a refused save says why at
 * each field and keeps what was typed; the live count follows the rules as they change; a change
 * another admin made meanwhile is refused and the segment reloaded), then sends a notification in
 * French and English to that segment while one of its clients is offline. The broadcast's page
 * follows the delivery to "complete" with every recipient sent; the offline client's page does not
 * have it until the connection returns, then shows it in English without a reload. A notification
 * scheduled for later, in the admin's own time zone, is listed as scheduled with its time, then
 * cancelled from its page. Then screenshots of both screens, phone (390 px) and desktop, French and
 * English, each checked for sideways overflow.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { BroadcastView, SegmentView } from '../../src/domain/comms';
import { adminApi, signInAdmin } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { newClient } from './support/paid-consultation';
import { shot } from './support/shots';

test.use({ locale: 'fr-FR' });

const SHOTS = '.tmp/shots-comms';
const unique = () => Date.now().toString(36).slice(-5);

const TEXTS = {
  fr: { title: 'Nouveaux horaires', body: 'Nos juristes répondent désormais de 7 h à 23 h.' },
  en: { title: 'New opening hours', body: 'Our lawyers now answer from 7 am to 11 pm.' },
};

/** The live count once it has answered for the rules on screen. */
async function settledCount(page: Page): Promise<number> {
  const card = page.locator('[data-segment-count]');
  await expect(card).toHaveAttribute('data-segment-count', 'ready', { timeout: 15_000 });
  const text = await page.getByTestId('segment-count').textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

async function segmentByName(admin: APIRequestContext, name: string): Promise<SegmentView> {
  const answer = await admin.get('/api/admin/comms/segments?limit=100');
  const { items } = (await answer.json()) as { items: SegmentView[] };
  const segment = items.find((item) => item.name === name);
  if (!segment) throw new Error(`No segment ${name}`);
  return segment;
}

/** The client's notifications tab, as they read it (in English). */
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });

test('a notification sent to a segment reaches an offline client in English once back online', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = unique();
  const name = `Clients anglophones ${suffix}`;
  const admin = await adminApi(baseURL!);

  // Two English clients (one of them on their own device) and a French one.
  const clientContext = await browser.newContext({ baseURL, locale: 'en-GB' });
  await clientContext.addInitScript(() => localStorage.setItem('sos-expat.language', 'en'));
  await newClient(clientContext.request, `Emma${suffix}`, 'en');
  for (const [firstName, spoken] of [
    [`Oliver${suffix}`, 'en'],
    [`Louise${suffix}`, 'fr'],
  ] as const) {
    const other = await browser.newContext({ baseURL });
    await newClient(other.request, firstName, spoken);
    await other.close();
  }

  // The client opens their notifications once: the app and their data are on the device.
  const client = await clientContext.newPage();
  await client.goto('/dashboard?tab=notifications');
  await expect(notifications(client)).toBeVisible({ timeout: 20_000 });
  await expect(client.locator('[data-sync-state="online"]')).toBeVisible({ timeout: 20_000 });
  await client.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

  // The admin starts a segment: a save without a name and with an empty date range is refused.
  await signInAdmin(page);
  await page.goto('/admin/comms/segments');
  await page.getByRole('link', { name: 'Nouveau segment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau segment' })).toBeVisible();
  const form = page.getByTestId('segment-form');
  await form.getByRole('checkbox', { name: 'Clients', exact: true }).check();
  await form.getByLabel('Inscrits à partir du').fill('2026-03-01');
  await form.getByLabel('Inscrits avant le').fill('2026-02-01');
  await expect(page.locator('[data-segment-count]')).toContainText('Corrigez les règles signalées');
  await form.getByRole('button', { name: 'Créer le segment' }).click();
  const nameField = form.getByLabel('Nom du segment');
  await expect(nameField).toBeFocused();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('#segment-name-error')).toHaveText('Ce champ est obligatoire.');
  const before = form.getByLabel('Inscrits avant le');
  await expect(before).toHaveAttribute('aria-describedby', /segment-rules-signedUpBefore-error/);
  await expect(form.locator('#segment-rules-signedUpBefore-error')).toContainText('après celle de début');
  await expect(form.getByRole('checkbox', { name: 'Clients', exact: true })).toBeChecked();
  await expect(before).toHaveValue('2026-02-01');

  // The live count follows the rules: all clients, then only the English ones.
  await before.fill('');
  await form.getByLabel('Inscrits à partir du').fill('');
  const allClients = await settledCount(page);
  await form.getByRole('checkbox', { name: 'Anglais', exact: true }).check();
  await expect(page.locator('[data-segment-count]')).toHaveAttribute('data-segment-count', 'updating');
  const english = await settledCount(page);
  expect(english).toBeGreaterThanOrEqual(2);
  expect(english).toBeLessThan(allClients);
  await expect(page.locator('[data-segment-count] li')).toHaveCount(Math.min(english, 5));
  await nameField.fill(name);
  await form.getByRole('button', { name: 'Créer le segment' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/comms\/segments\/[a-z0-9-]+$/);

  // Another admin renames it meanwhile: this admin's change is refused, then the segment reloaded.
  const saved = await segmentByName(admin, name);
  const renamed = `${name} (équipe)`;
  const change = await admin.put(`/api/admin/comms/segments/${saved.id}`, {
    data: { name: renamed, rules: saved.rules, rev: saved.rev },
  });
  expect(change.status(), await change.text()).toBe(200);
  await nameField.fill(`${name} modifié`);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const reload = page.getByRole('button', { name: 'Recharger le segment' });
  const stale = page.getByRole('alert').filter({ has: reload });
  await expect(stale).toContainText('Un autre administrateur a modifié ce segment');
  await expect(nameField).toHaveValue(`${name} modifié`);
  await reload.click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(nameField).toHaveValue(renamed);

  // The segment is listed with its rules in words.
  await page.goto('/admin/comms/segments');
  const row = page.locator('[data-admin-list="comms/segments"] tbody tr', { hasText: renamed });
  await expect(row).toContainText('Clients · langue : Anglais');

  // Offline, the app opened again from the device: no request of the last connection is still held
  // open (Chromium's offline mode lets one that started before finish, which a real network cut does not).
  await clientContext.setOffline(true);
  await client.reload();
  await expect(notifications(client)).toBeVisible({ timeout: 20_000 });
  await expect(client.locator('[data-sync-state="offline"]')).toBeVisible();

  // The client goes offline; the admin writes the notification in French and English and sends it.
  await page.goto('/admin/comms/notifications');
  await page.getByRole('link', { name: 'Nouvelle notification' }).click();
  const composer = page.getByTestId('notification-form');
  await composer.getByRole('button', { name: 'Envoyer la notification' }).click();
  await expect(composer.getByLabel('Segment', { exact: true })).toBeFocused();
  await expect(composer.locator('#notification-target-error')).toHaveText('Ce champ est obligatoire.');
  await composer.getByLabel('Segment', { exact: true }).selectOption({ label: renamed });
  await expect(composer.getByTestId('target-count')).toHaveText(`${english} utilisateurs aujourd’hui.`, {
    timeout: 15_000,
  });
  await composer.getByLabel('Titre (Français)').fill(TEXTS.fr.title);
  await composer.getByLabel('Message (Français)').fill(TEXTS.fr.body);
  await expect(composer.getByText(`${TEXTS.fr.title.length} / 120 caractères`)).toBeVisible();
  await composer.getByLabel('Titre (Anglais)').fill(TEXTS.en.title);
  await composer.getByLabel('Message (Anglais)').fill(TEXTS.en.body);
  await composer.getByRole('button', { name: 'Envoyer la notification' }).click();

  // Its page follows the delivery to the end: every recipient sent, none failed.
  await expect(page).toHaveURL(/\/admin\/comms\/notifications\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.fr.title })).toBeVisible();
  const progress = page.locator('[data-broadcast]');
  await expect(progress.locator('[data-broadcast-state]')).toHaveText('Terminé', { timeout: 30_000 });
  await expect(progress.locator('[data-figure="total"] dd')).toHaveText(String(english));
  await expect(progress.locator('[data-figure="sent"] dd')).toHaveText(String(english));
  await expect(progress.locator('[data-figure="failed"] dd')).toHaveText('0');
  await expect(progress.locator('[data-figure="queued"] dd')).toHaveText('0');
  const recipients = page.locator('[data-admin-list$="/recipients"]');
  await expect(recipients.locator('tbody tr')).toHaveCount(english);
  await expect(recipients.locator('tbody tr').first()).toContainText('Anglais');
  await page.getByLabel('État', { exact: true }).selectOption({ label: 'Échec' });
  await expect(recipients.locator('[data-admin-state="empty"]')).toBeVisible();
  await page.getByLabel('État', { exact: true }).selectOption({ label: 'Envoyée' });
  await expect(recipients.locator('tbody tr')).toHaveCount(english);

  // Listed first among the notifications sent, complete.
  await page.goto('/admin/comms/notifications');
  const first = page.locator('[data-admin-list="comms/notifications"] tbody tr').first();
  await expect(first).toContainText(TEXTS.fr.title);
  await expect(first).toContainText('Terminé');

  // The offline client does not have it; back online, it arrives in English, without a reload.
  const tab = notifications(client);
  await expect(tab.getByText(TEXTS.en.title)).toHaveCount(0);
  await expect(client.locator('[data-sync-state="offline"]')).toBeVisible();
  await clientContext.setOffline(false);
  // Chromium's emulated network cut leaves `navigator.onLine` true in a page loaded offline, so no
  // `online` event wakes the replication: it comes back at its next retry (backoff at most 60 s).
  await expect(tab.getByText(TEXTS.en.title)).toBeVisible({ timeout: 75_000 });
  await expect(tab.getByText(TEXTS.en.body)).toBeVisible();
  await expect(tab.getByText(TEXTS.fr.title)).toHaveCount(0);
  await clientContext.close();
  await admin.dispose();
});

test.describe('in Tokyo', () => {
  // The admin's time zone is not the server's: what they type is read in theirs (UTC+9, no DST).
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a notification scheduled for later is listed as scheduled, then cancelled', async ({
    page,
    baseURL,
  }) => {
    const admin = await adminApi(baseURL!);
    const name = `Germanophones ${unique()}`;
    const created = await admin.post('/api/admin/comms/segments', {
      data: { name, rules: { languages: ['de'] } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const title = `Maintenance ${unique()}`;
    // Tomorrow at 09:30 in Tokyo, as typed there, and the instant it is.
    const tokyoDay = new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const due = new Date(`${tokyoDay}T09:30:00+09:00`).toISOString();

    await signInAdmin(page);
    await page.goto('/admin/comms/notifications/new');
    const composer = page.getByTestId('notification-form');
    await composer.getByLabel('Segment', { exact: true }).selectOption({ label: name });
    await composer.getByLabel('Titre (Français)').fill(title);
    await composer.getByLabel('Message (Français)').fill('Le service sera interrompu une heure.');
    await composer.getByRole('checkbox', { name: 'Envoyer plus tard' }).check();
    const send = composer.getByRole('button', { name: 'Programmer la notification' });
    const when = composer.getByLabel('Date et heure d’envoi');
    await send.click();
    await expect(when).toBeFocused();
    await expect(composer.locator('#notification-scheduledAt-error')).toHaveText('Ce champ est obligatoire.');
    await when.fill('2020-01-01T09:30');
    await send.click();
    await expect(composer.locator('#notification-scheduledAt-error')).toHaveText(
      'Choisissez un moment dans le futur.',
    );
    await when.fill(`${tokyoDay}T09:30`);
    await shot(page, { path: `${SHOTS}/composer-scheduled-desktop-fr.png`, fullPage: true });
    await send.click();

    // Its page: scheduled, due at the instant typed in Tokyo, nothing sent.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const progress = page.locator('[data-broadcast]');
    await expect(progress.locator('[data-broadcast-state]')).toHaveText('Programmé');
    const id = (await progress.getAttribute('data-broadcast'))!;
    await expect(page).toHaveURL(new RegExp(`/admin/comms/notifications/${id}$`));
    await shot(page, { path: `${SHOTS}/broadcast-scheduled-desktop-fr.png`, fullPage: true });
    await expect(progress.locator('[data-fact="scheduledAt"] dd')).toContainText('09:30');
    await expect(progress.locator('[data-figure="sent"] dd')).toHaveText('0');
    const stored = await admin.get(`/api/admin/comms/notifications/${id}`);
    expect(((await stored.json()) as { broadcast: BroadcastView }).broadcast).toMatchObject({
      state: 'scheduled',
      scheduledAt: due,
    });

    // Listed first, scheduled, with when it is due.
    await page.goto('/admin/comms/notifications');
    const first = page.locator('[data-admin-list="comms/notifications"] tbody tr').first();
    await expect(first).toContainText(title);
    await expect(first.locator('[data-broadcast-state]')).toHaveText('Programmé');
    await expect(first.locator('[data-broadcast-due]')).toContainText('09:30');
    await shot(page, { path: `${SHOTS}/notifications-scheduled-desktop-fr.png`, fullPage: true });

    // Cancelled from its page, after a confirmation: it will never go out.
    await first.getByRole('link').first().click();
    await page.getByRole('button', { name: 'Annuler l’envoi' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Elle ne sera envoyée à personne.');
    await dialog.getByRole('button', { name: 'Annuler l’envoi' }).click();
    await expect(dialog).toBeHidden();
    await expect(progress.locator('[data-broadcast-state]')).toHaveText('Annulé');
    await expect(page.getByRole('button', { name: 'Annuler l’envoi' })).toHaveCount(0);
    await page.goto('/admin/comms/notifications');
    await expect(first.locator('[data-broadcast-state]')).toHaveText('Annulé');
    await admin.dispose();
  });
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the comms screens (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(baseURL!);
    const created = await admin.post('/api/admin/comms/segments', {
      data: {
        name: `Allemands inscrits en 2026 ${unique()}`,
        rules: {
          roles: ['client', 'lawyer'],
          languages: ['de'],
          signedUpAfter: '2026-01-01',
          hasBooked: false,
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { segment } = (await created.json()) as { segment: SegmentView };
    const sent = await admin.post('/api/admin/comms/notifications', {
      data: { target: { kind: 'segment', segmentId: segment.id }, texts: TEXTS },
    });
    expect(sent.status(), await sent.text()).toBe(202);
    const { broadcast } = (await sent.json()) as { broadcast: BroadcastView };
    await admin.dispose();
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    for (const [screen, path, ready] of [
      ['segments', '/admin/comms/segments', '[data-admin-list] tbody tr'],
      ['segment', `/admin/comms/segments/${segment.id}`, '[data-segment-count="ready"]'],
      ['notifications', '/admin/comms/notifications', '[data-admin-list] tbody tr'],
      ['composer', '/admin/comms/notifications/new', '[data-testid="notification-form"]'],
      ['broadcast', `/admin/comms/notifications/${broadcast.id}`, '[data-broadcast-state="complete"]'],
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
