/**
 * The ledger per currency (issue 14, finance/ledger): a provider paid in EUR and in USD has two
 * balances, never one sum of both; `GET /api/admin/ledger/balances` answers each currency's balance
 * (admins only, bad parameters a coded 400), and a page in one currency runs that currency alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerBalancesAnswer, LedgerPageAnswer } from '../../src/domain/admin-ledger';
import { splitCommission } from '../../src/domain/order';
import { record, recordPayoutMovement } from '../../server/services/consultation/ledger';
import type { StoredOrder } from '../../server/services/consultation/types';
import { expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { earn, SHARE } from '../support/payouts';
import { storeOrder } from '../support/orders';
import { browserCall } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
const providerId = 'ledger-two-currencies';
let usdOrder: StoredOrder;
const USD_TOTAL = 6000;
const USD_SHARE = splitCommission(USD_TOTAL, 0.15).providerShare;

const admin = (path: string) => browserCall(server.url, 'GET', path, users.admin.cookie);

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'ledger-cur');
  await earn(server.store, providerId);
  await earn(server.store, providerId);
  usdOrder = await storeOrder(server.store, {
    orderId: `ord_usd_${Date.now()}`,
    clientUid: 'usd-client',
    providerId,
    providerHasAccount: true,
    quote: { currency: 'USD', standard: USD_TOTAL, total: USD_TOTAL },
  });
  const at = new Date().toISOString();
  const { commission, providerShare } = splitCommission(USD_TOTAL, usdOrder.commissionRate);
  await record(server.store, usdOrder, 'capture', USD_TOTAL, at);
  await record(server.store, usdOrder, 'commission', commission, at);
  await record(server.store, usdOrder, 'provider_share', providerShare, at);
  // One EUR share paid out.
  await recordPayoutMovement(
    server.store,
    { payoutId: 'po_cur_1', providerId, gateway: 'simulated', amount: SHARE, currency: 'EUR' },
    'payout',
    new Date().toISOString(),
  );
});

afterAll(async () => {
  try {
    if (server) await expectLedgerBalanced(server.store);
  } finally {
    await server?.close();
  }
});

describe('GET /api/admin/ledger/balances', () => {
  it('is for admins only and refuses bad parameters with a code', async () => {
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/ledger/balances?provider=${providerId}`);
    const cases: [string, string, string][] = [
      ['', 'order', 'required'],
      ['order=a&provider=b', 'provider', 'value_invalid'],
      ['provider=a%20b', 'provider', 'value_invalid'],
    ];
    for (const [query, field, code] of cases) {
      const answer = await admin(`/api/admin/ledger/balances?${query}`);
      const error = (answer.json as { error?: { code?: string; fields?: Record<string, string> } }).error;
      expect([query, answer.status, error?.code, error?.fields?.[field]]).toEqual([
        query,
        400,
        'validation',
        code,
      ]);
    }
  });

  it("answers a provider's balance in each currency, never one sum", async () => {
    const answer = await admin(`/api/admin/ledger/balances?provider=${providerId}`);
    expect(answer.status).toBe(200);
    expect((answer.json as LedgerBalancesAnswer).balances).toEqual([
      { currency: 'EUR', balance: SHARE },
      { currency: 'USD', balance: USD_SHARE },
    ]);
  });

  it("answers an order's money kept in its currency", async () => {
    const answer = await admin(`/api/admin/ledger/balances?order=${usdOrder.orderId}`);
    expect(answer.status).toBe(200);
    expect((answer.json as LedgerBalancesAnswer).balances).toEqual([{ currency: 'USD', balance: USD_TOTAL }]);
  });

  it('runs a page in the currency asked for alone', async () => {
    const usd = (await admin(`/api/admin/ledger?provider=${providerId}&currency=USD`))
      .json as LedgerPageAnswer;
    expect(usd.currency).toBe('USD');
    expect(usd.currencies).toEqual(['EUR', 'USD']);
    expect(usd.items.map((line) => [line.currency, line.running])).toEqual([['USD', USD_SHARE]]);
  });
});
