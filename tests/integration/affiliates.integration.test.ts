/**
 * Affiliates on the real service in demo mode (issue 14: affiliates, commissions, payouts): admins
 * only; an affiliate is created with a referral code that no other can take, edited with one audit
 * entry per change; a client who signs up through its link is referred (an unknown code, an inactive
 * affiliate or its own address are not); each consultation the client pays earns the affiliate its
 * rate of the platform's commission, taken back in proportion by a refund and by a lost dispute; the
 * payout run pays the affiliate's balance once, with the providers', listed apart and in the bank
 * export; the ledger balances after each step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../support/settled';
import { affiliateCommission, recoveredCommission } from '../../src/domain/affiliates';
import type { AffiliateCommissionRow, AffiliateView, ReferralView } from '../../src/domain/affiliates';
import type { DisputeRow } from '../../src/domain/disputes';
import { splitCommission } from '../../src/domain/order';
import type { PayoutRunSummary, PayoutView, ProviderBalanceView } from '../../src/domain/payouts';
import type { LedgerEntry } from '../../server/services/consultation/ledger';
import { SESSION_COOKIE } from '../../server/services/sessions';
import type { StoredOrder } from '../../server/services/consultation/types';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { completedConsultation, FAST_CALL_ENV } from '../support/completed-consultation';
import { csvObjects } from '../support/csv';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { BROWSER_HEADERS, browserCall } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let lawyer: ProviderDoc;

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: () => FAST_CALL_ENV });
  users = await mintRoles(server.store, 'affiliates');
  lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
});
afterAll(async () => {
  try {
    if (server) await expectLedgerBalanced(server.store);
  } finally {
    await server?.close();
  }
});

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

const codeOf = (answer: { status: number; json: unknown }) => [
  answer.status,
  (answer.json as { error?: { code?: string } }).error?.code,
];
const fieldsOf = (answer: { json: unknown }) =>
  (answer.json as { error?: { fields?: Record<string, string> } }).error?.fields;

const PARTNER = {
  name: 'Voyage Plus Conseil',
  email: 'partenariats@voyage-plus.example',
  code: 'voyage-plus',
  rate: 0.25,
  bankAccountNumber: 'FR76 3000 6000 0112 3456 7890 189',
  bankCode: 'AGRIFRPP',
};
const CODE = 'VOYAGE-PLUS';
const PAYEE = `affiliate:${CODE}`;

let serial = 0;

/** A client registered through the public form, with the referral code its browser kept (if any). */
async function registerClient(
  referralCode?: string,
  email?: string,
): Promise<{ uid: string; cookie: string }> {
  serial += 1;
  const answer = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify({
      role: 'client',
      language: 'fr',
      firstName: `Inès${serial}`,
      email: email ?? `referred-${serial}-${Date.now()}@example.test`,
      password: 'secret-client-1',
      languages: ['fr', 'en', 'es'],
      phone: '+33612345678',
      phoneCountry: 'FR',
      acceptedTerms: true,
      ...(referralCode !== undefined ? { referralCode } : {}),
    }),
  });
  expect(answer.status).toBe(201);
  const cookie = (answer.headers.getSetCookie?.() ?? [])
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))!;
  const { user } = (await answer.json()) as { user: { uid: string } };
  return { uid: user.uid, cookie };
}

async function referralsOf(code: string): Promise<ReferralView[]> {
  const answer = await admin('GET', `/api/admin/affiliates/${code}/referrals`);
  expect(answer.status).toBe(200);
  return (answer.json as { items: ReferralView[] }).items;
}

async function affiliateEntries(orderId: string): Promise<[string, number][]> {
  const { rows } = await server.store
    .db<LedgerEntry>('ledger')
    .list({ startkey: `${orderId}:affiliate`, endkey: `${orderId}:affiliate\ufff0`, include_docs: true });
  return rows.map((row) => [row.doc!.kind, row.doc!.amount]);
}

async function affiliateBalance(): Promise<ProviderBalanceView | undefined> {
  const answer = await admin('GET', `/api/admin/payouts/balances?payee=affiliate`);
  expect(answer.status).toBe(200);
  return (answer.json as { items: ProviderBalanceView[] }).items.find((item) => item.providerId === PAYEE);
}

