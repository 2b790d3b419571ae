/**
 * A payment refunded at the gateway itself (Stripe's dashboard, say), which the service learns from
 * the webhook (`paymentSettled('refunded')`): the refund is in the ledger, the provider's share is
 * taken back with it, and the ledger balances; a repeated webhook records nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedGateway } from '../../server/adapters/payments/simulated';
import type { LedgerEntry } from '../../server/services/consultation/ledger';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { storeOrder } from '../support/orders';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  if (server) await expectLedgerBalanced(server.store);
  await server?.close();
});

async function ledgerOf(orderId: string): Promise<Record<string, number>> {
  const { rows } = await server.store.db<LedgerEntry>('ledger').list({ include_docs: true });
  return Object.fromEntries(
    rows
      .map((row) => row.doc!)
      .filter((doc) => doc.orderId === orderId)
      .map((doc) => [doc.kind, doc.amount]),
  );
}

describe('a refund made at the gateway', () => {
  it('takes the provider’s share back with the refund, once', async () => {
    const orderId = 'ord_gateway_refund';
    const gateway = server.services.gateway as SimulatedGateway;
    const { intent, clientSecret } = await gateway.createIntent({
      orderId,
      amount: 4900,
      currency: 'EUR',
      description: 'test',
      metadata: { orderId },
      idempotencyKey: `${orderId}:intent`,
    });
    await gateway.confirmCard(clientSecret, { number: '4242424242424242', exp: '12/34', cvc: '123' });
    await storeOrder(server.store, {
      orderId,
      clientUid: 'gw-client',
      providerId: 'gw-lawyer',
      state: 'paid',
      payment: { state: 'authorised', intentId: intent.id },
    });
    const { consultations } = server.services;
    await gateway.capture(intent.id, `${orderId}:capture`);
    await consultations.paymentSettled(orderId, 'captured');
    // Refunded from the gateway's dashboard, then its notice, twice.
    await gateway.refund(intent.id, 'dashboard-refund');
    await consultations.paymentSettled(orderId, 'refunded');
    await consultations.paymentSettled(orderId, 'refunded');

    expect(await ledgerOf(orderId)).toEqual({
      capture: 4900,
      commission: 735,
      provider_share: 4165,
      refund: 4900,
      provider_recovery: 4165,
    });
    const order = await server.store.db('orders').get(orderId);
    expect(order).toMatchObject({ state: 'failed', payment: { state: 'refunded' } });
  });
});
