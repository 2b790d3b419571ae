/**
 * Disputes in demo mode (issue 14, finance/disputes), the simulated gateway: only an admin reaches the
 * dispute routes; an admin opens a dispute on a captured payment and the bank decides it, through the
 * demo routes, each audited once; the provider's share is held, then released (won) or kept (lost),
 * each once in the ledger; a disputed payment cannot be refunded; bad input is a coded 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeRow } from '../../src/domain/disputes';
import type { ProviderBalanceView } from '../../src/domain/payouts';
import type { ReconciliationAnswer } from '../../src/domain/reconciliation';
import { isSimulatedGateway } from '../../server/adapters/payments/simulated';
import type { StoredOrder } from '../../server/services/consultation/types';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { storeOrder } from '../support/orders';
import { browserCall } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;

beforeAll(async () => {
  server = await startTestServer({ env: () => ({ ADMIN_API_CALLS_PER_MINUTE: '100000' }) });
  users = await mintRoles(server.store, 'disputes');
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

let serial = 0;

/** A 49 € consultation paid with the simulated gateway and captured. */
async function capturedOrder(providerId: string): Promise<StoredOrder> {
  serial += 1;
  const orderId = `ord_sim_dispute_${serial}_${Date.now()}`;
  const gateway = server.services.gateway;
  if (!isSimulatedGateway(gateway)) throw new Error('the demo runs the simulated gateway');
  const { intent, clientSecret } = await gateway.createIntent({
    orderId,
    amount: 4900,
    currency: 'EUR',
    description: 'Appel avocat',
    metadata: { orderId },
    idempotencyKey: `${orderId}:intent`,
  });
  await gateway.confirmCard(clientSecret, { number: '4242424242424242', exp: '12/40', cvc: '123' });
  await storeOrder(server.store, {
    orderId,
    clientUid: users.client.uid,
    providerId,
    state: 'paid',
    payment: { gateway: 'simulated', state: 'authorised', intentId: intent.id },
  });
  await gateway.capture(intent.id, `${orderId}:capture`);
  await server.services.consultations.paymentSettled(orderId, 'captured');
  return server.store.db<StoredOrder>('orders').get(orderId);
}

async function disputeEntries(orderId: string): Promise<[string, number][]> {
  const { rows } = await server.store
    .db<{ kind: string; amount: number }>('ledger')
    .list({ startkey: `${orderId}:dispute`, endkey: `${orderId}:dispute\ufff0`, include_docs: true });
  return rows.map((row) => [row.doc!.kind, row.doc!.amount]);
}

async function balanceOf(providerId: string): Promise<ProviderBalanceView> {
  const answer = await admin('GET', `/api/admin/payouts/balances?provider=${providerId}`);
  return (answer.json as { items: ProviderBalanceView[] }).items[0]!;
}

const codeOf = (answer: { status: number; json: unknown }) => [
  answer.status,
  (answer.json as { error?: { code?: string } }).error?.code,
];

