/**
 * The monthly billing of company accounts: for a month that is over, one invoice per account that
 * had completed consultations billed to it that month (`b2b-invoice:<accountId>:<YYYY-MM>`), its lines
 * the consultations (date, member, expert, service, amount), VAT split with the invoicing settings.
 *
 * Exactly once, however often and however concurrently it runs: the invoice's id is fixed by the
 * account and the month and written with createOnce, and its number is taken for that id
 * (invoice-numbers.ts), so a second run (or one resumed after a crash) finds the invoice — or the
 * number — already there. The month's consultations are read from the `b2b-orders` view, which an
 * order enters when it completes (completion.ts): a month is billed only once it is over, so none
 * can join it after.
 *
 * On a CouchDB cluster a view read is answered per shard by whichever copy answers first, and a copy
 * can lag the others for a moment: two reads in a row may disagree. The billing reads its views from
 * one stable set of copies (`stable`), so that what one read shows, the next one shows too.
 */
import { randomBytes } from 'node:crypto';
import { monthOf } from '../../../src/domain/b2b';
import type { B2bInvoice, B2bInvoiceLine } from '../../../src/domain/b2b';
import { splitVat } from '../../../src/domain/invoice';
import { createOnce, getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import { invoicingSettings } from '../consultation/invoices';
import type { StoredOrder } from '../consultation/types';
import { takeB2bInvoiceNumber } from './invoice-numbers';
import { b2bDb, b2bIds, B2B_DB, invoiceFields, readAccount } from './records';
import type { B2bRun, StoredB2bInvoice, StoredB2bRun } from './records';

export class B2bMonthNotOver extends Error {
  constructor(readonly month: string) {
    super(`The month ${month} is not over`);
    this.name = 'B2bMonthNotOver';
  }
}

const BATCH = 500;

/** The month's completed account-billed orders of one account, in order of completion. */
export async function monthOrders(store: Store, accountId: string, month: string): Promise<StoredOrder[]> {
  const orders: StoredOrder[] = [];
  let from: { key: unknown; id?: string } = { key: [accountId, month] };
  for (;;) {
    const answer = await store.db<StoredOrder>('orders').view('b2b-orders', 'completed', {
      startkey: from.key,
      ...(from.id ? { startkey_docid: from.id, skip: 1 } : {}),
      endkey: [accountId, month, '\ufff0'],
      include_docs: true,
      limit: BATCH,
      stable: true,
    });
    const rows = answer.rows as unknown as { id: string; key: unknown; doc?: StoredOrder }[];
    for (const row of rows) if (row.doc?.billing) orders.push(row.doc);
    if (rows.length < BATCH) return orders;
    const last = rows[rows.length - 1]!;
    from = { key: last.key, id: last.id };
  }
}

/** The accounts with at least one completed consultation billed to them in the month. */
export async function accountsBilledIn(store: Store, month: string): Promise<string[]> {
  const answer = await store.db('orders').view('b2b-orders', 'by_month', {
    startkey: [month],
    endkey: [month, '\ufff0'],
    group_level: 2,
    stable: true,
  });
  return (answer.rows as unknown as { key: [string, string] }[]).map((row) => row.key[1]);
}

function lineOf(order: StoredOrder): B2bInvoiceLine {
  return {
    orderId: order.orderId,
    date: order.billing?.consultationAt ?? order.billing?.completedAt ?? order.createdAt,
    member: { name: order.client.name, email: order.client.email },
    provider: order.provider.name,
    service: order.quote.service,
    durationMinutes: order.quote.durationMinutes,
    callSeconds: order.billing?.callSeconds ?? 0,
    amount: order.quote.total,
  };
}

/** Writes the account's invoice for the month unless it exists; answers it and whether this call wrote it. */
export async function billAccount(
  store: Store,
  accountId: string,
  month: string,
  now: Date,
): Promise<{ invoice?: B2bInvoice; created: boolean }> {
  const id = b2bIds.invoice(accountId, month);
  const db = b2bDb<StoredB2bInvoice>(store);
  const existing = await getOrUndefined(db, id);
  if (existing) return { invoice: invoiceFields(existing), created: false };
  const [account, orders, invoicing] = await Promise.all([
    readAccount(store, accountId),
    monthOrders(store, accountId, month),
    invoicingSettings(store),
  ]);
  if (!account || orders.length === 0) return { created: false };
  const lines = orders.map(lineOf).sort((a, b) => a.date.localeCompare(b.date));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const { net, vat } = splitVat(total, invoicing.vatRate);
  const number = await takeB2bInvoiceNumber(store, id, now.getUTCFullYear());
  const issuedAt = now.toISOString();
  const invoice: B2bInvoice = {
    id,
    number,
    accountId,
    month,
    issuedAt,
    seller: invoicing.seller,
    buyer: {
      name: account.name,
      address: account.address,
      vatId: account.vatId,
      email: account.billingEmail,
    },
    currency: account.currency,
    lines,
    amounts: { net, vat, total },
    vatRate: invoicing.vatRate,
    ...(invoicing.vatRate === 0 && invoicing.vatNote ? { vatNote: invoicing.vatNote } : {}),
    state: 'issued',
  };
  if (await createOnce(store, B2B_DB, { ...invoice, _id: id, type: 'b2b_invoice' as const })) {
    return { invoice, created: true };
  }
  const first = await db.get(id);
  return { invoice: invoiceFields(first), created: false };
}

/**
 * Bills a month that is over: every account with consultations in it, each invoice once. The run is
 * recorded (`b2b-run:…`) and audited once, as the admin's or the system's (`scheduled`).
 */
export async function runB2bBilling(
  store: Store,
  {
    month,
    trigger,
    actor,
    now = new Date(),
  }: { month: string; trigger: B2bRun['trigger']; actor: string; now?: Date },
): Promise<B2bRun> {
  if (month >= monthOf(now)) throw new B2bMonthNotOver(month);
  const created: string[] = [];
  const existing: string[] = [];
  for (const accountId of await accountsBilledIn(store, month)) {
    const result = await billAccount(store, accountId, month, now);
    if (result.invoice) (result.created ? created : existing).push(result.invoice.number);
  }
  const at = now.toISOString();
  const run: B2bRun = {
    id: b2bIds.run(month, at, randomBytes(4).toString('hex')),
    month,
    trigger,
    actor,
    at,
    created,
    existing,
  };
  await createOnce(store, B2B_DB, { ...run, _id: run.id, type: 'b2b_run' as const } satisfies StoredB2bRun);
  await recordAudit(store, {
    actor,
    action: 'b2b_billing_run',
    subject: { kind: 'b2b_run', id: run.id },
    before: null,
    after: { month, trigger, created, existing },
    now,
  });
  return run;
}
