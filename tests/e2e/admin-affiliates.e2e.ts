/**
 * Affiliates, end to end: an admin creates an affiliate in the console (a code already taken is
 * refused at its field, what was typed stays) and copies its referral link; a new visitor follows
 * the link (the code leaves the address bar), signs up as a client through the form, books and pays
 * a lawyer call that completes; the admin sees the client among the affiliate's referrals, the
 * commission (its rate of the platform's commission on the call) on affiliates/commissions, runs
 * the payouts from affiliates/payouts and sees the affiliate paid, its balance back to 0. Then
 * screenshots of the three screens and the affiliate's page, phone (390 px) and desktop, French and
 * English, each checked for sideways overflow.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { affiliateCommission } from '../../src/domain/affiliates';
import type { AffiliateInput, AffiliateView } from '../../src/domain/affiliates';
import { splitCommission } from '../../src/domain/order';
import { formatMoney } from '../../src/ui/intl';
import { ClientRegistrationScreen, aClient } from './pages/account-pages';
import { adminApi, signInAdmin } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { bookAndPay } from './support/paid-consultation';
import { shot } from './support/shots';

test.use({ locale: 'fr-FR' });

const SHOTS = '.tmp/shots-affiliates';
const BALANCES = '[data-admin-list="payouts/balances"]';
const PAYOUTS = '[data-admin-list="payouts"]';
const COMMISSIONS = '[data-admin-list="affiliates/commissions"]';
/** The price `bookAndPay` pays: the default lawyer call, in cents. */
const LAWYER_CALL = 4900;

const unique = () => Date.now().toString(36).slice(-5).toUpperCase();
const euros = (amount: number) => formatMoney(amount, 'EUR', 'fr');

/** An affiliate made through the API (one to collide with, or one to photograph). */
async function anAffiliate(admin: APIRequestContext, code: string): Promise<AffiliateView> {
  const input: AffiliateInput = {
    name: `Partenaire ${code}`,
    email: `${code.toLowerCase()}@example.com`,
    code,
    rate: 0.1,
    active: true,
  };
  const answer = await admin.post('/api/admin/affiliates', { data: input });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { affiliate: AffiliateView }).affiliate;
}

/** The platform's commission rate now, as checkout applies it to the next order. */
async function platformCommission(admin: APIRequestContext): Promise<number> {
  const answer = await admin.get('/api/admin/settings');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { settings: { platformCommission: number } }).settings.platformCommission;
}

