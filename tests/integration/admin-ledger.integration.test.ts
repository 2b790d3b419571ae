/**
 * The ledger in the admin console (`/api/admin/ledger…`) on the real service and a temporary store:
 * admins only; bad parameters refused with a code per parameter; an order's and a provider's
 * entries in pages whose running balance carries over from page to page; the balance check
 * answering a balanced ledger, then naming a forged entry that breaks it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerPageAnswer, LedgerViewLine } from '../../src/domain/admin-ledger';
import type { LedgerCheckResult } from '../../src/domain/ledger-balance';
import { recordPayoutMovement, recordRefund } from '../../server/services/consultation/ledger';
import type { StoredOrder } from '../../server/services/consultation/types';
import { expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { earn, SHARE } from '../support/payouts';
import { browserCall } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
const providerId = 'ledger-provider-lea';
const orders: StoredOrder[] = [];

const admin = (path: string) => browserCall(server.url, 'GET', path, users.admin.cookie);

/** Every page of a ledger query, following the tokens. */
async function allPages(query: string, limit: number): Promise<LedgerPageAnswer[]> {
  const pages: LedgerPageAnswer[] = [];
  let token: string | undefined;
  do {
    const answer = await admin(`/api/admin/ledger?${query}&limit=${limit}${token ? `&token=${token}` : ''}`);
    expect([query, answer.status]).toEqual([query, 200]);
    const page = answer.json as LedgerPageAnswer;
    pages.push(page);
    token = page.next;
  } while (token && pages.length < 20);
  return pages;
}

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'ledger');
  for (let i = 0; i < 4; i += 1) orders.push(await earn(server.store, providerId));
  // Half of the first consultation refunded, then a payout of what is left.
  const first = orders[0]!;
  await recordRefund(
    server.store,
    first,
    { refundId: 're_ledger_half', amount: first.quote.total / 2, refundedBefore: 0 },
    new Date().toISOString(),
  );
  const payout = {
    payoutId: 'po_ledger_1',
    providerId,
    gateway: 'simulated',
    amount: SHARE,
    currency: 'EUR',
  };
  await recordPayoutMovement(server.store, payout, 'payout', new Date().toISOString());
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/admin/ledger', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/ledger?order=${orders[0]!.orderId}`);
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/ledger/check');
  });

  it('refuses bad parameters with a code per parameter', async () => {
    const cases: [string, string, string][] = [
      ['', 'order', 'required'],
      [`order=a&provider=b`, 'provider', 'value_invalid'],
      ['order=a%20b', 'order', 'value_invalid'],
      ['provider=x&currency=XYZ', 'currency', 'value_invalid'],
      ['order=a&from=yesterday', 'from', 'value_invalid'],
      ['order=a&from=2026-11-24&to=2026-11-01', 'to', 'value_invalid'],
      ['order=a&limit=0', 'limit', 'value_invalid'],
      ['order=a&token=forged!', 'token', 'value_invalid'],
      ['order=a&token=bm90LWpzb24', 'token', 'value_invalid'],
    ];
    for (const [query, field, code] of cases) {
      const answer = await admin(`/api/admin/ledger?${query}`);
      const error = (answer.json as { error?: { code?: string; fields?: Record<string, string> } }).error;
      expect([query, answer.status, error?.code, error?.fields?.[field]]).toEqual([
        query,
        400,
        'validation',
        code,
      ]);
    }
  });

  it("answers an order's entries in flow order, the money kept running across pages", async () => {
    const first = orders[0]!;
    const total = first.quote.total;
    const pages = await allPages(`order=${first.orderId}`, 2);
    expect(pages.length).toBe(3);
    const lines = pages.flatMap((page) => page.items);
    expect(lines.map((line) => line.kind)).toEqual([
      'capture',
      'commission',
      'provider_share',
      'refund',
      'provider_recovery',
    ]);
    expect(lines.map((line) => line.running)).toEqual([total, total, total, total / 2, total / 2]);
    // Each page opens where the previous one closed.
    expect(pages.map((page) => page.opening)).toEqual([0, total, total / 2]);
  });

  it("answers a provider's balance running across pages, in their currency", async () => {
    const pages = await allPages(`provider=${providerId}`, 3);
    const lines: LedgerViewLine[] = pages.flatMap((page) => page.items);
    expect(pages[0]!.currency).toBe('EUR');
    expect(pages[0]!.currencies).toEqual(['EUR']);
    expect(lines.map((line) => line.kind).sort()).toEqual(
      [
        'payout',
        'provider_recovery',
        'provider_share',
        'provider_share',
        'provider_share',
        'provider_share',
      ].sort(),
    );
    let expected = 0;
    for (const line of lines) {
      expected += line.effect;
      expect(line.running).toBe(expected);
    }
    const recovery = lines.find((line) => line.kind === 'provider_recovery')!;
    expect(expected).toBe(4 * SHARE - recovery.amount - SHARE);
    expect(pages.slice(1).map((page) => page.opening)).toEqual(
      pages.slice(0, -1).map((page) => page.items[page.items.length - 1]!.running),
    );
  });

  it('bounds the entries by date', async () => {
    const [page] = await allPages(`provider=${providerId}&to=2000-01-01`, 10);
    expect(page!.items).toEqual([]);
    const [later] = await allPages(`order=${orders[1]!.orderId}&from=2000-01-01`, 10);
    expect(later!.items.map((line) => line.kind)).toEqual(['capture', 'commission', 'provider_share']);
  });
});

describe('GET /api/admin/ledger/check', () => {
  it('answers that the ledger balances, then names a forged entry that breaks it', async () => {
    const balanced = (await admin('/api/admin/ledger/check')).json as LedgerCheckResult;
    expect(balanced.balanced).toBe(true);
    expect(balanced.entries).toBeGreaterThanOrEqual(14);
    await expectLedgerBalanced(server.store);

    const victim = orders[1]!;
    await server.store.db('ledger').insert({
      _id: `${victim.orderId}:refund`,
      type: 'ledger',
      kind: 'refund',
      orderId: victim.orderId,
      clientId: victim.client.uid,
      providerId,
      gateway: 'simulated',
      intentId: victim.payment.intentId,
      amount: victim.quote.total * 2,
      currency: 'EUR',
      at: new Date().toISOString(),
    });
    const answer = await admin('/api/admin/ledger/check');
    expect(answer.status).toBe(200);
    const result = answer.json as LedgerCheckResult;
    expect(result.balanced).toBe(false);
    const broken = result.checks.filter((check) => !check.ok);
    expect(broken.map((check) => check.name)).toEqual(['refund_within_capture', 'recovery_matches_refund']);
    expect(broken[0]!.offences).toEqual([
      {
        check: 'refund_within_capture',
        subject: { kind: 'order', id: victim.orderId },
        entryIds: [`${victim.orderId}:refund`, `${victim.orderId}:capture`],
      },
    ]);
  });
});