const COMMISSION = splitCommission(4900, 0.15).commission;
const EARNED = affiliateCommission(COMMISSION, 0.25);

describe('affiliates', () => {
  it('are for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/affiliates');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/affiliates', PARTNER);
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/affiliates/${CODE}`);
    await expectAdminOnly(server.url, users, 'PUT', `/api/admin/affiliates/${CODE}`, PARTNER);
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/affiliates/${CODE}/referrals`);
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/affiliates/commissions');
    // Nothing was created by the refused calls.
    expect(codeOf(await admin('GET', `/api/admin/affiliates/${CODE}`))).toEqual([404, 'not_found']);
  });

  it('are created with a code no other can take, bad input refused field by field', async () => {
    const empty = await admin('POST', '/api/admin/affiliates', {});
    expect(codeOf(empty)).toEqual([400, 'validation']);
    expect(fieldsOf(empty)).toEqual({
      name: 'required',
      email: 'required',
      code: 'required',
      rate: 'required',
    });
    const bad = await admin('POST', '/api/admin/affiliates', {
      ...PARTNER,
      email: 'nobody',
      code: 'a b',
      rate: 1.5,
      stripeAccountId: 'bank-of-x',
      bankCode: 'XX',
      name: 'x'.repeat(500),
    });
    expect(fieldsOf(bad)).toEqual({
      name: 'too_long',
      email: 'email_invalid',
      code: 'code_invalid',
      rate: 'rate_range',
      stripeAccountId: 'stripe_account_invalid',
      bankCode: 'bank_code_invalid',
    });
    expect(fieldsOf(await admin('POST', '/api/admin/affiliates', { ...PARTNER, rate: 0.12345 }))).toEqual({
      rate: 'rate_range',
    });

    const created = await admin('POST', '/api/admin/affiliates', PARTNER);
    expect(created.status).toBe(201);
    const affiliate = (created.json as { affiliate: AffiliateView }).affiliate;
    expect(affiliate).toMatchObject({
      id: CODE,
      code: CODE,
      name: PARTNER.name,
      rate: 0.25,
      active: true,
      bankAccountNumber: 'FR7630006000011234567890189',
      bankCode: 'AGRIFRPP',
      referrals: 0,
    });
    expect(affiliate.link).toBe(`${server.config.publicUrl}/?ref=${CODE}`);
    // The same code, however written: taken.
    const again = await admin('POST', '/api/admin/affiliates', {
      ...PARTNER,
      name: 'Autre',
      code: ' Voyage-Plus ',
    });
    expect(codeOf(again)).toEqual([409, 'code_taken']);
    expect(fieldsOf(again)).toEqual({ code: 'code_taken' });
    const fetched = await admin('GET', `/api/admin/affiliates/${CODE}`);
    expect((fetched.json as { affiliate: AffiliateView }).affiliate.name).toBe(PARTNER.name);
    expect(codeOf(await admin('GET', '/api/admin/affiliates/NOBODY'))).toEqual([404, 'not_found']);
    expect(codeOf(await admin('GET', '/api/admin/affiliates/not%20a%20code'))).toEqual([404, 'not_found']);
    expect(await auditOf(server.store, 'affiliate', CODE, 1)).toEqual([
      expect.objectContaining({ action: 'affiliate_create', actor: users.admin.uid }),
    ]);
  });

  it('are edited with one audit entry per change, their code kept', async () => {
    const path = `/api/admin/affiliates/${CODE}`;
    expect(fieldsOf(await admin('PUT', path, { ...PARTNER, code: 'OTHER-CODE' }))).toEqual({
      code: 'immutable',
    });
    expect((await admin('PUT', path, PARTNER)).status).toBe(200);
    expect(await auditOf(server.store, 'affiliate', CODE, 1)).toHaveLength(1);
    const changed = await admin('PUT', path, { ...PARTNER, rate: 0.3 });
    expect((changed.json as { affiliate: AffiliateView }).affiliate.rate).toBe(0.3);
    const trail = await auditOf(server.store, 'affiliate', CODE, 2);
    expect(trail).toHaveLength(2);
    expect(trail[1]).toMatchObject({
      action: 'affiliate_update',
      before: { rate: 0.25 },
      after: { rate: 0.3 },
    });
    await admin('PUT', path, PARTNER);

    // Listed, searched by a word of the name or by the code, filtered by state.
    const names = (query: string) =>
      settled(
        async () =>
          (
            (await admin('GET', `/api/admin/affiliates${query}`)).json as { items: AffiliateView[] }
          ).items.map((item) => item.id),
        (ids) => query !== '' || ids.length === 2,
      );
    await admin('POST', '/api/admin/affiliates', {
      ...PARTNER,
      name: 'Expat Club',
      code: 'EXPATCLUB',
      active: false,
    });
    expect(await names('')).toEqual(['EXPATCLUB', CODE]);
    expect(await names('?q=conseil')).toEqual([CODE]);
    expect(await names('?q=voyage-p')).toEqual([CODE]);
    expect(await names('?active=false')).toEqual(['EXPATCLUB']);
    expect(codeOf(await admin('GET', '/api/admin/affiliates?active=maybe'))).toEqual([400, 'validation']);
  });

  it('refer a client who signs up through the link, and only then', async () => {
    const referred = await registerClient('voyage-plus');
    const plain = await registerClient();
    await registerClient('NO-SUCH-CODE');
    await registerClient('EXPATCLUB'); // inactive
    await registerClient(CODE, PARTNER.email); // the affiliate itself
    await registerClient({ not: 'a code' } as unknown as string);
    const listed = await referralsOf(CODE);
    expect(listed.map((item) => item.clientUid)).toEqual([referred.uid]);
    expect(listed[0]).toMatchObject({ code: CODE, clientName: expect.stringMatching(/^Inès/) });
    expect(await referralsOf('EXPATCLUB')).toEqual([]);
    const view = (await admin('GET', `/api/admin/affiliates/${CODE}`)).json as { affiliate: AffiliateView };
    expect(view.affiliate.referrals).toBe(1);
    expect(plain.uid).not.toBe(referred.uid);
  });

  let referredOrder: StoredOrder;

  it('earn their rate of the platform’s commission on each paid consultation, taken back by a refund in proportion', async () => {
    const referred = await registerClient(CODE);
    referredOrder = await completedConsultation(server, referred.cookie, lawyer);
    expect(referredOrder.affiliate).toEqual({ id: CODE, rate: 0.25 });
    expect(await affiliateEntries(referredOrder.orderId)).toEqual([['affiliate_commission', EARNED]]);
    // Another client's consultation earns nobody anything.
    const plain = await registerClient();
    const other = await completedConsultation(server, plain.cookie, lawyer);
    expect(other.affiliate).toBeUndefined();
    expect(await affiliateEntries(other.orderId)).toEqual([]);

    const refund = await admin('POST', `/api/admin/payments/${referredOrder.orderId}/refunds`, {
      key: 'half-of-it',
      amount: 2450,
      reason: 'Appel écourté',
    });
    expect(refund.status).toBe(200);
    const taken = recoveredCommission(EARNED, 4900, 2450);
    expect(await affiliateEntries(referredOrder.orderId)).toEqual([
      ['affiliate_commission', EARNED],
      ['affiliate_recovery', taken],
    ]);
    expect(await affiliateBalance()).toMatchObject({
      earned: EARNED,
      recovered: taken,
      balance: EARNED - taken,
    });

    const listed = await admin('GET', `/api/admin/affiliates/commissions?affiliate=${CODE}`);
    const rows = (listed.json as { items: AffiliateCommissionRow[] }).items;
    expect(rows.map((row) => [row.kind, row.amount, row.orderId, row.affiliateName])).toEqual([
      ['affiliate_recovery', taken, referredOrder.orderId, PARTNER.name],
      ['affiliate_commission', EARNED, referredOrder.orderId, PARTNER.name],
    ]);
    expect(rows[0]!.refundId).toBeTruthy();
    const all = await admin('GET', '/api/admin/affiliates/commissions?limit=1');
    expect((all.json as { next?: string }).next).toBeDefined();
    const none = await admin('GET', '/api/admin/affiliates/commissions?to=2020-01-01');
    expect((none.json as { items: unknown[] }).items).toEqual([]);
    expect(codeOf(await admin('GET', '/api/admin/affiliates/commissions?affiliate=a%20b'))).toEqual([
      400,
      'validation',
    ]);
    await expectLedgerBalanced(server.store);
  });

  it('lose their commission on what a lost dispute took back', async () => {
    const referred = await registerClient(CODE);
    const order = await completedConsultation(server, referred.cookie, lawyer);
    const opened = await admin('POST', `/api/admin/payments/${order.orderId}/disputes/simulate`, {
      reason: 'fraudulent',
    });
    expect(opened.status).toBe(201);
    const dispute = (opened.json as { dispute: DisputeRow }).dispute;
    expect(
      (await admin('POST', `/api/admin/disputes/${dispute.disputeId}/simulate`, { outcome: 'lost' })).status,
    ).toBe(200);
    expect(await affiliateEntries(order.orderId)).toEqual([
      ['affiliate_commission', EARNED],
      ['affiliate_recovery', EARNED],
    ]);
    await expectLedgerBalanced(server.store);
  });

  it('earn nothing once the referral window is over', async () => {
    const referred = await registerClient(CODE);
    const db = server.store.db<{ at: string }>('affiliates');
    const referral = await db.get(`referral:${referred.uid}`);
    await db.insert({ ...referral, at: new Date(Date.now() - 400 * 86_400_000).toISOString() });
    const order = await completedConsultation(server, referred.cookie, lawyer);
    expect(order.affiliate).toBeUndefined();
    expect(await affiliateEntries(order.orderId)).toEqual([]);
  });

  it('are paid their balance once by the payout run, listed apart from providers and in the bank export', async () => {
    const owed = (await affiliateBalance())!.balance;
    expect(owed).toBeGreaterThan(0);
    const run = await admin('POST', '/api/admin/payouts/run', {});
    expect(run.status).toBe(200);
    const summary = (run.json as { run: PayoutRunSummary }).run;
    expect(summary.payouts.filter((payout) => payout.providerId === PAYEE)).toEqual([
      expect.objectContaining({ amount: owed, state: 'paid' }),
    ]);
    expect(await affiliateBalance()).toMatchObject({ balance: 0, paidOut: owed });
    const again = await admin('POST', '/api/admin/payouts/run', {});
    expect((again.json as { run: PayoutRunSummary }).run.payouts.some((p) => p.providerId === PAYEE)).toBe(
      false,
    );

    const listed = async (query: string) =>
      ((await admin('GET', `/api/admin/payouts${query}`)).json as { items: PayoutView[] }).items;
    const mine = await listed('?payee=affiliate');
    expect(mine.map((payout) => [payout.providerId, payout.providerName, payout.amount])).toEqual([
      [PAYEE, PARTNER.name, owed],
    ]);
    const providers = await listed('?payee=provider');
    expect(providers.length).toBeGreaterThan(0);
    expect(providers.every((payout) => payout.providerId !== PAYEE)).toBe(true);
    const balances = (await admin('GET', '/api/admin/payouts/balances?payee=provider')).json as {
      items: ProviderBalanceView[];
    };
    expect(balances.items.every((item) => item.providerId !== PAYEE)).toBe(true);
    expect(codeOf(await admin('GET', '/api/admin/payouts?payee=nobody'))).toEqual([400, 'validation']);

    const day = mine[0]!.day;
    const exported = await fetch(`${server.url}/api/admin/payouts/export.csv?day=${day}&state=all`, {
      headers: { cookie: users.admin.cookie },
    });
    const lines = csvObjects((await exported.text()).replace(/^\uFEFF/, ''), ',');
    expect(lines.find((line) => line.provider_id === PAYEE)).toMatchObject({
      provider_name: PARTNER.name,
      account_number: 'FR7630006000011234567890189',
      ifsc_bic: 'AGRIFRPP',
      state: 'paid',
    });
    await expectLedgerBalanced(server.store);
  });
});
