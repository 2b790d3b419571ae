/**
 * Refunds of a captured payment, whole or in part: an admin's (finance/refunds, the calls screen),
 * the automatic one after a failed consultation, and one made at the gateway itself (its webhook).
 *
 * Every refund goes through the same steps, each of which can run again without effect, so a refund
 * cut short by a restart is finished by `resumePending` at start:
 * 1. reserved on the order (`refunds[]`, state `pending`) by compare-and-swap: concurrent requests
 *    never reserve more than is left of the capture, and a request key already there is the same
 *    refund, whatever amount it is sent with again;
 * 2. made at the gateway under `<orderId>:refund:<key>`, carrying the key in its metadata so that the
 *    gateway's notice of it is recognised (a refund made at the gateway has its id already);
 * 3. recorded in the ledger under the gateway's refund id, with the provider's share of it recovered;
 * 4. marked `done` on the order (`payment.refunded`; `refunded` once nothing is left);
 * 5. when the consultation was invoiced, a credit note numbered in its own sequence, written into the
 *    client's database (so it is in their invoices, offline) and mailed; then a notification.
 */
import { creditNoteNumber, creditNoteDocId, creditedVat } from '../../../src/domain/credit-note';
import type { CreditNoteDoc } from '../../../src/domain/credit-note';
import { invoiceDocId } from '../../../src/domain/invoice';
import type { InvoiceDoc } from '../../../src/domain/invoice';
import { isFinalPhase } from '../../../src/domain/order';
import { refundable } from '../../../src/domain/refund';
import { userDbName } from '../../../src/domain/user-db';
import type { GatewayRefund, PaymentGateway } from '../../adapters/payments/types';
import { createOnce, getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';
import { openDisputesOf } from './disputes';
import { settleNumber, takeNumber } from './invoices';
import { recordRefund } from './ledger';
import { updateOrder } from './order-store';
import type { StoredCall, StoredOrder, StoredRefund } from './types';
import { notify, notifyMoneyBack } from './user-docs';

export type RefundRefusal =
  | 'not_found'
  | 'not_captured'
  | 'call_in_progress'
  | 'nothing_left'
  | 'exceeds_refundable'
  | 'refused_by_gateway'
  | 'billed_to_account'
  | 'disputed';

export class RefundRefused extends Error {
  constructor(
    readonly reason: RefundRefusal,
    /** What was left to refund, when the amount asked for was more. */
    readonly left?: number,
  ) {
    super(`Refund refused: ${reason}`);
    this.name = 'RefundRefused';
  }
}

export type RefundRequest = {
  key: string;
  /** Minor units; all that is left when absent. */
  amount?: number;
  reason: string;
  /** The admin's uid, or `system`. */
  by: string;
};

export type RefundOutcome = { order: StoredOrder; refund: StoredRefund; changed: boolean };

export type RefundDeps = {
  store: Store;
  gateway: PaymentGateway;
  now: () => Date;
  log: (message: string, error?: unknown) => void;
  mailCreditNote?: (creditNote: CreditNoteDoc, to: string) => Promise<void>;
};

/** The refund a gateway refused (less left there than the order knows of), not a failure to reach it. */
function isGatewayRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, statusCode } = error as { name?: unknown; statusCode?: unknown };
  return (
    name === 'SimulatedPaymentError' ||
    (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && statusCode !== 429)
  );
}

/** What the refunds listed before `key` add up to: the base of its share and VAT (deterministic). */
function refundedBefore(order: StoredOrder, key: string): number {
  let sum = 0;
  for (const refund of order.refunds ?? []) {
    if (refund.key === key) return sum;
    sum += refund.amount;
  }
  return sum;
}

function withRefund(
  order: StoredOrder,
  key: string,
  change: (refund: StoredRefund) => StoredRefund,
): StoredRefund[] {
  return (order.refunds ?? []).map((refund) => (refund.key === key ? change(refund) : refund));
}

