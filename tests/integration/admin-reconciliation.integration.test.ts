/**
 * Reconciliation in demo mode (`GET /api/admin/reconciliation`): the ledger and the orders against
 * the simulated gateway's own records. Consultations paid, completed, one refunded and a payout
 * made through the real service show no mismatch; then each tampering with one side (a capture
 * missing from the ledger, an intent's amount or state changed at the gateway, a refund in the
 * ledger the gateway never made, a transfer missing) shows up as its own mismatch, and goes away
 * when undone. Admins only; a bad or too long range is a coded 400.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReconciliationAnswer } from '../../src/domain/reconciliation';
import type { SimulatedIntentDoc } from '../../server/adapters/payments/simulated';
import type { SimulatedTransferDoc } from '../../server/adapters/payments/simulated-transfers';
import { reconcile } from '../../server/services/admin/reconciliation';
import type { AnyLedgerEntry } from '../../server/services/consultation/ledger';
import type { StoredOrder } from '../../server/services/consultation/types';
import { expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { providerWithAccount } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall } from '../support/sessions';
import { completedConsultation as completeOne } from '../support/completed-consultation';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let lawyer: ProviderDoc;
let kept: StoredOrder;
let refunded: StoredOrder;
let payoutId: string;

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
  users = await mintRoles(server.store, 'recon');
  lawyer = (await providerWithAccount(server.store, 'recon-provider', '+33600000011')).provider;
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

/** The reconciliation of the last hour (and the next minute). */
async function reconciliation(): Promise<ReconciliationAnswer> {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const answer = await admin('GET', `/api/admin/reconciliation?from=${from}&to=${to}`);
  expect(answer.status).toBe(200);
  return answer.json as ReconciliationAnswer;
}

/** Changes a document for the length of `check`, then puts it back as it was. */
async function whileChanged<T extends { _id: string; _rev?: string }>(
  db: string,
  id: string,
  change: (doc: T) => T | undefined,
  check: () => Promise<void>,
): Promise<void> {
  const store = server.store.db<T>(db);
  const original = await store.get(id);
  const changed = change(structuredClone(original));
  if (changed) await store.insert(changed);
  else await store.destroy(id, original._rev);
  try {
    // The report reads the simulated gateway's intents through a listing, which on a CouchDB
    // cluster may show a write a moment after it is made: checked until it holds.
    await vi.waitFor(check, { timeout: 10_000, interval: 200 });
  } finally {
    const current = await store.get(id).catch(() => undefined);
    const { _rev: _ignored, ...body } = original;
    await store.insert({ ...body, ...(current ? { _rev: current._rev } : {}) } as T);
  }
}

const completedConsultation = () => completeOne(server, users.client.cookie, lawyer);

