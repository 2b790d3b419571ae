/**
 * Provider payouts on the real service in demo mode (simulated gateway and telephony): admins only;
 * balances from the ledger (shares of captured consultations, the share taken back after a refund,
 * a negative balance carried over); a run pays each provider once (one simulated transfer, one
 * ledger entry), a second run the same day pays nothing more, two runs asked at once are one run;
 * the bank-transfer export; connected accounts set by an admin, audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds } from '../../src/domain/account';
import type { PayoutRunSummary, PayoutView, ProviderBalanceView } from '../../src/domain/payouts';
import type { SimulatedTransferDoc } from '../../server/adapters/payments/simulated-transfers';
import type { Clock } from '../../server/services/backup/schedule';
import { updateOrder } from '../../server/services/consultation/order-store';
import { createRefunds } from '../../server/services/consultation/refunds';
import { createSettlement } from '../../server/services/consultation/settlement';
import { startDailyPayouts } from '../../server/services/payouts/daily';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { eventually } from '../support/orders';
import { balancesFromDocuments, earn, ledgerEntries, SHARE, storeKyc } from '../support/payouts';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import { completedConsultation as completeOne } from '../support/completed-consultation';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { expectLedgerBalanced as expectLedgerInvariants } from '../support/ledger-balance';

let server: TestServer;
let users: RoleUsers;
let lawyer: ProviderDoc;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: () => ({
      SIMULATED_RING_SECONDS: '0.1',
      SIMULATED_NO_ANSWER_SECONDS: '60',
      SIMULATED_CALL_SECONDS: '0.3',
      CALL_RETRY_DELAY_SECONDS: '0.1',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    }),
  });
  users = await mintRoles(server.store, 'payouts');
  lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
});
afterAll(async () => {
  try {
    if (server) await expectLedgerInvariants(server.store);
  } finally {
    await server?.close();
  }
});

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

async function csv(path: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(server.url + path, { headers: { cookie: users.admin.cookie } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: bytes.toString('utf8'),
  };
}

async function balanceOf(providerId: string): Promise<ProviderBalanceView | undefined> {
  const answer = await admin('GET', `/api/admin/payouts/balances?provider=${encodeURIComponent(providerId)}`);
  expect(answer.status).toBe(200);
  return (answer.json as { items: ProviderBalanceView[] }).items.find((item) => item.currency === 'EUR');
}

async function run(): Promise<PayoutRunSummary> {
  const answer = await admin('POST', '/api/admin/payouts/run', {});
  expect(answer.status).toBe(200);
  return (answer.json as { run: PayoutRunSummary }).run;
}

async function simulatedTransfers(): Promise<SimulatedTransferDoc[]> {
  const { rows } = await server.store
    .db<SimulatedTransferDoc>('orders')
    .list({ startkey: 'sim-transfer:', endkey: 'sim-transfer:\ufff0', include_docs: true });
  return rows.map((row) => row.doc!);
}

const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce(
    (counts, item) => counts.set(key(item), (counts.get(key(item)) ?? 0) + 1),
    new Map<string, number>(),
  );

/** Every provider's balance from the view equals the sum of their ledger documents. */
async function expectLedgerBalanced() {
  const fromDocs = await balancesFromDocuments(server.store);
  for (const [key, sum] of fromDocs) {
    const [providerId] = key.split(':');
    expect((await balanceOf(providerId!))?.balance ?? 0, key).toBe(sum);
  }
}

const completedConsultation = async () => (await completeOne(server, users.client.cookie, lawyer)).orderId;

