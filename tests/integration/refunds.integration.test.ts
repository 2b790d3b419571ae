/**
 * Refunds of a captured payment, whole or in part (issue 14, finance/refunds), on the real service
 * with the simulated gateway: the admin's request, its idempotency, concurrent requests that would
 * refund more than was charged, the provider's share recovered, the credit note (own sequence, VAT in
 * proportion, in the client's database, mailed), and a refund cut short finished at start.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundRow } from '../../src/domain/admin-refunds';
import { CREDIT_NOTE_NUMBER_PATTERN } from '../../src/domain/credit-note';
import type { CreditNoteDoc } from '../../src/domain/credit-note';
import type { InvoiceDoc } from '../../src/domain/invoice';
import type { NotificationDoc } from '../../src/domain/mine';
import { splitCommission } from '../../src/domain/order';
import { userDbName } from '../../src/domain/user-db';
import { updateOrder } from '../../server/services/consultation/order-store';
import type { StoredOrder } from '../../server/services/consultation/types';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { expectLedgerBalanced } from '../support/ledger-balance';
import { eventually, storeOrder } from '../support/orders';
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
  users = await mintRoles(server.store, 'refunds');
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

const refund = (orderId: string, body: Record<string, unknown>) =>
  admin('POST', `/api/admin/payments/${orderId}/refunds`, body);

let keys = 0;
const newKey = () => `refund-key-${Date.now()}-${(keys += 1)}`;

const getOrder = (orderId: string) => server.store.db<StoredOrder>('orders').get(orderId);

async function clientDoc<T>(id: string): Promise<T> {
  return server.store.db<T & object>(userDbName(users.client.uid)).get(id) as Promise<T>;
}

async function ledgerOf(orderId: string) {
  const { rows } = await server.store
    .db<{ kind: string; amount: number; refundId?: string }>('ledger')
    .list({ startkey: `${orderId}:`, endkey: `${orderId}:\ufff0`, include_docs: true });
  return rows.map((row) => row.doc!);
}

async function mailsOfKind(kind: string): Promise<{ kind: string; to: string; attachments?: string[] }[]> {
  const dir = path.join(server.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json'));
  const found = [];
  for (const name of names) {
    const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as {
      kind: string;
      to: string;
      attachments?: string[];
    };
    if (mail.kind === kind) found.push(mail);
  }
  return found;
}

const completedConsultation = () => completeOne(server, users.client.cookie, lawyer);

describe('refunds', () => {
  it('are for admins only, and refuse bad requests with a code per field', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/refunds');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/payments/ord_x/refunds', {
      key: newKey(),
      reason: 'Geste commercial',
    });
    const bad = await refund('ord_x', { key: 'short', amount: -5, reason: '' });
    expect(bad.status).toBe(400);
    expect((bad.json as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      key: 'value_invalid',
      amount: 'value_invalid',
      reason: 'value_invalid',
    });
    expect((await refund('ord_x', { key: newKey(), amount: 1.5, reason: 'Geste' })).status).toBe(400);
    const missing = await refund('ord_missing', { key: newKey(), reason: 'Geste commercial' });
    expect([missing.status, (missing.json as { error: { code: string } }).error.code]).toEqual([
      404,
      'not_found',
    ]);
    // A consultation billed to a company account charged no card: corrected on its monthly invoice.
    const billed = await storeOrder(server.store, {
      orderId: `ord_billed_${Date.now()}`,
      clientUid: users.client.uid,
      providerId: lawyer._id,
    });
    await updateOrder(server.store, billed.orderId, (order) => ({
      ...order,
      billing: { accountId: 'acme', accountName: 'Acme' },
    }));
    const onAccount = await refund(billed.orderId, { key: newKey(), reason: 'Geste commercial' });
    expect([onAccount.status, (onAccount.json as { error: { code: string } }).error.code]).toEqual([
      409,
      'billed_to_account',
    ]);
    expect((await getOrder(billed.orderId)).refunds).toBeUndefined();
    expect((await admin('GET', '/api/admin/refunds?state=nope')).status).toBe(400);
    expect((await admin('GET', '/api/admin/refunds?token=forged!')).status).toBe(400);
  });

  it('refunds half with a credit note in its own sequence, the share recovered, the client told and mailed', async () => {
    const order = await completedConsultation();
    const invoice = await clientDoc<InvoiceDoc>(`invoice:${order.invoiceNumber}`);
    const key = newKey();
    const answer = await refund(order.orderId, { key, amount: 2450, reason: 'Appel coupé au milieu' });
    expect(answer.status).toBe(200);
    const row = (answer.json as { changed: boolean; refund: RefundRow }).refund;
    expect(answer.json).toMatchObject({ changed: true });
    expect(row).toMatchObject({
      amount: 2450,
      state: 'done',
      reason: 'Appel coupé au milieu',
      refundable: 2450,
    });
    expect(row.creditNote?.number).toMatch(CREDIT_NOTE_NUMBER_PATTERN);

    const stored = await getOrder(order.orderId);
    expect(stored.payment).toMatchObject({ state: 'captured', refunded: 2450 });
    expect(stored.state).toBe('completed');

    // The ledger: the refund and half the provider's share taken back, under the gateway's refund id.
    const { providerShare } = splitCommission(4900, stored.commissionRate);
    const entries = await ledgerOf(order.orderId);
    const refunds = entries.filter((entry) => entry.kind === 'refund');
    const recoveries = entries.filter((entry) => entry.kind === 'provider_recovery');
    expect(refunds.map((entry) => entry.amount)).toEqual([2450]);
    expect(recoveries.map((entry) => entry.amount)).toEqual([Math.floor(providerShare / 2)]);
    expect(recoveries[0]!.refundId).toBe(refunds[0]!.refundId);

    // The credit note, in the client's own database (so in their invoices, offline too).
    const creditNote = await clientDoc<CreditNoteDoc>(`credit-note:${row.creditNote!.number}`);
    expect(creditNote).toMatchObject({
      type: 'credit_note',
      invoiceNumber: invoice.number,
      orderId: order.orderId,
      reason: 'Appel coupé au milieu',
      seller: invoice.seller,
      buyer: invoice.buyer,
      amounts: { total: 2450 },
    });
    expect(creditNote.amounts.net + creditNote.amounts.vat).toBe(2450);
    expect(creditNote.amounts.vat).toBe(Math.round(invoice.amounts.vat / 2));

    // The client is told (their language's text is the browser's) and mailed the PDF.
    const notification = await clientDoc<NotificationDoc>(
      `notification:${order.orderId}:partial_refund:${key}`,
    );
    expect(notification).toMatchObject({
      kind: 'partial_refund',
      params: { amount: 2450, currency: 'EUR', number: creditNote.number },
    });
    const mails = await eventually(async () => {
      const found = (await mailsOfKind('credit_note')).filter((mail) =>
        mail.attachments?.includes(`${creditNote.number}.pdf`),
      );
      return found.length ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(users.client.email);

    // One audit entry, with the reason; the list shows the refund.
    const audit = (await auditOf(server.store, 'consultation', order.orderId, 1, 'payment_refund')).filter(
      (entry) => entry.action === 'payment_refund',
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ reason: 'Appel coupé au milieu' });
    const list = await admin('GET', `/api/admin/refunds?order=${order.orderId}`);
    expect((list.json as { items: RefundRow[] }).items.map((item) => item.key)).toEqual([key]);

    // The rest: fully refunded now; the two credit notes give back exactly the invoice's VAT.
    const rest = await refund(order.orderId, { key: newKey(), reason: 'Reste remboursé' });
    expect(rest.status).toBe(200);
    const second = (rest.json as { refund: RefundRow }).refund;
    expect(second.amount).toBe(2450);
    const [, , firstSeq] = CREDIT_NOTE_NUMBER_PATTERN.exec(creditNote.number)!;
    const [, , secondSeq] = CREDIT_NOTE_NUMBER_PATTERN.exec(second.creditNote!.number)!;
    expect(Number(secondSeq)).toBe(Number(firstSeq) + 1);
    expect(creditNote.amounts.vat + second.creditNote!.vat).toBe(invoice.amounts.vat);
    expect(creditNote.amounts.net + second.creditNote!.net).toBe(invoice.amounts.net);
    const after = await getOrder(order.orderId);
    expect(after.payment).toMatchObject({ state: 'refunded', refunded: 4900 });
    expect(after.state).toBe('completed');
    const recovered = (await ledgerOf(order.orderId))
      .filter((entry) => entry.kind === 'provider_recovery')
      .reduce((sum, entry) => sum + entry.amount, 0);
    expect(recovered).toBe(providerShare);

    const none = await refund(order.orderId, { key: newKey(), amount: 100, reason: 'Encore ?' });
    expect([none.status, (none.json as { error: { code: string } }).error.code]).toEqual([
      409,
      'nothing_left',
    ]);
    await expectLedgerBalanced(server.store);
  }, 60_000);

  it('makes one refund per key, whatever is sent again with it', async () => {
    const order = await completedConsultation();
    const key = newKey();
    const answers = await Promise.all([
      refund(order.orderId, { key, amount: 1000, reason: 'Double clic' }),
      refund(order.orderId, { key, amount: 1000, reason: 'Double clic' }),
      refund(order.orderId, { key, amount: 3000, reason: 'Renvoyé autrement' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const changed = answers.filter((answer) => (answer.json as { changed: boolean }).changed);
    expect(changed).toHaveLength(1);
    // The send that reached the store first is the refund, whichever it was (on a cluster, not
    // always the first sent); the others are answered with it.
    const made = (changed[0]!.json as { refund: RefundRow }).refund.amount;
    expect([1000, 3000]).toContain(made);
    for (const answer of answers) expect((answer.json as { refund: RefundRow }).refund.amount).toBe(made);
    const stored = await getOrder(order.orderId);
    expect(stored.refunds).toHaveLength(1);
    expect(stored.payment.refunded).toBe(made);
    const entries = (await ledgerOf(order.orderId)).filter((entry) => entry.kind === 'refund');
    expect(entries.map((entry) => entry.amount)).toEqual([made]);
    // At the gateway too: one refund.
    expect(await server.services.gateway.listRefunds(stored.payment.intentId)).toHaveLength(1);
  }, 60_000);

  it('never refunds more than was charged when refunds race', async () => {
    const order = await completedConsultation();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        refund(order.orderId, { key: newKey(), amount: 1500, reason: `Course ${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    // 4900 holds three refunds of 1500; the others are told what is left.
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect((answer.json as { error: { code: string; left: number } }).error).toMatchObject({
        code: 'exceeds_refundable',
        left: 400,
      });
    }
    const stored = await getOrder(order.orderId);
    expect(stored.payment.refunded).toBe(4500);
    const intent = await server.services.gateway.retrieve(stored.payment.intentId);
    expect(intent.amountRefunded).toBe(4500);
    await expectLedgerBalanced(server.store);
  }, 60_000);

  it('finishes at start a refund a restart cut short after it was reserved', async () => {
    const order = await completedConsultation();
    const key = newKey();
    const at = new Date().toISOString();
    // What a kill right after the reservation leaves: the refund pending, nothing at the gateway.
    await updateOrder(server.store, order.orderId, (current) => ({
      ...current,
      refunds: [
        { key, amount: 900, reason: 'Coupé', by: users.admin.uid, state: 'pending', requestedAt: at },
      ],
    }));
    await server.services.consultations.resume();
    const stored = await getOrder(order.orderId);
    expect(stored.refunds?.[0]).toMatchObject({ key, state: 'done', amount: 900 });
    expect(stored.refunds?.[0]?.creditNote?.number).toMatch(CREDIT_NOTE_NUMBER_PATTERN);
    expect(stored.payment.refunded).toBe(900);
    // Resumed again: nothing more.
    await server.services.consultations.resume();
    expect(await server.services.gateway.listRefunds(stored.payment.intentId)).toHaveLength(1);
    await expectLedgerBalanced(server.store);
  }, 60_000);

  it('records a refund made at the gateway itself once, with its credit note', async () => {
    const order = await completedConsultation();
    // Refunded from the gateway's own dashboard (not through the service), then its notice, twice.
    await server.services.gateway.refund(order.payment.intentId, 'dashboard-refund-1', { amount: 700 });
    await server.services.consultations.paymentSettled(order.orderId, 'refunded');
    await server.services.consultations.paymentSettled(order.orderId, 'refunded');
    const stored = await getOrder(order.orderId);
    expect(stored.refunds).toHaveLength(1);
    expect(stored.refunds?.[0]).toMatchObject({ amount: 700, by: 'gateway', state: 'done' });
    expect(stored.refunds?.[0]?.creditNote?.total).toBe(700);
    expect(stored.payment).toMatchObject({ state: 'captured', refunded: 700 });
    // An admin's refund afterwards counts it: what is left is 4200.
    const tooMuch = await refund(order.orderId, { key: newKey(), amount: 4300, reason: 'Trop' });
    expect((tooMuch.json as { error: { left: number } }).error.left).toBe(4200);
    await expectLedgerBalanced(server.store);
  }, 60_000);
});