describe('admin reconciliation, demo mode', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/reconciliation');
  });

  it('refuses a malformed, reversed or too long range with a code', async () => {
    for (const [query, field, code] of [
      ['from=yesterday', 'from', 'value_invalid'],
      ['to=2026-13-45', 'to', 'value_invalid'],
      ['from=2026-03-10&to=2026-03-01', 'to', 'value_invalid'],
      ['from=2026-01-01&to=2026-02-15', 'to', 'range_too_long'],
    ] as const) {
      const answer = await admin('GET', `/api/admin/reconciliation?${query}`);
      expect([query, answer.status, answer.json]).toMatchObject([
        query,
        400,
        {
          error: {
            code: code === 'range_too_long' ? 'range_too_long' : 'validation',
            fields: { [field]: code },
          },
        },
      ]);
    }
    // 31 days is the most: accepted.
    const month = await admin('GET', '/api/admin/reconciliation?from=2026-01-01&to=2026-01-31');
    expect(month.status).toBe(200);
  });

  it('finds no mismatch after consultations, a refund and a payout', async () => {
    kept = await completedConsultation();
    refunded = await completedConsultation();
    const refund = await admin('POST', `/api/admin/calls/${refunded.orderId}/refund`, { reason: 'Geste' });
    expect(refund.status).toBe(200);
    const run = await admin('POST', '/api/admin/payouts/run', {});
    expect(run.status).toBe(200);
    const { run: summary } = run.json as { run: { payouts: { id: string; state: string }[] } };
    expect(summary.payouts).toHaveLength(1);
    expect(summary.payouts[0]!.state).toBe('paid');
    payoutId = summary.payouts[0]!.id;

    const answer = await reconciliation();
    expect(answer).toMatchObject({ gateway: 'simulated', partial: false, mismatches: [] });
    expect(answer.checked.payments).toBeGreaterThanOrEqual(2);
    expect(answer.checked.transfers).toBe(1);
    // Today by default: the same answer.
    const today = await admin('GET', '/api/admin/reconciliation');
    expect((today.json as ReconciliationAnswer).mismatches).toEqual([]);
  });

  it('reads the single whole refund of older simulated intents as well as the list', async () => {
    await whileChanged<SimulatedIntentDoc>(
      'orders',
      `sim-intent:${refunded.payment.intentId}`,
      (doc) => {
        const { refunds, ...older } = doc;
        expect(refunds).toHaveLength(1);
        return { ...older, refund: { refundId: refunds![0]!.refundId, amount: refunds![0]!.amount } };
      },
      async () => expect((await reconciliation()).mismatches).toEqual([]),
    );
  });

  it('shows a capture missing from the ledger', async () => {
    await whileChanged<AnyLedgerEntry>(
      'ledger',
      `${kept.orderId}:capture`,
      () => undefined,
      async () => {
        expect((await reconciliation()).mismatches).toEqual([
          expect.objectContaining({
            type: 'missing_in_ledger',
            subject: 'payment',
            key: kept.payment.intentId,
            orderId: kept.orderId,
            gateway: expect.objectContaining({ amount: 4900, state: 'succeeded' }),
            link: `/admin/finance/payments/${kept.orderId}`,
          }),
        ]);
      },
    );
    expect((await reconciliation()).mismatches).toEqual([]);
  });

  it('shows an amount changed at the gateway, and an intent cancelled there', async () => {
    const id = `sim-intent:${kept.payment.intentId}`;
    await whileChanged<SimulatedIntentDoc>(
      'orders',
      id,
      (doc) => ({ ...doc, intent: { ...doc.intent, amount: 5900, amountReceived: 5900 } }),
      async () => {
        expect((await reconciliation()).mismatches).toEqual([
          expect.objectContaining({
            type: 'amount_differs',
            subject: 'payment',
            orderId: kept.orderId,
            ours: expect.objectContaining({ amount: 4900 }),
            gateway: expect.objectContaining({ amount: 5900 }),
          }),
        ]);
      },
    );
    await whileChanged<SimulatedIntentDoc>(
      'orders',
      id,
      (doc) => ({ ...doc, intent: { ...doc.intent, status: 'canceled' } }),
      async () => {
        expect((await reconciliation()).mismatches).toEqual([
          expect.objectContaining({
            type: 'state_differs',
            subject: 'payment',
            orderId: kept.orderId,
            ours: expect.objectContaining({ state: 'captured', amount: 4900 }),
            gateway: expect.objectContaining({ state: 'canceled' }),
          }),
        ]);
      },
    );
  });

  it('shows a refund in the ledger that the gateway never made', async () => {
    const entry = {
      _id: `${kept.orderId}:refund:re_sim_nowhere`,
      type: 'ledger',
      kind: 'refund',
      orderId: kept.orderId,
      refundId: 're_sim_nowhere',
      clientId: kept.client.uid,
      providerId: kept.provider.id,
      gateway: 'simulated',
      intentId: kept.payment.intentId,
      amount: 1000,
      currency: 'EUR',
      at: new Date().toISOString(),
    };
    const written = await server.store.db('ledger').insert(entry);
    try {
      expect((await reconciliation()).mismatches).toEqual([
        expect.objectContaining({
          type: 'missing_at_gateway',
          subject: 'refund',
          orderId: kept.orderId,
          ours: expect.objectContaining({ amount: 1000, ids: [entry._id] }),
          gateway: expect.objectContaining({ amount: 0 }),
        }),
      ]);
    } finally {
      await server.store.db('ledger').destroy(entry._id, written.rev);
    }
    expect((await reconciliation()).mismatches).toEqual([]);
  });

  it('shows a payout whose transfer the gateway does not have', async () => {
    await whileChanged<SimulatedTransferDoc>(
      'orders',
      `sim-transfer:${payoutId}`,
      () => undefined,
      async () => {
        expect((await reconciliation()).mismatches).toEqual([
          expect.objectContaining({
            type: 'missing_at_gateway',
            subject: 'transfer',
            key: payoutId,
            payoutId,
            ours: expect.objectContaining({ state: 'paid', amount: expect.any(Number) }),
            link: expect.stringMatching(/^\/admin\/finance\/payouts\?day=.*&provider=/),
          }),
        ]);
      },
    );
  });

  it('says when a cap on records left part of the range out', async () => {
    const range = { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 60_000) };
    const whole = await reconcile(server.store, server.services.gateway, range);
    expect(whole.partial).toBe(false);
    const capped = await reconcile(server.store, server.services.gateway, range, 2);
    expect(capped.partial).toBe(true);
  });
});
