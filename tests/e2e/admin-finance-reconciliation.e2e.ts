/**
 * The reconciliation screen of the admin console (finance/reconciliation) in Chromium: after a
 * consultation booked, paid and captured during the test (demo mode: the simulated gateway), the
 * admin opens the screen, which compares today by default and says there is no mismatch; the range
 * is kept in the URL. Then screenshots, phone (390 px) and desktop, in French and English, each
 * checked for sideways overflow; the mismatch table is shown once with an answer stood in for the
 * service's (screenshot only: what finds mismatches is tested in the integration tests).
 */
import { expect, test } from '@playwright/test';
import type { ReconciliationAnswer } from '../../src/domain/reconciliation';
import { adminApi } from './support/admin';
import { describeOverflow, horizontalOverflow } from './support/overflow';
import { bookAndPay, newClient, signInAdmin } from './support/paid-consultation';
import { shot } from './support/shots';

const SHOTS = '.tmp/shots-hrec';

test.describe.configure({ mode: 'serial' });

test('after a paid consultation, the reconciliation of today shows no mismatch', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const firstName = `Rita${Date.now().toString(36).slice(-4)}`;
  const client = await playwright.request.newContext({ baseURL });
  await newClient(client, firstName);
  const orderId = await bookAndPay(client, firstName);
  await client.dispose();
  const api = await adminApi(baseURL!);
  // The capture comes when the simulated call connects.
  await expect
    .poll(
      async () => {
        const answer = await api.get(`/api/admin/ledger?order=${orderId}`);
        const body = (await answer.json()) as { items: { kind: string }[] };
        return body.items.map((line) => line.kind).join(' ');
      },
      { timeout: 30_000 },
    )
    .toContain('provider_share');
  await api.dispose();

  await signInAdmin(page);
  await page.goto('/admin/finance/reconciliation');
  await expect(page.getByRole('heading', { level: 1, name: 'Rapprochement' })).toBeVisible({
    timeout: 30_000,
  });
  // Today by default, written into the URL.
  await expect(page).toHaveURL(/from=.*&to=/);
  await expect(page.locator('[data-reconciliation="clean"]')).toContainText('Aucun écart', {
    timeout: 30_000,
  });
  const summary = page.locator('[data-reconciliation-summary]');
  await expect(summary).toContainText('Passerelle : simulée (démo)');
  await expect(summary).not.toContainText('Paiements comparés : 0');
  // The URL alone reopens the same comparison.
  await page.reload();
  await expect(page.locator('[data-reconciliation="clean"]')).toBeVisible({ timeout: 30_000 });
});

/** An answer with one mismatch of each kind, for the table's screenshots. */
function withMismatches(from: string, to: string): ReconciliationAnswer {
  return {
    gateway: 'simulated',
    from,
    to,
    checked: { payments: 12, transfers: 2 },
    partial: false,
    mismatches: [
      {
        type: 'missing_in_ledger',
        subject: 'payment',
        key: 'pi_sim_4b1c2d3e4f5a6b7c8d9e0f1a',
        orderId: 'ord_7f3a9c2e1b',
        gateway: {
          ids: ['pi_sim_4b1c2d3e4f5a6b7c8d9e0f1a'],
          state: 'succeeded',
          amount: 4900,
          currency: 'EUR',
        },
        ours: { ids: ['ord_7f3a9c2e1b:authorisation'], state: 'captured', currency: 'EUR' },
        link: '/admin/finance/payments/ord_7f3a9c2e1b',
      },
      {
        type: 'amount_differs',
        subject: 'refund',
        key: 'pi_sim_9a8b7c6d5e4f3a2b1c0d9e8f',
        orderId: 'ord_1c2d3e4f5a',
        ours: { ids: ['ord_1c2d3e4f5a:refund:re_sim_1'], state: 'captured', amount: 2500, currency: 'EUR' },
        gateway: { ids: ['re_sim_1'], state: 'succeeded', amount: 2000, currency: 'EUR' },
        link: '/admin/finance/payments/ord_1c2d3e4f5a',
      },
      {
        type: 'state_differs',
        subject: 'transfer',
        key: 'payout:2026-11-24:EUR:lawyer-42',
        payoutId: 'payout:2026-11-24:EUR:lawyer-42',
        ours: {
          ids: ['payout:2026-11-24:EUR:lawyer-42:payout'],
          state: 'paid',
          amount: 4165,
          currency: 'EUR',
        },
        gateway: { ids: ['tr_sim_0a1b2c3d'], state: 'reversed', amount: 4165, currency: 'EUR' },
        link: '/admin/finance/payouts?day=2026-11-24&provider=lawyer-42',
      },
    ],
  };
}

for (const language of ['fr', 'en'] as const) {
  test(`screenshots of the reconciliation (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lng) => localStorage.setItem('sos-expat.language', lng), language);
    await signInAdmin(page);
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/finance/reconciliation');
      await expect(page.locator('[data-reconciliation="clean"]')).toBeVisible({ timeout: 30_000 });
      await shot(page, { path: `${SHOTS}/clean-${device}-${language}.png`, fullPage: true });
      const overflow = await horizontalOverflow(page);
      expect(overflow, overflow && describeOverflow(`clean ${device} ${language}`, overflow)).toBeUndefined();
    }
    // The table of mismatches, from a stood-in answer (see the header).
    await page.route('**/api/admin/reconciliation?*', (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        json: withMismatches(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''),
      });
    });
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/finance/reconciliation');
      await expect(page.locator('tr[data-mismatch]')).toHaveCount(3, { timeout: 30_000 });
      await shot(page, { path: `${SHOTS}/mismatches-${device}-${language}.png`, fullPage: true });
      const overflow = await horizontalOverflow(page);
      expect(
        overflow,
        overflow && describeOverflow(`mismatches ${device} ${language}`, overflow),
      ).toBeUndefined();
    }
  });
}
