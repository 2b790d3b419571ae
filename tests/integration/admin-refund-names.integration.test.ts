/**
 * Who made a refund, as the console shows it (issue 14, finance/refunds "Par" column and a payment's
 * refund list): the admin's name (their e-mail when they have none), `system` for an automatic refund,
 * never a bare uid. The names come with the page from the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../support/settled';
import { accountIds } from '../../src/domain/account';
import type { RefundRow } from '../../src/domain/admin-refunds';
import type { StoredOrder, StoredRefund } from '../../server/services/consultation/types';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { storeOrder } from '../support/orders';
import { browserCall, mintUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  users = await mintRoles(server.store, 'refund-names');
  // The acting admin has a display name; a second admin has none (only an e-mail).
  const accounts = server.store.db<{ displayName: string }>('accounts');
  const account = await accounts.get(accountIds.account(users.admin.uid));
  await accounts.insert({ ...account, displayName: 'Claire Martin' });
  const nameless = await mintUser(server.store, 'refund-names-admin2', 'admin');
  const other = await accounts.get(accountIds.account(nameless.uid));
  await accounts.insert({ ...other, displayName: '' });
});
afterAll(async () => {
  await server?.close();
});

const refundOf = (key: string, by: string, at: string): StoredRefund => ({
  key,
  amount: 500,
  reason: 'Geste commercial',
  by,
  state: 'done',
  requestedAt: at,
  refundedAt: at,
  refundId: `sim-refund:${key}`,
});

describe('refunds: who made them', () => {
  it('names the admin (or their e-mail) and says system for an automatic refund', async () => {
    const orderId = `ord_names_${Date.now()}`;
    const order = await storeOrder(server.store, {
      orderId,
      clientUid: users.client.uid,
      providerId: 'prov-names',
    });
    const orders = server.store.db<StoredOrder>('orders');
    const stored = await orders.get(orderId);
    await orders.insert({
      ...stored,
      refunds: [
        refundOf('key-admin-one-0001', users.admin.uid, '2026-11-01T10:00:00.000Z'),
        refundOf('key-admin-two-0002', 'refund-names-admin2', '2026-11-01T11:00:00.000Z'),
        refundOf('key-system-00003', 'system', '2026-11-01T12:00:00.000Z'),
      ],
    } as StoredOrder);
    expect(order.orderId).toBe(orderId);

    // The refunds list is a view: on a CouchDB cluster it shows the order a moment after it is written.
    const answer = await settled(
      () => browserCall(server.url, 'GET', `/api/admin/refunds?order=${orderId}`, users.admin.cookie),
      (listed) => (listed.json as { items?: RefundRow[] }).items?.length === 3,
    );
    expect(answer.status).toBe(200);
    const items = (answer.json as { items: RefundRow[] }).items;
    const byKey = Object.fromEntries(items.map((item) => [item.key, { by: item.by, byName: item.byName }]));
    expect(byKey).toEqual({
      'key-admin-one-0001': { by: users.admin.uid, byName: 'Claire Martin' },
      'key-admin-two-0002': { by: 'refund-names-admin2', byName: 'refund-names-admin2@example.test' },
      'key-system-00003': { by: 'system', byName: undefined },
    });
  });
});