export function createRefunds({ store, gateway, now, log, mailCreditNote }: RefundDeps) {
  const orders = store.db<StoredOrder>('orders');
  const getOrder = (orderId: string) => getOrUndefined(orders, orderId);
  const findRefund = (order: StoredOrder | undefined, key: string) =>
    order?.refunds?.find((refund) => refund.key === key);

  /** Step 1: the reservation; answers the refund under the key (reserved now or before). */
  async function reserve(orderId: string, request: RefundRequest, refundId?: string): Promise<boolean> {
    const at = now().toISOString();
    let refusal: RefundRefused | undefined;
    let reserved = false;
    await updateOrder(store, orderId, (order) => {
      refusal = undefined;
      reserved = false;
      if (findRefund(order, request.key)) return undefined;
      // A refund the gateway made is a fact to record; one asked of it must fit in what is left.
      if (!refundId) {
        // No card was charged: a company's consultation is corrected on its monthly invoice.
        if (order.billing) refusal = new RefundRefused('billed_to_account');
        else if (order.payment.state === 'refunded') refusal = new RefundRefused('nothing_left', 0);
        else if (order.payment.state !== 'captured') refusal = new RefundRefused('not_captured');
        else {
          const left = refundable(order.quote.total, order.refunds ?? []);
          if (left <= 0) refusal = new RefundRefused('nothing_left', 0);
          else if ((request.amount ?? left) > left) refusal = new RefundRefused('exceeds_refundable', left);
        }
        if (refusal) return undefined;
      }
      const amount = request.amount ?? refundable(order.quote.total, order.refunds ?? []);
      const refund: StoredRefund = {
        key: request.key,
        amount,
        reason: request.reason,
        by: request.by,
        state: 'pending',
        requestedAt: at,
        ...(refundId ? { refundId } : {}),
      };
      reserved = true;
      return { ...order, refunds: [...(order.refunds ?? []), refund], updatedAt: at };
    });
    if (refusal) throw refusal;
    return reserved;
  }

  /** The gateway refused the refund: the reservation goes, so that what is left is right again. */
  async function dropReservation(orderId: string, key: string): Promise<void> {
    await updateOrder(store, orderId, (order) => {
      const refund = findRefund(order, key);
      if (!refund || refund.state !== 'pending' || refund.refundId) return undefined;
      return { ...order, refunds: (order.refunds ?? []).filter((r) => r.key !== key) };
    });
  }

  /** Steps 2 to 4 for a reserved refund. */
  async function makeAndRecord(order: StoredOrder, refund: StoredRefund): Promise<StoredOrder> {
    let made: Pick<GatewayRefund, 'refundId' | 'amount'>;
    if (refund.refundId) made = { refundId: refund.refundId, amount: refund.amount };
    else {
      try {
        made = await gateway.refund(order.payment.intentId, `${order.orderId}:refund:${refund.key}`, {
          amount: refund.amount,
          metadata: { orderId: order.orderId, refundKey: refund.key },
        });
      } catch (error) {
        if (!isGatewayRefusal(error)) throw error;
        log(`refund ${order.orderId}:${refund.key} refused by the gateway`, error);
        await dropReservation(order.orderId, refund.key);
        await syncFromGateway(order.orderId);
        throw new RefundRefused('refused_by_gateway');
      }
    }
    const at = now().toISOString();
    const before = refundedBefore(order, refund.key);
    await recordRefund(store, order, { ...made, refundedBefore: before }, at);
    const updated = await updateOrder(store, order.orderId, (current) => {
      const mine = findRefund(current, refund.key);
      if (!mine || mine.state === 'done') return undefined;
      const refunds = withRefund(current, refund.key, (r) => ({
        ...r,
        state: 'done',
        refundId: made.refundId,
        refundedAt: r.refundedAt ?? at,
      }));
      const refunded = refunds.filter((r) => r.state === 'done').reduce((sum, r) => sum + r.amount, 0);
      const whole = refunded >= current.quote.total;
      const payment = {
        ...current.payment,
        refunded,
        ...(whole
          ? {
              state: 'refunded' as const,
              refundedAt: current.payment.refundedAt ?? at,
              refundId: current.payment.refundId ?? made.refundId,
            }
          : {}),
      };
      // Nothing left of a consultation that did not take place: it failed. A completed one stays so
      // (its invoice stands; the credit notes correct it).
      const state = whole && current.state !== 'completed' ? 'failed' : current.state;
      return { ...current, state, refunds, payment, updatedAt: at };
    });
    return updated ?? (await getOrder(order.orderId)) ?? order;
  }

  /** Step 5: the credit note of an invoiced consultation, then the client's notification. */
  async function creditAndNotify(order: StoredOrder, key: string): Promise<StoredOrder> {
    let refund = findRefund(order, key);
    if (!refund || refund.state !== 'done') return order;
    if (order.invoiceNumber && !refund.creditNote && !refund.noCreditNote) {
      order = await issueCreditNote(order, refund);
      refund = findRefund(order, key) ?? refund;
    }
    const at = refund.refundedAt ?? now().toISOString();
    // The money has moved and is recorded: a notice that cannot be written (the client's database
    // is gone with their account) is logged, never a reason to fail the refund.
    await tell(order, refund, at).catch((error: unknown) =>
      log(`could not notify the refund ${order.orderId}:${key}`, error),
    );
    return order;
  }

  async function tell(order: StoredOrder, refund: StoredRefund, at: string): Promise<void> {
    if (order.payment.state === 'refunded' && refund.amount >= order.quote.total) {
      await notifyMoneyBack(store, order, at);
    } else {
      await notify(
        store,
        order.client.uid,
        'partial_refund',
        order.orderId,
        {
          amount: refund.amount,
          currency: order.quote.currency,
          providerName: order.provider.name,
          ...(refund.creditNote ? { number: refund.creditNote.number } : {}),
        },
        at,
        refund.key,
      );
    }
  }

  async function issueCreditNote(order: StoredOrder, refund: StoredRefund): Promise<StoredOrder> {
    const invoice = await getOrUndefined(
      store.db<InvoiceDoc>(userDbName(order.client.uid)),
      invoiceDocId(order.invoiceNumber!),
    );
    if (!invoice) {
      // The client's database is gone (account deleted): nowhere to put it; the ledger has the refund.
      log(`no invoice ${order.invoiceNumber} to credit for ${order.orderId}:${refund.key}`);
      const marked = await updateOrder(store, order.orderId, (current) =>
        findRefund(current, refund.key)?.noCreditNote
          ? undefined
          : {
              ...current,
              refunds: withRefund(current, refund.key, (r) => ({ ...r, noCreditNote: 'invoice_gone' })),
            },
      );
      return marked ?? order;
    }
    const issuedAt = refund.refundedAt ?? now().toISOString();
    const year = new Date(issuedAt).getUTCFullYear();
    const claim = `${order.orderId}:${refund.key}`;
    const number = creditNoteNumber(year, await takeNumber(store, 'credit-note', claim, year));
    const amounts = creditedVat(invoice, refund.amount, refundedBefore(order, refund.key));
    const creditNote: CreditNoteDoc = {
      orderId: invoice.orderId,
      language: invoice.language,
      seller: invoice.seller,
      buyer: invoice.buyer,
      provider: invoice.provider,
      service: invoice.service,
      durationMinutes: invoice.durationMinutes,
      callSeconds: invoice.callSeconds,
      consultationAt: invoice.consultationAt,
      currency: invoice.currency,
      vatRate: invoice.vatRate,
      ...(invoice.vatNote ? { vatNote: invoice.vatNote } : {}),
      id: creditNoteDocId(number),
      type: 'credit_note',
      number,
      invoiceNumber: invoice.number,
      refundedAt: issuedAt,
      ...(refund.by !== 'gateway' && refund.reason ? { reason: refund.reason.slice(0, 500) } : {}),
      issuedAt,
      amounts,
      createdAt: issuedAt,
      updatedAt: issuedAt,
    };
    const created = await createOnce(store, userDbName(order.client.uid), {
      ...creditNote,
      _id: creditNote.id,
    });
    const updated = await updateOrder(store, order.orderId, (current) => {
      if (findRefund(current, refund.key)?.creditNote) return undefined;
      const refunds = withRefund(current, refund.key, (r) => ({
        ...r,
        creditNote: { number, issuedAt, ...amounts },
      }));
      return { ...current, refunds, updatedAt: issuedAt };
    });
    await settleNumber(store, 'credit-note', claim, year);
    if (created && mailCreditNote) {
      await mailCreditNote(creditNote, order.client.email).catch((error: unknown) =>
        log(`could not mail credit note ${number}`, error),
      );
    }
    return updated ?? (await getOrder(order.orderId)) ?? order;
  }

  /** Finishes the refund under `key` from wherever it stopped; answers the order after it. */
  async function carryOut(orderId: string, key: string): Promise<StoredOrder | undefined> {
    let order: StoredOrder | undefined = await getOrder(orderId);
    const refund = findRefund(order, key);
    if (!order || !refund) return order;
    if (refund.state === 'pending') order = await makeAndRecord(order, refund);
    return creditAndNotify(order, key);
  }

  /**
   * Refunds `amount` (all that is left when absent) of an order's captured payment. Refused while its
   * call is under way. The same key again answers the refund made under it, `changed` false.
   */
  async function refund(orderId: string, request: RefundRequest): Promise<RefundOutcome> {
    const order = await getOrder(orderId);
    if (!order) throw new RefundRefused('not_found');
    if (!findRefund(order, request.key)) {
      const call = await getOrUndefined(store.db<StoredCall>('calls'), orderId);
      if (call && !isFinalPhase(call.state.phase) && call.state.phase !== 'scheduled')
        throw new RefundRefused('call_in_progress');
      // The cardholder's bank is taking the money back already: a refund would give it twice.
      if ((await openDisputesOf(store, orderId)).length > 0) throw new RefundRefused('disputed');
    }
    const changed = await reserve(orderId, request);
    const after = (await carryOut(orderId, request.key)) ?? order;
    return { order: after, refund: findRefund(after, request.key)!, changed };
  }

  /**
   * The gateway's refunds of an order, recorded when they are not yet (one made at the gateway, or
   * one of ours whose notice came before our own record): the webhook's `charge.refunded`.
   */
  async function syncFromGateway(orderId: string): Promise<void> {
    const order = await getOrder(orderId);
    if (!order || (order.payment.state !== 'captured' && order.payment.state !== 'refunded')) return;
    for (const made of await gateway.listRefunds(order.payment.intentId)) {
      const current = (await getOrder(orderId)) ?? order;
      const ours = current.refunds?.find(
        (r) => r.refundId === made.refundId || (made.metadata.refundKey && r.key === made.metadata.refundKey),
      );
      if (ours) {
        if (ours.state === 'pending') await carryOut(orderId, ours.key);
        continue;
      }
      // Recorded whole before refunds were kept on the order.
      if (!current.refunds && current.payment.refundId === made.refundId) continue;
      const key = `gateway-${made.refundId}`;
      await reserve(orderId, { key, amount: made.amount, reason: 'gateway', by: 'gateway' }, made.refundId);
      await carryOut(orderId, key);
    }
  }

  /** At start: finishes every refund a restart cut short (view `refunds/pending`). */
  async function resumePending(): Promise<number> {
    const { rows } = await orders.view<null>('refunds', 'pending', {});
    let resumed = 0;
    for (const { id, key } of rows as unknown as { id: string; key: [string, string] }[]) {
      try {
        await carryOut(id, key[1]);
        resumed++;
      } catch (error) {
        log(`could not finish refund ${id}:${key[1]}`, error);
      }
    }
    return resumed;
  }

  return { refund, carryOut, syncFromGateway, resumePending };
}

export type Refunds = ReturnType<typeof createRefunds>;