describe('disputes in demo mode', () => {
  it('lets only an admin list, read, open or decide disputes', async () => {
    const order = await capturedOrder('dispute-matrix-lawyer');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/disputes');
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/payments/${order.orderId}/disputes`);
    await expectAdminOnly(
      server.url,
      users,
      'POST',
      `/api/admin/payments/${order.orderId}/disputes/simulate`,
      {
        reason: 'fraudulent',
      },
    );
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/disputes/dp_sim_x/simulate', {
      outcome: 'won',
    });
    // Nothing was opened by the refused calls.
    expect(await disputeEntries(order.orderId)).toEqual([]);
  });

  it('answers bad input with a coded 4xx', async () => {
    const order = await capturedOrder('dispute-input-lawyer');
    expect(codeOf(await admin('GET', '/api/admin/disputes?status=maybe'))).toEqual([400, 'validation']);
    expect(codeOf(await admin('GET', '/api/admin/disputes?token=forged'))).toEqual([400, 'validation']);
    expect(codeOf(await admin('GET', '/api/admin/disputes?limit=0'))).toEqual([400, 'validation']);
    const simulate = (body: unknown) =>
      admin('POST', `/api/admin/payments/${order.orderId}/disputes/simulate`, body);
    expect(codeOf(await simulate({ reason: 'because' }))).toEqual([400, 'validation']);
    expect(codeOf(await simulate({ reason: 'fraudulent', amount: -5 }))).toEqual([400, 'validation']);
    expect(codeOf(await simulate({ reason: 'fraudulent', amount: 999999 }))).toEqual([409, 'amount_invalid']);
    expect(
      codeOf(await admin('POST', '/api/admin/payments/nope/disputes/simulate', { reason: 'fraudulent' })),
    ).toEqual([404, 'not_found']);
    expect(
      codeOf(await admin('POST', '/api/admin/disputes/dp_sim_none/simulate', { outcome: 'won' })),
    ).toEqual([404, 'not_found']);
    expect(
      codeOf(await admin('POST', '/api/admin/disputes/dp_sim_none/simulate', { outcome: 'draw' })),
    ).toEqual([400, 'validation']);
    expect(await auditOf(server.store, 'consultation', order.orderId)).toEqual([]);
  });

  it('opens a dispute, refuses refunds while it lasts, and releases the hold once when won', async () => {
    const providerId = `dispute-won-lawyer-${Date.now()}`;
    const order = await capturedOrder(providerId);
    const opened = await admin('POST', `/api/admin/payments/${order.orderId}/disputes/simulate`, {
      reason: 'product_not_received',
      amount: 2450,
    });
    expect(opened.status).toBe(201);
    const dispute = (opened.json as { dispute: DisputeRow }).dispute;
    expect(dispute).toMatchObject({
      orderId: order.orderId,
      amount: 2450,
      status: 'needs_response',
      state: 'open',
      held: 2082,
    });
    expect(Date.parse(dispute.dueBy!)).toBeGreaterThan(Date.now());
    expect(await disputeEntries(order.orderId)).toEqual([['dispute_hold', 2082]]);
    expect(await balanceOf(providerId)).toMatchObject({ earned: 4165, recovered: 2082, balance: 2083 });
    // One dispute per charge, as at Stripe.
    expect(
      codeOf(
        await admin('POST', `/api/admin/payments/${order.orderId}/disputes/simulate`, {
          reason: 'fraudulent',
        }),
      ),
    ).toEqual([409, 'already_disputed']);

    const refund = await admin('POST', `/api/admin/payments/${order.orderId}/refunds`, {
      key: `refund-disputed-${serial}`,
      amount: 1000,
      reason: 'Geste commercial',
    });
    expect(codeOf(refund)).toEqual([409, 'disputed']);
    const moneyBack = await admin('POST', `/api/admin/calls/${order.orderId}/refund`, { reason: 'Geste' });
    expect(codeOf(moneyBack)).toEqual([409, 'disputed']);

    const listed = await admin('GET', '/api/admin/disputes?status=open');
    expect((listed.json as { items: DisputeRow[] }).items.map((item) => item.disputeId)).toContain(
      dispute.disputeId,
    );

    const won = await admin('POST', `/api/admin/disputes/${dispute.disputeId}/simulate`, { outcome: 'won' });
    expect(won.status).toBe(200);
    const again = await admin('POST', `/api/admin/disputes/${dispute.disputeId}/simulate`, {
      outcome: 'won',
    });
    expect((again.json as { changed: boolean }).changed).toBe(false);
    expect(
      codeOf(await admin('POST', `/api/admin/disputes/${dispute.disputeId}/simulate`, { outcome: 'lost' })),
    ).toEqual([409, 'already_closed']);
    expect(await disputeEntries(order.orderId)).toEqual([
      ['dispute_hold', 2082],
      ['dispute_release', 2082],
    ]);
    expect(await balanceOf(providerId)).toMatchObject({ earned: 4165, recovered: 0, balance: 4165 });
    const detail = await admin('GET', `/api/admin/payments/${order.orderId}/disputes`);
    expect((detail.json as { items: DisputeRow[] }).items).toEqual([
      expect.objectContaining({ disputeId: dispute.disputeId, state: 'won', outcome: 'won' }),
    ]);
    // One audit entry per change, on the payment's trail.
    expect(await auditOf(server.store, 'consultation', order.orderId, 2)).toEqual([
      expect.objectContaining({ action: 'dispute_simulate_open', actor: users.admin.uid }),
      expect.objectContaining({
        action: 'dispute_simulate_close',
        before: { disputeId: dispute.disputeId, status: 'needs_response' },
        after: { disputeId: dispute.disputeId, status: 'won' },
        actor: users.admin.uid,
      }),
    ]);
    await expectLedgerBalanced(server.store);
  });

  it('records a lost dispute, keeps the hold, and lists it under lost', async () => {
    const providerId = `dispute-lost-lawyer-${Date.now()}`;
    const order = await capturedOrder(providerId);
    const opened = await admin('POST', `/api/admin/payments/${order.orderId}/disputes/simulate`, {
      reason: 'fraudulent',
    });
    const dispute = (opened.json as { dispute: DisputeRow }).dispute;
    expect(dispute.amount).toBe(4900);
    await admin('POST', `/api/admin/disputes/${dispute.disputeId}/simulate`, { outcome: 'lost' });
    expect(await disputeEntries(order.orderId)).toEqual([
      ['dispute_hold', 4165],
      ['dispute_lost', 4900],
    ]);
    expect(await balanceOf(providerId)).toMatchObject({ earned: 4165, recovered: 4165, balance: 0 });
    const lost = await admin('GET', '/api/admin/disputes?status=lost');
    expect((lost.json as { items: DisputeRow[] }).items.map((item) => item.disputeId)).toEqual([
      dispute.disputeId,
    ]);
    const all = await admin('GET', '/api/admin/disputes?limit=1');
    const page = all.json as { items: DisputeRow[]; next?: string };
    // Newest first, paged.
    expect(page.items.map((item) => item.disputeId)).toEqual([dispute.disputeId]);
    expect(page.next).toBeDefined();
    const next = await admin('GET', `/api/admin/disputes?limit=1&token=${encodeURIComponent(page.next!)}`);
    expect((next.json as { items: DisputeRow[] }).items).toHaveLength(1);
    // The simulated gateway's records of the dispute agree with the ledger's.
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const reconciled = await admin('GET', `/api/admin/reconciliation?from=${from}&to=${to}`);
    expect(reconciled.status).toBe(200);
    expect((reconciled.json as ReconciliationAnswer).mismatches).toEqual([]);
    await expectLedgerBalanced(server.store);
  });
});