async function createInConsole(page: Page, taken: string, code: string, name: string) {
  await page.goto('/admin/affiliates');
  await page.getByRole('link', { name: 'Nouvel affilié' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvel affilié' })).toBeVisible();
  const form = page.getByTestId('affiliate-form');
  await form.getByLabel('Nom', { exact: true }).fill(name);
  await form.getByLabel('E-mail').fill('Agence.Voyages@Example.com');
  await form.getByLabel('Code de parrainage').fill(taken.toLowerCase());
  await form.getByLabel('Taux (en % de la commission)').fill('20');
  await form.getByLabel(/Compte Stripe connecté/).fill('acct_1E2eAffiliate');

  // A code another affiliate has: refused at the field, everything typed kept.
  await form.getByRole('button', { name: "Créer l'affilié" }).click();
  const codeField = form.getByLabel('Code de parrainage');
  await expect(form.getByText('Ce code est déjà pris par un autre affilié')).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveValue(taken);
  await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(name);
  await expect(form.getByLabel('Taux (en % de la commission)')).toHaveValue('20');
  await expect(form.getByLabel(/Compte Stripe connecté/)).toHaveValue('acct_1E2eAffiliate');

  await codeField.fill(code);
  await form.getByRole('button', { name: "Créer l'affilié" }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/affiliates/${code}$`));
}

test('an affiliate’s link brings a client whose paid call earns the affiliate a commission, paid out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = unique();
  const code = `VOYAGES-${suffix}`;
  const name = `Agence Voyages ${suffix}`;
  const admin = await adminApi(baseURL!);
  const taken = (await anAffiliate(admin, `TAKEN-${suffix}`)).code;
  const commissionRate = await platformCommission(admin);
  const expected = affiliateCommission(splitCommission(LAWYER_CALL, commissionRate).commission, 0.2);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAdmin(page);
  await createInConsole(page, taken, code, name);

  // The rate's example says what a lawyer call earns the affiliate; the link is copied whole.
  const form = page.getByTestId('affiliate-form');
  await expect(form.getByLabel('Code de parrainage')).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('E-mail')).toHaveValue('agence.voyages@example.com');
  await expect(page.locator('[data-commission-example]')).toHaveText(
    `Sur un appel avocat à ${euros(LAWYER_CALL)} : ${euros(expected)}.`,
  );
  const card = page.locator('[data-referral-link]');
  const link = (await card.locator('code').textContent())!;
  expect(new URL(link).search).toBe(`?ref=${code}`);
  await card.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(card.getByRole('status')).toHaveText('Lien copié.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.locator('[data-audit-trail]')).toContainText('Affilié créé');

  // A new visitor follows the link: the code is kept, the address no longer shows it.
  const visitorContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/?ref=${code.toLowerCase()}`);
  await expect.poll(() => new URL(visitor.url()).search).toBe('');
  const client = aClient({ firstName: `Zoé${suffix.slice(-3)}` });
  const registration = new ClientRegistrationScreen(visitor);
  await registration.open();
  await registration.register(client);
  await expect(visitor).toHaveURL(/\/dashboard$/);
  expect(await visitor.evaluate(() => localStorage.getItem('sos-expat.referral'))).toBeNull();
  const orderId = await bookAndPay(visitorContext.request, client.firstName);
  await visitorContext.close();

  // The commission is written when the simulated consultation completes (a few seconds).
  await expect
    .poll(
      async () => {
        const answer = await admin.get(`/api/admin/affiliates/commissions?affiliate=${code}`);
        const { items } = (await answer.json()) as { items: { orderId: string }[] };
        return items.some((item) => item.orderId === orderId);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await admin.dispose();

  // The affiliate's page lists the client it brought.
  await page.reload();
  const referrals = page.locator(`[data-admin-list="affiliates/${code}/referrals"]`);
  await expect(referrals.locator('tbody tr', { hasText: client.firstName })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Clients parrainés (1)' })).toBeVisible();
  await expect(page.locator('[data-affiliate-balance] [data-figure="balance"]')).toHaveText(euros(expected));

  // The commission, at its rate of the platform's commission on the call, with its order.
  await page.goto('/admin/affiliates/commissions');
  await page.getByLabel('Affilié', { exact: true }).selectOption(code);
  await expect(page).toHaveURL(new RegExp(`[?&]affiliate=${code}`));
  const row = page.locator(`${COMMISSIONS} tbody tr`, { hasText: orderId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Commission gagnée');
  await expect(row.locator('[data-commission-amount]')).toHaveText(`+${euros(expected)}`);
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/admin/affiliates/${code}`);
  await expect(row.getByRole('link', { name: orderId })).toHaveAttribute(
    'href',
    `/admin/finance/payments/${orderId}`,
  );

  // Payouts: the affiliate's balance, paid out by "run payouts now", back to 0.
  await page.goto('/admin/affiliates/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Versements aux affiliés' })).toBeVisible();
  const balance = page.locator(`${BALANCES} tbody tr`, { hasText: name });
  await expect(balance).toHaveCount(1);
  await expect(balance).toContainText('Affilié');
  await expect(balance.locator('[data-balance]')).toHaveText(euros(expected));
  await expect(balance.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
    'href',
    `/admin/affiliates/${code}`,
  );
  await page.getByRole('button', { name: 'Lancer les versements maintenant' }).click();
  const confirm = page.getByRole('dialog', { name: 'Lancer les versements maintenant ?' });
  await confirm.getByRole('button', { name: 'Verser maintenant' }).click();
  await expect(confirm).toBeHidden({ timeout: 30_000 });
  await expect(page.locator('[data-payout-run-done]')).toContainText('Versements effectués');
  await expect(balance.locator('[data-balance]')).toHaveText(euros(0));
  const payout = page.locator(`${PAYOUTS} tbody tr`, { hasText: name });
  await expect(payout).toHaveCount(1);
  await expect(payout.locator('[data-payout-state="paid"]')).toHaveText('Versé');
  await expect(payout).toContainText(euros(expected));

  // The providers' payouts screen names the affiliate's payout as an affiliate's.
  await page.goto(`/admin/finance/payouts?provider=affiliate:${code}`);
  const listed = page.locator(`${PAYOUTS} tbody tr`, { hasText: name });
  await expect(listed).toContainText('Affilié');
  await expect(listed.getByRole('link', { name })).toHaveAttribute('href', `/admin/affiliates/${code}`);

  // The affiliate's page with money and a client, as an admin sees it on a phone and a desktop.
  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/affiliates/${code}`);
    await expect(page.locator('[data-affiliate-balance] [data-figure="paidOut"]')).toHaveText(
      euros(expected),
    );
    await expect(referrals.locator('tbody tr')).toHaveCount(1);
    await shot(page, { path: `${SHOTS}/affiliate-paid-${device}-fr.png`, fullPage: true });
    const overflow = await horizontalOverflow(page);
    expect(overflow, overflow && describeOverflow(`affiliate ${device}`, overflow)).toBeUndefined();
  }
});

test('an affiliate whose code spells a screen’s path opens its own page', async ({ page, baseURL }) => {
  const admin = await adminApi(baseURL!);
  const input: AffiliateInput = {
    name: 'Agence New',
    email: 'new@example.com',
    code: 'NEW',
    rate: 0.1,
    active: true,
  };
  const answer = await admin.post('/api/admin/affiliates', { data: input });
  expect([201, 409]).toContain(answer.status());
  await admin.dispose();
  await signInAdmin(page);
  await page.goto('/admin/affiliates/NEW');
  await expect(page.getByRole('heading', { level: 1, name: 'Agence New' })).toBeVisible();
  await page.goto('/admin/affiliates/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvel affilié' })).toBeVisible();
});

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the affiliate screens (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(baseURL!);
    const affiliate = await anAffiliate(admin, `SHOTS-${language.toUpperCase()}-${unique()}`);
    await admin.dispose();
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    for (const [screen, path, ready] of [
      ['list', '/admin/affiliates', 'table tbody tr'],
      ['new', '/admin/affiliates/new', '[data-testid="affiliate-form"]'],
      ['affiliate', `/admin/affiliates/${affiliate.id}`, '[data-affiliate-balance]'],
      [
        'commissions',
        '/admin/affiliates/commissions',
        `${COMMISSIONS} [data-admin-state], ${COMMISSIONS} tbody tr`,
      ],
      [
        'payouts',
        '/admin/affiliates/payouts',
        `${BALANCES} tbody tr, ${BALANCES} [data-admin-state="empty"]`,
      ],
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
