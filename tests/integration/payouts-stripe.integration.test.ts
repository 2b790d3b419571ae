/**
 * Provider payouts with Stripe configured: the real Stripe SDK against the local Stripe. A provider
 * with a connected account is paid by a Connect transfer carrying the payout's id as idempotency key
 * (a repeat is the same transfer); one without is `manual` and listed in the bank-transfer export
 * with the bank details of their identity record; a transfer Stripe refuses fails the payout and
 * gives the amount back to the balance, once. An affiliate is paid by the same run, to the connected
 * account kept on its own record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommission } from '../../src/domain/affiliates';
import { splitCommission } from '../../src/domain/order';
import type { PayoutRunSummary, ProviderBalanceView } from '../../src/domain/payouts';
import { createStripeGateway } from '../../server/adapters/payments/stripe';
import { createTelephony } from '../../server/adapters/telephony/index';
import { createConsultations } from '../../server/services/consultation/consultations';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { startFakeStripe } from '../support/fake-stripe';
import type { FakeStripe } from '../support/fake-stripe';
import { expectLedgerBalanced } from '../support/ledger-balance';
import {
  balancesFromDocuments,
  earn,
  earnAsAffiliate,
  ledgerEntries,
  SHARE,
  storeKyc,
} from '../support/payouts';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let stripe: FakeStripe;
let server: TestServer;
let users: RoleUsers;
let connected: TestUser;
let unconnected: TestUser;
let refused: TestUser;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({
    env: () => ({
      STRIPE_SECRET_KEY: 'sk_test_payouts',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_payouts',
      STRIPE_WEBHOOK_SECRET: 'whsec_payouts',
    }),
    services: (config, store) => {
      const gateway = createStripeGateway(config.stripe!, stripe.connection);
      const consultations = createConsultations({
        store,
        config,
        gateway,
        telephony: (sink) => createTelephony(config, sink),
      });
      return { gateway, consultations };
    },
  });
  users = await mintRoles(server.store, 'stripe-payouts');
  connected = await mintUser(server.store, 'stripe-payouts-connected', 'lawyer');
  unconnected = await mintUser(server.store, 'stripe-payouts-bank', 'expat');
  refused = await mintUser(server.store, 'stripe-payouts-refused', 'lawyer');
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

async function balanceOf(providerId: string): Promise<ProviderBalanceView | undefined> {
  const answer = await admin('GET', `/api/admin/payouts/balances?provider=${providerId}`);
  return (answer.json as { items: ProviderBalanceView[] }).items[0];
}

describe('payouts through Stripe Connect', () => {
  it('transfers to connected accounts, leaves the others to a bank transfer, and gives a refused one back', async () => {
    for (const [user, account] of [
      [connected, 'acct_1Connected'],
      [refused, 'acct_refused1'],
    ] as const) {
      const set = await admin('POST', `/api/admin/payouts/accounts/${user.uid}`, {
        stripeAccountId: account,
      });
      expect(set.status).toBe(200);
    }
    await storeKyc(server.store, unconnected.uid, {
      bankAccountNumber: 'DE89370400440532013000',
      ifsc: 'COBADEFFXXX',
    });
    await earn(server.store, connected.uid);
    await earn(server.store, connected.uid);
    await earn(server.store, unconnected.uid);
    await earn(server.store, refused.uid);

    const answer = await admin('POST', '/api/admin/payouts/run', {});
    expect(answer.status).toBe(200);
    const { run } = answer.json as { run: PayoutRunSummary };
    const byProvider = new Map(run.payouts.map((payout) => [payout.providerId, payout]));
    expect(byProvider.get(connected.uid)).toMatchObject({ amount: 2 * SHARE, state: 'paid' });
    expect(byProvider.get(unconnected.uid)).toMatchObject({
      amount: SHARE,
      state: 'manual',
      reason: 'no_connected_account',
    });
    expect(byProvider.get(refused.uid)).toMatchObject({
      amount: SHARE,
      state: 'failed',
      reason: 'account_invalid',
    });

    // Stripe made one transfer, to the connected account, keyed by the payout.
    const payoutId = `payout:${run.day}:EUR:${connected.uid}`;
    expect(stripe.transfers()).toEqual([
      expect.objectContaining({
        amount: 2 * SHARE,
        currency: 'eur',
        destination: 'acct_1Connected',
        transfer_group: payoutId,
        metadata: expect.objectContaining({ payoutId, providerId: connected.uid }),
      }),
    ]);
    const posts = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers');
    expect(posts.map((r) => r.idempotencyKey).sort()).toEqual(
      [payoutId, `payout:${run.day}:EUR:${refused.uid}`].sort(),
    );

    // The same payout asked again is the same transfer, never a second one.
    const again = await server.services.gateway.transfer({
      providerId: connected.uid,
      destination: 'acct_1Connected',
      amount: 2 * SHARE,
      currency: 'EUR',
      idempotencyKey: payoutId,
      metadata: { payoutId, day: run.day },
    });
    expect(again.transferId).toBe(stripe.transfers()[0]!.id);
    expect(stripe.transfers()).toHaveLength(1);

    // Balances: paid and manual ones are paid out; the refused one is back, given back once.
    expect(await balanceOf(connected.uid)).toMatchObject({ paidOut: 2 * SHARE, balance: 0 });
    expect(await balanceOf(unconnected.uid)).toMatchObject({ paidOut: SHARE, balance: 0 });
    expect(await balanceOf(refused.uid)).toMatchObject({ paidOut: 0, balance: SHARE });
    const reversals = (await ledgerEntries(server.store)).filter((entry) => entry.kind === 'payout_reversal');
    expect(reversals.map((entry) => [entry.providerId, entry.amount])).toEqual([[refused.uid, SHARE]]);
    for (const [key, sum] of await balancesFromDocuments(server.store)) {
      expect((await balanceOf(key.split(':')[0]!))?.balance, key).toBe(sum);
    }

    // A second run the same day moves nothing.
    const second = (await admin('POST', '/api/admin/payouts/run', {})).json as { run: PayoutRunSummary };
    expect(second.run.payouts).toEqual([]);
    expect(stripe.count('POST', /^\/v1\/transfers$/, { actedOnly: true })).toBe(2);

    // The bank-transfer export lists the manual payout with the bank details of the identity record.
    const csv = await fetch(`${server.url}/api/admin/payouts/export.csv?day=${run.day}`, {
      headers: { cookie: users.admin.cookie },
    });
    // Read as bytes: `text()` would drop the byte-order mark that Excel needs.
    const lines = Buffer.from(await csv.arrayBuffer())
      .toString('utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      '\uFEFFpayout_id,day,provider_id,provider_name,account_number,ifsc_bic,amount,currency,state',
      `payout:${run.day}:EUR:${unconnected.uid},${run.day},${unconnected.uid},${unconnected.uid},DE89370400440532013000,COBADEFFXXX,${(SHARE / 100).toFixed(2)},EUR,manual`,
    ]);
  });

  it('pays an affiliate by a Connect transfer to the account on its record, in the same run', async () => {
    const created = await admin('POST', '/api/admin/affiliates', {
      name: 'Partner Stripe',
      email: 'partner@stripe-partner.example',
      code: 'PARTNER-STRIPE',
      rate: 0.3,
      stripeAccountId: 'acct_1Partner',
    });
    expect(created.status).toBe(201);
    const payee = await earnAsAffiliate(server.store, 'PARTNER-STRIPE', connected.uid, 0.3);
    const commission = affiliateCommission(splitCommission(4900, 0.15).commission, 0.3);
    const before = stripe.transfers().length;

    const answer = await admin('POST', '/api/admin/payouts/run', {});
    const { run } = answer.json as { run: PayoutRunSummary };
    expect(run.payouts.find((payout) => payout.providerId === payee)).toMatchObject({
      amount: commission,
      state: 'paid',
    });
    const payoutId = `payout:${run.day}:EUR:${payee}`;
    expect(stripe.transfers().slice(before)).toContainEqual(
      expect.objectContaining({
        amount: commission,
        destination: 'acct_1Partner',
        transfer_group: payoutId,
        metadata: expect.objectContaining({ payoutId, providerId: payee }),
      }),
    );
    expect(await balanceOf(encodeURIComponent(payee))).toMatchObject({
      earned: commission,
      balance: 0,
      stripeAccountId: 'acct_1Partner',
    });
    await expectLedgerBalanced(server.store);
  });
});
