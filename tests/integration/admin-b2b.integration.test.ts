/**
 * B2B company accounts, through the real service on the embedded store (demo mode, short timings):
 * the console's endpoints (authorisation matrix, bad input, one audit entry per change), a member
 * booking on the account without a card at the negotiated price, the refusals of non-members,
 * removed members and promo codes, the completion without a card invoice, and the monthly billing:
 * one invoice per account and month with consecutive numbers, however often and concurrently it
 * runs, a PDF, marked paid once, and the usage report. The ledger balances at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../support/settled';
import { accountIds } from '../../src/domain/account';
import type { Account } from '../../src/domain/account';
import { b2bInvoiceNumber, monthOf } from '../../src/domain/b2b';
import type { B2bAccount, B2bBillingOption, B2bInvoice, B2bUsage } from '../../src/domain/b2b';
import type { BookingRequest } from '../../src/domain/booking';
import { splitVat } from '../../src/domain/invoice';
import type { CheckoutRequest, CheckoutResponse } from '../../src/domain/order';
import { serviceOfRole } from '../../src/domain/order';
import type { LedgerEntry } from '../../server/services/consultation/ledger';
import type { StoredOrder } from '../../server/services/consultation/types';
import { accountsBilledIn, monthOrders, runB2bBilling } from '../../server/services/b2b/billing';
import { billPreviousMonthOnce } from '../../server/services/b2b/daily';
import type { B2bRun } from '../../server/services/b2b/records';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { pdfText } from '../support/pdf-text';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const FAST_DEMO = {
  SIMULATED_RING_SECONDS: '0.2',
  SIMULATED_NO_ANSWER_SECONDS: '0.3',
  SIMULATED_CALL_SECONDS: '0.6',
  CALL_RETRY_DELAY_SECONDS: '0.1',
};

const ACCOUNT = {
  name: 'Globex Industries SA',
  address: '12 rue de Lyon\n75012 Paris',
  vatId: 'FR12345678901',
  billingEmail: 'Compta@Globex.test',
  currency: 'EUR',
};

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function booking(provider: ProviderDoc): BookingRequest {
  return {
    firstName: 'Chloé',
    lastName: 'Martin',
    nationality: 'FR',
    interventionCountry: 'ES',
    title: 'Contrat de travail local',
    description: 'Mon employeur espagnol me propose un avenant, que dois-je vérifier avant de signer ?',
    languages: [provider.languages[0]!],
    phone: '+33612345678',
    acceptedTerms: true,
  };
}

type ErrorBody = { error?: { code?: string; fields?: Record<string, string> } };
const codeOf = (json: unknown) => (json as ErrorBody).error?.code;

describe('B2B company accounts', () => {
  let server: TestServer;
  let users: RoleUsers;
  let member: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  let lawyer: ProviderDoc;
  let account: B2bAccount;
  let second: B2bAccount;
  const orders: string[] = [];

  const call = (method: string, path: string, user: TestUser | undefined, body?: unknown) =>
    browserCall(server.url, method, path, user?.cookie ?? '', body);
  const admin = (method: string, path: string, body?: unknown) => call(method, path, users.admin, body);

  function purchase(extra: Partial<CheckoutRequest> = {}): CheckoutRequest {
    return {
      providerId: lawyer._id,
      service: serviceOfRole(lawyer.role),
      currency: 'EUR',
      booking: booking(lawyer),
      expectedTotal: 3900,
      idempotencyKey: `b2b-${Math.random().toString(36).slice(2)}`,
      billing: { accountId: account.id },
      ...extra,
    };
  }

  async function completed(orderId: string): Promise<StoredOrder> {
    return waitFor(async () => {
      const order = await server.store.db<StoredOrder>('orders').get(orderId);
      return order.state === 'completed' ? order : undefined;
    }, `order ${orderId} to complete`);
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: () => FAST_DEMO });
    users = await mintRoles(server.store, 'b2b');
    member = await mintUser(server.store, 'b2b-member');
    colleague = await mintUser(server.store, 'b2b-colleague');
    outsider = await mintUser(server.store, 'b2b-outsider');
    lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
  });
  afterAll(async () => {
    try {
      if (server) await expectLedgerBalanced(server.store);
    } finally {
      await server?.close();
    }
  });

  it('lets only admins reach every endpoint', async () => {
    const id = 'co_000000000000';
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/admin/b2b/accounts'],
      ['POST', '/api/admin/b2b/accounts', ACCOUNT],
      ['GET', `/api/admin/b2b/accounts/${id}`],
      ['PUT', `/api/admin/b2b/accounts/${id}`, ACCOUNT],
      ['PUT', `/api/admin/b2b/accounts/${id}/prices`, { lawyerCall: 3900 }],
      ['GET', `/api/admin/b2b/accounts/${id}/members`],
      ['POST', `/api/admin/b2b/accounts/${id}/members`, { email: 'a@b.test' }],
      ['DELETE', `/api/admin/b2b/accounts/${id}/members/a@b.test`],
      ['POST', '/api/admin/b2b/billing/run', { month: '2020-01' }],
      ['GET', '/api/admin/b2b/billing/runs'],
      ['GET', '/api/admin/b2b/invoices'],
      ['GET', `/api/admin/b2b/invoices/${id}/2020-01`],
      ['GET', `/api/admin/b2b/invoices/${id}/2020-01/pdf`],
      ['POST', `/api/admin/b2b/invoices/${id}/2020-01/paid`],
      ['GET', `/api/admin/b2b/reports/${id}?month=2020-01`],
    ];
    for (const [method, path, body] of endpoints)
      await expectAdminOnly(server.url, users, method, path, body);
    // Nothing was created by the refused requests.
    const list = await admin('GET', '/api/admin/b2b/accounts');
    expect(list).toMatchObject({ status: 200, json: { items: [] } });
    // Signed out, the checkout's list of company accounts is refused too.
    expect((await call('GET', '/api/checkout/billing-accounts', undefined)).status).toBe(401);
  });

  it('creates, edits and prices an account, each change audited once; bad input is a coded 400', async () => {
    const bad = await admin('POST', '/api/admin/b2b/accounts', {
      ...ACCOUNT,
      name: ' ',
      billingEmail: 'nope',
      currency: 'GBP',
    });
    expect(bad.status).toBe(400);
    expect((bad.json as ErrorBody).error).toMatchObject({
      code: 'validation',
      fields: { name: 'required', billingEmail: 'email_invalid', currency: 'value_invalid' },
    });
    const created = await admin('POST', '/api/admin/b2b/accounts', {
      ...ACCOUNT,
      prices: { lawyerCall: 3900 },
    });
    expect(created.status).toBe(201);
    account = (created.json as { account: B2bAccount }).account;
    expect(account).toMatchObject({
      name: ACCOUNT.name,
      billingEmail: 'compta@globex.test',
      active: true,
      prices: { lawyerCall: 3900 },
    });

    const edited = await admin('PUT', `/api/admin/b2b/accounts/${account.id}`, {
      ...ACCOUNT,
      name: 'Globex Industries',
    });
    expect((edited.json as { account: B2bAccount }).account.name).toBe('Globex Industries');
    account = (edited.json as { account: B2bAccount }).account;

    const badPrice = await admin('PUT', `/api/admin/b2b/accounts/${account.id}/prices`, {
      lawyerCall: 12.5,
      expatCall: 100,
    });
    expect(badPrice.status).toBe(400);
    expect((badPrice.json as ErrorBody).error?.fields).toEqual({
      lawyerCall: 'value_invalid',
      expatCall: 'price_range',
    });
    const priced = await admin('PUT', `/api/admin/b2b/accounts/${account.id}/prices`, {
      lawyerCall: 3900,
      expatCall: 1500,
    });
    expect((priced.json as { account: B2bAccount }).account.prices).toEqual({
      lawyerCall: 3900,
      expatCall: 1500,
    });
    // The same prices again change nothing, and audit nothing.
    await admin('PUT', `/api/admin/b2b/accounts/${account.id}/prices`, { lawyerCall: 3900, expatCall: 1500 });

    const trail = await auditOf(server.store, 'b2b_account', account.id, 3);
    expect(trail.map((entry) => entry.action)).toEqual([
      'b2b_account_create',
      'b2b_account_update',
      'b2b_prices',
    ]);
    expect(trail[1]).toMatchObject({
      before: { name: 'Globex Industries SA' },
      after: { name: 'Globex Industries' },
    });
    expect(trail[2]).toMatchObject({
      before: { 'prices.expatCall': null },
      after: { 'prices.expatCall': 1500 },
    });

    const search = async (q: string) =>
      settled(
        async () =>
          ((await admin('GET', `/api/admin/b2b/accounts?q=${q}`)).json as { items: B2bAccount[] }).items.map(
            (a) => a.id,
          ),
        (ids) => ids.length > 0,
      );
    expect(await search('globex')).toEqual([account.id]);
    expect(await search('indus')).toEqual([account.id]);
    expect((await admin('GET', '/api/admin/b2b/accounts/co_ffffffffffff')).status).toBe(404);
  });

  it('adds and lists members by e-mail, audited once each', async () => {
    const bad = await admin('POST', `/api/admin/b2b/accounts/${account.id}/members`, {
      email: 'not-an-email',
    });
    expect([bad.status, codeOf(bad.json)]).toEqual([400, 'validation']);
    for (const user of [member, colleague]) {
      const added = await admin('POST', `/api/admin/b2b/accounts/${account.id}/members`, {
        email: user.email.toUpperCase(),
      });
      expect(added.status).toBe(201);
    }
    const again = await admin('POST', `/api/admin/b2b/accounts/${account.id}/members`, {
      email: member.email,
    });
    expect(again.status).toBe(200);
    const list = await admin('GET', `/api/admin/b2b/accounts/${account.id}/members`);
    expect((list.json as { items: { email: string }[] }).items.map((m) => m.email).sort()).toEqual(
      [member.email, colleague.email].sort(),
    );
    const adds = (await auditOf(server.store, 'b2b_account', account.id, 2, 'b2b_member_add')).filter(
      (e) => e.action === 'b2b_member_add',
    );
    expect(adds).toHaveLength(2);
  });

  it('offers the account to its members only, and refuses outsiders, promo codes and other prices', async () => {
    const offered = await call('GET', '/api/checkout/billing-accounts', member);
    expect((offered.json as { accounts: B2bBillingOption[] }).accounts).toEqual([
      {
        accountId: account.id,
        name: 'Globex Industries',
        currency: 'EUR',
        prices: { lawyerCall: 3900, expatCall: 1500 },
      },
    ]);
    const none = await call('GET', '/api/checkout/billing-accounts', outsider);
    expect((none.json as { accounts: unknown[] }).accounts).toEqual([]);

    const refused = await call('POST', '/api/checkout', outsider, purchase());
    expect([refused.status, codeOf(refused.json)]).toEqual([403, 'b2b_not_member']);
    const promo = await call('POST', '/api/checkout', member, purchase({ promoCode: 'BIENVENUE10' }));
    expect([promo.status, codeOf(promo.json)]).toEqual([400, 'b2b_no_promo']);
    const standard = await call('POST', '/api/checkout', member, purchase({ expectedTotal: 4900 }));
    expect([standard.status, codeOf(standard.json)]).toEqual([409, 'amount_mismatch']);
    const dollars = await call('POST', '/api/checkout', member, purchase({ currency: 'USD' }));
    expect([dollars.status, codeOf(dollars.json)]).toEqual([400, 'b2b_currency']);
    // Membership is by e-mail: an address nobody confirmed does not count (anyone could register it).
    const unverified = await mintUser(server.store, 'b2b-unverified');
    const accounts = server.store.db<Account & { _id: string; _rev: string }>('accounts');
    const stored = await accounts.get(accountIds.account(unverified.uid));
    await accounts.insert({ ...stored, isVerifiedEmail: false });
    await admin('POST', `/api/admin/b2b/accounts/${account.id}/members`, { email: unverified.email });
    const notConfirmed = await call('POST', '/api/checkout', unverified, purchase());
    expect([notConfirmed.status, codeOf(notConfirmed.json)]).toEqual([403, 'b2b_email_unverified']);
    expect((await call('GET', '/api/checkout/billing-accounts', unverified)).json).toEqual({ accounts: [] });
    await admin(
      'DELETE',
      `/api/admin/b2b/accounts/${account.id}/members/${encodeURIComponent(unverified.email)}`,
    );

    const forged = await call('POST', '/api/checkout', member, purchase({ billing: { accountId: '../x' } }));
    expect([forged.status, codeOf(forged.json)]).toEqual([400, 'invalid_request']);
  });

  it('lets a member book without a card at the negotiated price; completion issues no card invoice', async () => {
    const placed = await call('POST', '/api/checkout', member, purchase());
    expect(placed.status).toBe(201);
    const answer = placed.json as CheckoutResponse;
    expect(answer.payment.gateway).toBe('account');
    expect(answer.quote).toMatchObject({ total: 3900, standard: 3900, discount: 0, currency: 'EUR' });
    orders.push(answer.orderId);

    const order = await completed(answer.orderId);
    expect(order).toMatchObject({
      billing: { accountId: account.id, accountName: 'Globex Industries' },
      payment: { gateway: 'account', state: 'captured' },
    });
    expect(order.billing?.completedAt).toBeTruthy();
    expect(order.invoiceNumber).toBeUndefined();
    const { rows } = await server.store.db<{ type?: string }>(member.db).list({ include_docs: true });
    expect(rows.filter((row) => row.doc?.type === 'invoice')).toEqual([]);
    // The member's call page says who is billed instead of waiting for a card invoice.
    const session = rows.find((row) => row.doc?.type === 'call_session')?.doc as
      { billedTo?: string; invoiceId?: string } | undefined;
    expect(session).toMatchObject({ billedTo: 'Globex Industries' });
    expect(session?.invoiceId).toBeUndefined();

    const ledger = (await server.store.db<LedgerEntry>('ledger').list({ include_docs: true })).rows
      .map((row) => row.doc!)
      .filter((entry) => entry.orderId === answer.orderId);
    expect(Object.fromEntries(ledger.map((entry) => [entry.kind, entry.amount]))).toEqual({
      authorisation: 3900,
      capture: 3900,
      commission: 585,
      provider_share: 3315,
    });
    expect(new Set(ledger.map((entry) => entry.gateway))).toEqual(new Set(['account']));

    // The same checkout sent again (a lost answer) is the same order.
    const key = purchase({ idempotencyKey: 'b2b-same-key' });
    const first = await call('POST', '/api/checkout', colleague, key);
    const second = await call('POST', '/api/checkout', colleague, key);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect((second.json as CheckoutResponse).orderId).toBe((first.json as CheckoutResponse).orderId);
    orders.push((second.json as CheckoutResponse).orderId);
    await completed(orders[1]!);
  });

  it('releases a consultation that did not take place, and never bills it', async () => {
    const placed = await call(
      'POST',
      '/api/checkout',
      member,
      purchase({ demo: { providerLine: 'no_answer' } }),
    );
    expect(placed.status).toBe(201);
    const { orderId } = placed.json as CheckoutResponse;
    const failed = await waitFor(async () => {
      const order = await server.store.db<StoredOrder>('orders').get(orderId);
      return order.state === 'failed' ? order : undefined;
    }, 'the consultation to fail');
    expect(failed.payment).toMatchObject({ gateway: 'account', state: 'released' });
    expect(failed.billing?.completedAt).toBeUndefined();
  });

  it('refuses a member once removed, at once', async () => {
    const removed = await call(
      'DELETE',
      `/api/admin/b2b/accounts/${account.id}/members/${encodeURIComponent(colleague.email)}`,
      users.admin,
    );
    expect(removed.status).toBe(204);
    const twice = await call(
      'DELETE',
      `/api/admin/b2b/accounts/${account.id}/members/${encodeURIComponent(colleague.email)}`,
      users.admin,
    );
    expect([twice.status, codeOf(twice.json)]).toEqual([404, 'not_found']);
    const refused = await call('POST', '/api/checkout', colleague, purchase());
    expect([refused.status, codeOf(refused.json)]).toEqual([403, 'b2b_not_member']);
    const none = await call('GET', '/api/checkout/billing-accounts', colleague);
    expect((none.json as { accounts: unknown[] }).accounts).toEqual([]);
    const removals = (await auditOf(server.store, 'b2b_account', account.id, 1, 'b2b_member_remove')).filter(
      (e) => e.action === 'b2b_member_remove' && (e.before as { member?: string }).member === colleague.email,
    );
    expect(removals).toHaveLength(1);

    // A deactivated account cannot be booked on either.
    const other = await admin('POST', '/api/admin/b2b/accounts', {
      ...ACCOUNT,
      name: 'Initech GmbH',
      active: false,
    });
    second = (other.json as { account: B2bAccount }).account;
    await admin('POST', `/api/admin/b2b/accounts/${second.id}/members`, { email: outsider.email });
    const inactive = await call(
      'POST',
      '/api/checkout',
      outsider,
      purchase({ billing: { accountId: second.id }, expectedTotal: 4900 }),
    );
    expect([inactive.status, codeOf(inactive.json)]).toEqual([403, 'b2b_account_inactive']);
    await admin('PUT', `/api/admin/b2b/accounts/${second.id}`, {
      ...ACCOUNT,
      name: 'Initech GmbH',
      active: true,
    });
    // No negotiated price: the standard one.
    const placed = await call(
      'POST',
      '/api/checkout',
      outsider,
      purchase({ billing: { accountId: second.id }, expectedTotal: 4900 }),
    );
    expect(placed.status).toBe(201);
    orders.push((placed.json as CheckoutResponse).orderId);
    await completed(orders[2]!);
  });

  it('bills each account once per month, with consecutive numbers, however often and concurrently it runs', async () => {
    const now = new Date();
    const month = monthOf(now);
    const early = await admin('POST', '/api/admin/b2b/billing/run', { month });
    expect([early.status, codeOf(early.json)]).toEqual([409, 'b2b_month_not_over']);
    const badMonth = await admin('POST', '/api/admin/b2b/billing/run', { month: '2026-13' });
    expect([badMonth.status, codeOf(badMonth.json)]).toEqual([400, 'validation']);

    // A month is billed long after its last consultation; here, a moment after: on a CouchDB
    // cluster a copy of the orders may still lag that moment, so the test waits until the views the
    // run reads show them, read as the run reads them (from one stable set of copies).
    await settled(
      async () => ({
        accounts: (await accountsBilledIn(server.store, month)).length,
        globex: (await monthOrders(server.store, account.id, month)).length,
        initech: (await monthOrders(server.store, second.id, month)).length,
      }),
      ({ accounts, globex, initech }) => accounts >= 2 && globex >= 2 && initech >= 1,
    );
    // The month is over: the run happens next month (the service's clock moved on).
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 6));
    const runs: B2bRun[] = await Promise.all([
      runB2bBilling(server.store, { month, trigger: 'manual', actor: users.admin.uid, now: nextMonth }),
      runB2bBilling(server.store, { month, trigger: 'manual', actor: users.admin.uid, now: nextMonth }),
      billPreviousMonthOnce(server.store, nextMonth).then(() =>
        runB2bBilling(server.store, { month, trigger: 'manual', actor: users.admin.uid, now: nextMonth }),
      ),
    ]);
    expect(await billPreviousMonthOnce(server.store, nextMonth)).toBeUndefined();
    const created = runs.flatMap((run) => run.created).sort();
    const year = nextMonth.getUTCFullYear();
    expect(created).toEqual([b2bInvoiceNumber(year, 1), b2bInvoiceNumber(year, 2)]);

    const list = await admin('GET', `/api/admin/b2b/invoices?month=${month}`);
    const invoices = (list.json as { items: B2bInvoice[] }).items;
    expect(invoices).toHaveLength(2);
    const globex = invoices.find((invoice) => invoice.accountId === account.id)!;
    const { net, vat } = splitVat(7800, globex.vatRate);
    expect(globex).toMatchObject({
      month,
      state: 'issued',
      currency: 'EUR',
      buyer: { name: 'Globex Industries', vatId: ACCOUNT.vatId, email: 'compta@globex.test' },
      amounts: { total: 7800, net, vat },
    });
    expect(globex.lines.map((line) => [line.orderId, line.amount, line.member.email]).sort()).toEqual(
      [
        [orders[0], 3900, member.email],
        [orders[1], 3900, colleague.email],
      ].sort(),
    );
    const initech = invoices.find((invoice) => invoice.accountId === second.id)!;
    expect(initech.amounts.total).toBe(4900);

    const runsList = await admin('GET', '/api/admin/b2b/billing/runs');
    expect((runsList.json as { items: B2bRun[] }).items.length).toBeGreaterThanOrEqual(4);
    const audits = await auditOf(server.store, 'b2b_run', runs[0]!.id, 1);
    expect(audits).toHaveLength(1);
  });

  it('serves the PDF, marks an invoice paid once, and reports usage per member', async () => {
    const month = monthOf(new Date());
    const pdf = await fetch(`${server.url}/api/admin/b2b/invoices/${account.id}/${month}/pdf?lang=en`, {
      headers: { cookie: users.admin.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const number = (await admin('GET', `/api/admin/b2b/invoices/${account.id}/${month}`)).json as {
      invoice: B2bInvoice;
    };
    for (const expected of [
      number.invoice.number,
      'Globex Industries',
      'Chloé Martin',
      lawyer.fullName,
      '€78.00',
      'Lawyer call',
    ])
      expect(text).toContain(expected);
    const badLang = await admin('GET', `/api/admin/b2b/invoices/${account.id}/${month}/pdf?lang=xx`);
    expect([badLang.status, codeOf(badLang.json)]).toEqual([400, 'validation']);

    const paid = await admin('POST', `/api/admin/b2b/invoices/${account.id}/${month}/paid`);
    expect((paid.json as { invoice: B2bInvoice }).invoice).toMatchObject({
      state: 'paid',
      paidBy: users.admin.uid,
    });
    await admin('POST', `/api/admin/b2b/invoices/${account.id}/${month}/paid`);
    const invoiceId = `b2b-invoice:${account.id}:${month}`;
    expect(await auditOf(server.store, 'b2b_invoice', invoiceId, 1)).toHaveLength(1);
    const paidOnly = await admin('GET', '/api/admin/b2b/invoices?state=paid');
    expect((paidOnly.json as { items: B2bInvoice[] }).items.map((i) => i.id)).toEqual([invoiceId]);
    expect((await admin('GET', `/api/admin/b2b/invoices/${account.id}/2019-01`)).status).toBe(404);

    const report = await admin('GET', `/api/admin/b2b/reports/${account.id}?month=${month}`);
    const usage = (report.json as { usage: B2bUsage }).usage;
    expect(usage).toMatchObject({ consultations: 2, amount: 7800, currency: 'EUR' });
    expect(usage.members.map((m) => [m.email, m.consultations, m.amount]).sort()).toEqual(
      [
        [member.email, 1, 3900],
        [colleague.email, 1, 3900],
      ].sort(),
    );
    const noMonth = await admin('GET', `/api/admin/b2b/reports/${account.id}`);
    expect([noMonth.status, codeOf(noMonth.json)]).toEqual([400, 'validation']);
  });

  it('refuses to refund an account-billed consultation at the gateway', async () => {
    const order = await server.store.db<StoredOrder>('orders').get(orders[0]!);
    await expect(
      server.services.gateway.refund(order.payment.intentId, `${order.orderId}:refund:test`),
    ).rejects.toMatchObject({ code: 'refund_not_supported' });
  });
});
