/**
 * A payment refunded in parts, as its detail in the console shows it (`GET /api/admin/payments/:id`,
 * the calls screen's consultation detail): each partial refund is its own ledger entry
 * (`<orderId>:refund:<refundId>`, with its `provider_recovery`), and the detail lists every one of
 * them with the running total of the money kept, down to nothing once all is given back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDetail } from '../../src/domain/admin-payments';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall } from '../support/sessions';
import { completedConsultation as completeOne } from '../support/completed-consultation';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

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
      ADMIN_API_CALLS_PER_MINUTE: '100000',
    }),
  });
  users = await mintRoles(server.store, 'refund-ledger');
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

const completedConsultation = async () => (await completeOne(server, users.client.cookie, lawyer)).orderId;

describe('a payment refunded in parts, in its console detail', () => {
  it('lists each refund and each recovery of the provider’s share, the money kept going down to 0', async () => {
    const orderId = await completedConsultation();
    for (const [key, amount] of [
      ['ledger-part-one', 2450],
      ['ledger-part-two', 2450],
    ] as const) {
      const answer = await admin('POST', `/api/admin/payments/${orderId}/refunds`, {
        key,
        amount,
        reason: 'Appel coupé',
      });
      expect(answer.status).toBe(200);
    }
    const detail = await admin('GET', `/api/admin/payments/${orderId}`);
    expect(detail.status).toBe(200);
    const { ledger, payment } = (detail.json as { payment: PaymentDetail }).payment;
    expect(payment.state).toBe('refunded');
    expect(ledger.filter((line) => line.kind === 'refund').map((line) => line.amount)).toEqual([2450, 2450]);
    expect(ledger.filter((line) => line.kind === 'provider_recovery')).toHaveLength(2);
    expect(ledger.at(-1)!.running).toBe(0);
  });
});
