/**
 * A payment refunded at the gateway itself (Stripe's dashboard, say), which the service learns from
 * the webhook (`paymentSettled('refunded')`): the refund is in the ledger, the provider's share is
 * taken back with it, and the ledger balances; a repeated webhook records nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await storeOrder(server.store, {
      orderId,
      clientUid: 'gw-client',
      providerId: 'gw-lawyer',
      state: 'paid',
      payment: { state: 'authorised' },
    });
    const { consultations } = server.services;
    await consultations.paymentSettled(orderId, 'captured');
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