describe('payouts in the admin console', () => {
  it('is for admins only', async () => {
    const endpoints: [string, string, unknown?][] = [
      ['POST', '/api/admin/payouts/run', {}],
      ['GET', '/api/admin/payouts'],
      ['GET', '/api/admin/payouts/runs'],
      ['GET', '/api/admin/payouts/balances'],
      ['GET', '/api/admin/payouts/export.csv?day=2026-01-01'],
      ['POST', `/api/admin/payouts/accounts/${users.lawyer.uid}`, { stripeAccountId: 'acct_123' }],
    ];
    for (const [method, path, body] of endpoints)
      await expectAdminOnly(server.url, users, method, path, body);
    expect((await admin('GET', '/api/admin/payouts')).status).toBe(200);
    expect((await admin('GET', '/api/admin/payouts/runs')).json).toMatchObject({
      items: [],
      running: false,
      schedule: { dailyAt: '04:00' },
    });
    expect((await admin('GET', '/api/admin/payouts/balances')).status).toBe(200);
    expect((await csv('/api/admin/payouts/export.csv?day=2026-01-01')).status).toBe(200);
    // Nobody but the admin moved any money.
    expect(await simulatedTransfers()).toEqual([]);
  });

  it('answers bad input with a coded 400', async () => {
    const refused: [string, string, unknown, string, string][] = [
      ['GET', '/api/admin/payouts?day=2026-13-01', undefined, 'day', 'value_invalid'],
      ['GET', '/api/admin/payouts?state=sent', undefined, 'state', 'value_invalid'],
      ['GET', '/api/admin/payouts?token=forged', undefined, 'token', 'value_invalid'],
      ['GET', '/api/admin/payouts?limit=1000', undefined, 'limit', 'value_invalid'],
      ['GET', '/api/admin/payouts/balances?token=forged!', undefined, 'token', 'value_invalid'],
      ['GET', '/api/admin/payouts/export.csv', undefined, 'day', 'required'],
      ['GET', '/api/admin/payouts/export.csv?day=yesterday', undefined, 'day', 'value_invalid'],
      ['GET', '/api/admin/payouts/export.csv?day=2026-01-01&sep=tab', undefined, 'sep', 'value_invalid'],
      ['POST', `/api/admin/payouts/accounts/${users.lawyer.uid}`, {}, 'stripeAccountId', 'required'],
      [
        'POST',
        `/api/admin/payouts/accounts/${users.lawyer.uid}`,
        { stripeAccountId: 'ba_123' },
        'stripeAccountId',
        'value_invalid',
      ],
      [
        'POST',
        `/api/admin/payouts/accounts/${users.lawyer.uid}`,
        { stripeAccountId: 42 },
        'stripeAccountId',
        'value_invalid',
      ],
    ];
    for (const [method, path, body, field, code] of refused) {
      const answer = await admin(method, path, body);
      expect([answer.status, answer.json], `${method} ${path}`).toMatchObject([
        400,
        { error: { code: 'validation', fields: { [field]: code } } },
      ]);
    }
    const client = await admin('POST', `/api/admin/payouts/accounts/${users.client.uid}`, {
      stripeAccountId: 'acct_1',
    });
    expect([client.status, client.json]).toMatchObject([409, { error: { code: 'not_a_provider' } }]);
    const nobody = await admin('POST', '/api/admin/payouts/accounts/nobody', { stripeAccountId: 'acct_1' });
    expect([nobody.status, nobody.json]).toMatchObject([404, { error: { code: 'not_found' } }]);
  });

  it('sets a provider’s connected account with one audit entry per change', async () => {
    const path = `/api/admin/payouts/accounts/${users.lawyer.uid}`;
    expect((await admin('POST', path, { stripeAccountId: 'acct_1LawyerA' })).json).toEqual({
      stripeAccountId: 'acct_1LawyerA',
      changed: true,
    });
    expect((await admin('POST', path, { stripeAccountId: 'acct_1LawyerA' })).json).toMatchObject({
      changed: false,
    });
    const trail = (await auditOf(server.store, 'account', users.lawyer.uid, 1, 'payout_account')).filter(
      (entry) => entry.action === 'payout_account',
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      actor: users.admin.uid,
      before: { stripeAccountId: null },
      after: { stripeAccountId: 'acct_1LawyerA' },
    });
    await earn(server.store, users.lawyer.uid);
    // With the provider's role, so that the console links to their admin page.
    expect(await balanceOf(users.lawyer.uid)).toMatchObject({
      stripeAccountId: 'acct_1LawyerA',
      providerRole: 'lawyer',
    });
  });

  it('keeps each provider’s balance from the ledger: shares, a refund’s recovery, a negative balance carried over', async () => {
    const first = await completedConsultation();
    const second = await completedConsultation();
    expect(await balanceOf(lawyer._id)).toMatchObject({
      earned: 2 * SHARE,
      recovered: 0,
      paidOut: 0,
      balance: 2 * SHARE,
    });

    // An admin refunds the first one: the provider's share of it is taken back.
    const refund = await admin('POST', `/api/admin/calls/${first}/refund`, { reason: 'Geste commercial' });
    expect(refund.status).toBe(200);
    expect(await balanceOf(lawyer._id)).toMatchObject({
      earned: 2 * SHARE,
      recovered: SHARE,
      balance: SHARE,
    });
    const recoveries = (await ledgerEntries(server.store)).filter(
      (entry) => entry.kind === 'provider_recovery',
    );
    expect(recoveries.map((entry) => entry.amount)).toEqual([SHARE]);

    // Paid out, then the second consultation is refunded too: the balance goes below zero...
    const paid = await run();
    expect(paid.payouts).toContainEqual(
      expect.objectContaining({ providerId: lawyer._id, amount: SHARE, state: 'paid' }),
    );
    await admin('POST', `/api/admin/calls/${second}/refund`, {});
    expect(await balanceOf(lawyer._id)).toMatchObject({
      paidOut: SHARE,
      recovered: 2 * SHARE,
      balance: -SHARE,
    });
    // ...is not paid, and the next share fills it.
    await completedConsultation();
    expect(await balanceOf(lawyer._id)).toMatchObject({ balance: 0 });
    await expectLedgerBalanced();
  }, 60_000);

  it('takes the share back when a failed call’s captured payment is refunded automatically', async () => {
    const provider = await mintUser(server.store, 'payouts-release-lawyer', 'lawyer');
    const order = await earn(server.store, provider.uid, users.client.uid);
    const intent = await server.services.gateway.createIntent({
      orderId: order.orderId,
      amount: order.quote.total,
      currency: 'EUR',
      description: 'test',
      metadata: {},
      idempotencyKey: `${order.orderId}:intent`,
    });
    const gateway = server.services.gateway as unknown as {
      confirmCard(secret: string, card: object): Promise<unknown>;
    };
    await gateway.confirmCard(intent.clientSecret, { number: '4242424242424242', exp: '12/34', cvc: '123' });
    await server.services.gateway.capture(intent.intent.id, `${order.orderId}:capture`);
    const captured = (await updateOrder(server.store, order.orderId, (stored) => ({
      ...stored,
      payment: { ...stored.payment, intentId: intent.intent.id, state: 'captured' as const },
    })))!;
    const deps = {
      store: server.store,
      gateway: server.services.gateway,
      now: () => new Date(),
      log: () => {},
    };
    const settlement = createSettlement({ ...deps, refunds: createRefunds(deps) });
    await settlement.release(captured);
    await settlement.release(captured);
    expect(await balanceOf(provider.uid)).toMatchObject({ earned: SHARE, recovered: SHARE, balance: 0 });
  });

  it('pays each provider once per day, whatever runs again', async () => {
    const providers = await Promise.all(
      ['a', 'b', 'c'].map((name) => mintUser(server.store, `payouts-run-${name}`, 'lawyer')),
    );
    for (const provider of providers) await earn(server.store, provider.uid);
    await earn(server.store, providers[0]!.uid);

    const first = await run();
    expect(first.state).toBe('finished');
    const mine = (summary: PayoutRunSummary) =>
      summary.payouts.filter((payout) => providers.some((p) => p.uid === payout.providerId));
    expect(
      mine(first)
        .map((payout) => [payout.providerId, payout.amount, payout.state])
        .sort(),
    ).toEqual([
      [providers[0]!.uid, 2 * SHARE, 'paid'],
      [providers[1]!.uid, SHARE, 'paid'],
      [providers[2]!.uid, SHARE, 'paid'],
    ]);
    // Earned again the same day: paid tomorrow, not by a second run today.
    await earn(server.store, providers[1]!.uid);
    const second = await run();
    expect(second.payouts).toEqual([]);
    expect(await balanceOf(providers[1]!.uid)).toMatchObject({ balance: SHARE, paidOut: SHARE });

    const transfers = countBy(await simulatedTransfers(), (transfer) => transfer.providerId);
    const payoutEntries = countBy(
      (await ledgerEntries(server.store)).filter((entry) => entry.kind === 'payout'),
      (entry) => entry.providerId,
    );
    for (const provider of providers) {
      expect(transfers.get(provider.uid), provider.uid).toBe(1);
      expect(payoutEntries.get(provider.uid), provider.uid).toBe(1);
    }
    const listed = await admin('GET', `/api/admin/payouts?provider=${providers[0]!.uid}`);
    expect((listed.json as { items: PayoutView[] }).items).toEqual([
      expect.objectContaining({
        providerId: providers[0]!.uid,
        providerName: providers[0]!.uid,
        amount: 2 * SHARE,
        state: 'paid',
        method: 'transfer',
        gateway: 'simulated',
        transferId: expect.stringMatching(/^tr_sim_/),
      }),
    ]);
    const paidToday = await admin('GET', `/api/admin/payouts?state=paid&day=${first.day}&limit=100`);
    expect((paidToday.json as { items: PayoutView[] }).items.length).toBeGreaterThanOrEqual(3);
    const runs = (await admin('GET', '/api/admin/payouts/runs')).json as { items: PayoutRunSummary[] };
    expect(runs.items[0]).toMatchObject({ runId: second.runId, state: 'finished', trigger: 'manual' });
    await expectLedgerBalanced();
  });

  it('makes one run of two asked at once, audited once', async () => {
    const providers = await Promise.all(
      ['d', 'e'].map((name) => mintUser(server.store, `payouts-race-${name}`, 'lawyer')),
    );
    for (const provider of providers) await earn(server.store, provider.uid);
    // Paid today already (previous test): these two get their payout from whichever run made it.
    const answers = await Promise.all([
      admin('POST', '/api/admin/payouts/run', {}),
      admin('POST', '/api/admin/payouts/run', {}),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.json).toMatchObject({ error: { code: 'payout_run_running' } });
    const ran = (answers.find((answer) => answer.status === 200)!.json as { run: PayoutRunSummary }).run;
    expect(ran.payouts.map((payout) => payout.providerId).sort()).toEqual(providers.map((p) => p.uid).sort());
    expect(await auditOf(server.store, 'payout_run', ran.runId, 1)).toEqual([
      expect.objectContaining({
        actor: users.admin.uid,
        action: 'payout_run',
        after: { day: ran.day, trigger: 'manual' },
      }),
    ]);
    const transfers = countBy(await simulatedTransfers(), (transfer) => transfer.providerId);
    for (const provider of providers) expect(transfers.get(provider.uid)).toBe(1);
  });

  it('never pays a test profile', async () => {
    const provider = await mintUser(server.store, 'payouts-test-profile', 'lawyer');
    const accounts = server.store.db<{ isTestProfile?: boolean }>('accounts');
    await accounts.insert({ ...(await accounts.get(accountIds.account(provider.uid))), isTestProfile: true });
    await earn(server.store, provider.uid);
    const other = await mintUser(server.store, 'payouts-real-profile', 'lawyer');
    await earn(server.store, other.uid);
    const ran = await run();
    expect(ran.payouts.map((payout) => payout.providerId)).toEqual([other.uid]);
    expect(await balanceOf(provider.uid)).toMatchObject({ balance: SHARE, paidOut: 0 });
  });

  it('exports the day’s payouts for bank transfers, in Excel’s formats', async () => {
    const provider = await mintUser(server.store, 'payouts-export', 'lawyer');
    await server.store
      .db('providers')
      .insert({ _id: provider.uid, type: 'provider', fullName: 'Zoé "Ancelin"; Avocate' });
    await storeKyc(server.store, provider.uid, {
      bankAccountNumber: 'FR7630006000011234567890189',
      ifsc: 'SBIN0001234',
    });
    await earn(server.store, provider.uid);
    const day = new Date().toISOString().slice(0, 10);
    // Today's run happened: this payout is tomorrow's. The export lists the demo's paid ones on demand.
    const all = await csv(`/api/admin/payouts/export.csv?day=${day}&state=all&sep=semicolon`);
    expect(all.status).toBe(200);
    expect(all.type).toBe('text/csv; charset=utf-8');
    expect(
      all.text.startsWith(
        '\uFEFFpayout_id;day;provider_id;provider_name;account_number;ifsc_bic;amount;currency;state\r\n',
      ),
    ).toBe(true);
    expect(all.text).toContain(`;${((2 * SHARE) / 100).toFixed(2).replace('.', ',')};EUR;paid\r\n`);
    // Manual payouts only by default (none in demo mode).
    const manual = await csv(`/api/admin/payouts/export.csv?day=${day}`);
    expect(manual.text.split('\r\n').filter(Boolean)).toHaveLength(1);

    // A provider with bank details, paid on a day of their own: name quoted, details whole.
    const payout = {
      _id: `payout:2026-01-02:EUR:${provider.uid}`,
      type: 'payout',
      day: '2026-01-02',
      providerId: provider.uid,
      currency: 'EUR',
      amount: 12345,
      state: 'manual',
      method: 'manual',
      gateway: 'simulated',
      runId: 'r',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    await server.store.db('payouts').insert(payout);
    const comma = await csv('/api/admin/payouts/export.csv?day=2026-01-02');
    expect(comma.text.split('\r\n')[1]).toBe(
      `${payout._id},2026-01-02,${provider.uid},"Zoé ""Ancelin""; Avocate",FR7630006000011234567890189,SBIN0001234,123.45,EUR,manual`,
    );
    // Whole bank details left the server: each download is in the audit, with who took which.
    const taken = await auditOf(server.store, 'payout-day', '2026-01-02', 1);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({
      actor: users.admin.uid,
      action: 'payout_export',
      after: { states: ['manual'] },
    });
  });

  it('runs daily at PAYOUT_DAILY_AT as the system, catching up a slot missed before start', async () => {
    const provider = await mintUser(server.store, 'payouts-scheduled', 'lawyer');
    await earn(server.store, provider.uid);
    const timers: { ms: number; run: () => void }[] = [];
    const now = new Date();
    const clock: Clock = {
      now: () => now,
      setTimeout: (run, ms) => timers.push({ ms, run }),
      clearTimeout: () => {},
    };
    const slot = { hour: now.getUTCHours(), minute: 0 };
    const scheduler = startDailyPayouts(
      server.store,
      { ...server.config, payouts: { dailyAt: slot, simulatedTransferDelayMs: 0 } },
      server.services.gateway,
      clock,
    );
    try {
      // Never run before: caught up five minutes after start, then at the next slot.
      await eventually(async () => (timers.length === 1 ? true : undefined));
      expect(timers[0]!.ms).toBe(5 * 60_000);
      timers[0]!.run();
      await eventually(async () => (timers.length === 2 ? true : undefined));
      expect(now.getTime() + timers[1]!.ms).toBe(scheduler!.nextAt()!.getTime());
      const runs = (await admin('GET', '/api/admin/payouts/runs')).json as { items: PayoutRunSummary[] };
      const scheduled = runs.items[0]!;
      expect(scheduled).toMatchObject({ trigger: 'scheduled', actor: 'system', state: 'finished' });
      expect(await auditOf(server.store, 'payout_run', scheduled.runId, 1)).toEqual([
        expect.objectContaining({ actor: 'system', action: 'payout_run' }),
      ]);
    } finally {
      scheduler?.stop();
    }
  });
});
