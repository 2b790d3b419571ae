/**
 * Refunds killed half-way: the service (as `npm start` runs it) and its embedded store are killed
 * with SIGKILL after the simulated gateway has made the refunds but before the service has recorded
 * them (each refund is made slow to answer, and said once made), then started again on the same data. The refunds are
 * finished at start, and each order ends refunded exactly once: one refund at the gateway, one
 * `refund` and one `provider_recovery` entry in the ledger, the order's refund done, the ledger
 * balanced.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RefundRow } from '../../src/domain/admin-refunds';
import { splitCommission } from '../../src/domain/order';
import { createSimulatedGateway } from '../../server/adapters/payments/simulated';
import { record } from '../../server/services/consultation/ledger';
import type { StoredOrder } from '../../server/services/consultation/types';
import { migrate } from '../../server/store/migrate';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { storeOrder } from '../support/orders';
import { ledgerEntries } from '../support/payouts';
import { killService, startService } from '../support/service-process';
import type { RunningService } from '../support/service-process';
import { browserCall, mintUser } from '../support/sessions';
import { startTestStore } from '../support/test-server';

const ORDERS = 6;
const running: RunningService[] = [];
let dataDir: string;

afterAll(async () => {
  for (const service of running) service.child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const start = async (refundDelayMs: number) => {
  const service = await startService({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PAYOUT_DAILY_AT: 'off',
    SIMULATED_REFUND_DELAY_MS: String(refundDelayMs),
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ADMIN_API_CALLS_PER_MINUTE: '1000000',
  });
  running.push(service);
  return service;
};

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('refunds killed half-way', () => {
  it('are each made and recorded exactly once after a restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-refunds-crash-'));
    const setup = await startTestStore(dataDir);
    await migrate(setup.store);
    const admin = await mintUser(setup.store, 'refund-crash-admin', 'admin');
    const client = await mintUser(setup.store, 'refund-crash-client', 'client');
    const gateway = createSimulatedGateway(setup.store);
    const orders: StoredOrder[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const orderId = `ord_refund_crash_${i}`;
      const { intent, clientSecret } = await gateway.createIntent({
        orderId,
        amount: 4900,
        currency: 'EUR',
        description: 'Appel avocat',
        metadata: { orderId },
        idempotencyKey: `${orderId}:intent`,
      });
      await gateway.confirmCard(clientSecret, { number: '4242424242424242', exp: '12/34', cvc: '123' });
      await gateway.capture(intent.id, `${orderId}:capture`);
      const order = await storeOrder(setup.store, {
        orderId,
        clientUid: client.uid,
        providerId: `refund-crash-lawyer-${i % 2}`,
        payment: { state: 'captured', intentId: intent.id },
      });
      const at = new Date().toISOString();
      const { commission, providerShare } = splitCommission(4900, order.commissionRate);
      await record(setup.store, order, 'capture', 4900, at);
      await record(setup.store, order, 'commission', commission, at);
      await record(setup.store, order, 'provider_share', providerShare, at);
      orders.push(order);
    }
    await setup.store.close();

    // Each refund, once made at the gateway, takes 10 s to be answered: the kill lands in between.
    const first = await start(10_000);
    const refund = (service: RunningService, orderId: string, amount: number) =>
      browserCall(service.url, 'POST', `/api/admin/payments/${orderId}/refunds`, admin.cookie, {
        key: `crash-refund-${orderId}`,
        amount,
        reason: 'Appel coupé',
      });
    const answers = orders.map((order, i) =>
      refund(first, order.orderId, 1000 + i * 100).catch(() => undefined),
    );
    await until(async () => {
      const page = await browserCall(
        first.url,
        'GET',
        '/api/admin/refunds?state=pending&limit=100',
        admin.cookie,
      );
      return (page.json as { items: RefundRow[] }).items.length === ORDERS ? true : undefined;
    });
    // Reserved, then made at the gateway a moment later (the adapter says so): kill then, within the 10 s.
    await until(async () => {
      const made = first.output().match(/\[payments\] simulated refund of \S+ made/g) ?? [];
      return made.length === ORDERS ? true : undefined;
    });
    await killService(first);
    await Promise.all(answers);

    // The kill landed where it was meant to: made at the gateway, not yet recorded by the service.
    const between = await startTestStore(dataDir);
    try {
      const gatewayThen = createSimulatedGateway(between.store);
      for (const order of orders) {
        expect(await gatewayThen.listRefunds(order.payment.intentId), order.orderId).toHaveLength(1);
        const stored = await between.store.db<StoredOrder>('orders').get(order.orderId);
        expect(
          stored.refunds?.map((r) => r.state),
          order.orderId,
        ).toEqual(['pending']);
      }
      expect((await ledgerEntries(between.store)).filter((entry) => entry.kind === 'refund')).toEqual([]);
    } finally {
      await between.store.close();
    }

    // Started again: every pending refund is finished at start, none made twice.
    const second = await start(0);
    await until(async () => {
      const page = await browserCall(second.url, 'GET', '/api/admin/refunds?limit=100', admin.cookie);
      const items = (page.json as { items?: RefundRow[] }).items ?? [];
      return items.length === ORDERS && items.every((item) => item.state === 'done') ? true : undefined;
    });
    // The same requests sent again (the admin retries): the same refunds, nothing more.
    for (const [i, order] of orders.entries()) {
      const again = await refund(second, order.orderId, 1000 + i * 100);
      expect(again.status).toBe(200);
      expect((again.json as { changed: boolean }).changed).toBe(false);
    }
    second.child.kill('SIGTERM');
    await second.exited;

    const { store } = await startTestStore(dataDir);
    try {
      const check = createSimulatedGateway(store);
      const entries = await ledgerEntries(store);
      for (const [i, order] of orders.entries()) {
        const made = await check.listRefunds(order.payment.intentId);
        expect(
          made.map((r) => r.amount),
          order.orderId,
        ).toEqual([1000 + i * 100]);
        const theirs = entries.filter((entry) => 'orderId' in entry && entry.orderId === order.orderId);
        expect(
          theirs.filter((entry) => entry.kind === 'refund').map((entry) => entry.amount),
          order.orderId,
        ).toEqual([1000 + i * 100]);
        expect(
          theirs.filter((entry) => entry.kind === 'provider_recovery'),
          order.orderId,
        ).toHaveLength(1);
        const stored = await store.db<StoredOrder>('orders').get(order.orderId);
        expect(
          stored.refunds?.map((r) => [r.state, r.refundId]),
          order.orderId,
        ).toEqual([['done', made[0]!.refundId]]);
        expect(stored.payment.refunded, order.orderId).toBe(1000 + i * 100);
      }
      await expectLedgerBalanced(store);
    } finally {
      await store.close();
    }
  }, 180_000);
});
