/**
 * The money and paperwork of a consultation, as effects of the call machine (see consultations.ts):
 * capture when the conference starts, release or refund when the call fails, and on completion the
 * invoice (numbered without gaps), the expert's completed calls and the client's notification.
 * Each one can run again after a restart without effect: the payment gateway gets an idempotency
 * key per order and movement; ledger entries, invoices and notifications have ids fixed by the order.
 */
import type { InvoiceDoc } from '../../../src/domain/invoice';
import { splitCommission } from '../../../src/domain/order';
import { userDbName } from '../../../src/domain/user-db';
import type { PaymentGateway } from '../../adapters/payments/types';
import { createOnce } from '../../store/store';
import type { Store } from '../../store/store';
import { releaseCouponUse } from '../coupons/uses';
import { countCompletedCall } from '../provider-stats';
import { completeOnAccount } from '../b2b/completion';
import {
  buildInvoice,
  invoicingSettings,
  settleInvoiceNumber,
  takeInvoiceNumber,
  withListedProfession,
  writeInvoice,
} from './invoices';
import { record, recordAffiliateCommission } from './ledger';
import { updateOrder } from './order-store';
import { RefundRefused } from './refunds';
import type { RefundRequest, Refunds } from './refunds';
import type { StoredCall, StoredOrder } from './types';
import { notifyMoneyBack } from './user-docs';

export type SettlementDeps = {
  store: Store;
  gateway: PaymentGateway;
  now: () => Date;
  log: (message: string, error?: unknown) => void;
  mailInvoice?: (invoice: InvoiceDoc, to: string) => Promise<void>;
  refunds: Refunds;
};

/**
 * The refund of a consultation that failed once charged: everything, under one key, so that the
 * automatic refund, an admin's "refund" on the calls screen and their retries are one refund.
 */
export const FAILED_CONSULTATION_REFUND: RefundRequest = {
  key: 'whole-refund',
  reason: 'consultation_failed',
  by: 'system',
};

export function createSettlement({ store, gateway, now, log, mailInvoice, refunds }: SettlementDeps) {
  const change = (orderId: string, apply: (order: StoredOrder) => StoredOrder | undefined) =>
    updateOrder(store, orderId, apply);

  async function capture(order: StoredOrder) {
    if (order.payment.state !== 'authorised' && order.payment.state !== 'captured') return;
    const at = now().toISOString();
    if (order.payment.state === 'authorised') {
      await gateway.capture(order.payment.intentId, `${order.orderId}:capture`);
      // The ledger first: whoever reads the order as captured finds every movement of the capture.
      // Killed in between, the step runs again and each entry is recorded once.
      await recordCapture(order, at);
      await change(order.orderId, (o) =>
        o.payment.state === 'authorised'
          ? { ...o, payment: { ...o.payment, state: 'captured', capturedAt: at }, updatedAt: at }
          : undefined,
      );
      return;
    }
    await recordCapture(order, order.payment.capturedAt ?? at);
  }

  async function recordCapture(order: StoredOrder, at: string) {
    const { commission, providerShare } = splitCommission(order.quote.total, order.commissionRate);
    await record(store, order, 'capture', order.quote.total, at);
    await record(store, order, 'commission', commission, at);
    await record(store, order, 'provider_share', providerShare, at);
    await recordAffiliateCommission(store, order, at);
  }

  async function release(order: StoredOrder) {
    const at = now().toISOString();
    let state = order.payment.state;
    if (state === 'authorised') {
      await gateway.cancel(order.payment.intentId, `${order.orderId}:release`);
      await record(store, order, 'release', order.quote.total, at);
      state = 'released';
    } else if (state === 'captured') {
      // All that is left of the capture goes back, with the provider's share of it (refunds.ts).
      await refunds.refund(order.orderId, FAILED_CONSULTATION_REFUND).catch((error: unknown) => {
        if (!(error instanceof RefundRefused && error.reason === 'nothing_left')) throw error;
      });
      state = 'refunded';
    }
    const updated = await change(order.orderId, (o) => {
      if (o.state === 'failed' && o.payment.state === state) return undefined;
      const payment = { ...o.payment, state };
      if (state === 'released') payment.releasedAt ??= at;
      if (state === 'refunded') payment.refundedAt ??= at;
      return { ...o, state: 'failed', payment, updatedAt: at };
    });
    if (updated) await notifyMoneyBack(store, updated, at);
    // No consultation took place: the promo use goes back (idempotent, like every effect here).
    if (order.quote.coupon) await releaseCouponUse(store, order.quote.coupon.code, order.orderId, now());
  }

  async function complete(order: StoredOrder, call: StoredCall) {
    const at = now();
    const iso = at.toISOString();
    // Billed to a company account: no card invoice; its monthly invoice bills it (services/b2b/).
    if (order.billing) return completeOnAccount(store, order, call, iso);
    let current = order;
    if (!current.invoiceNumber) {
      const year = at.getUTCFullYear();
      const number = await takeInvoiceNumber(store, order.orderId, year);
      const listed = await withListedProfession(store, order);
      const invoice = buildInvoice(listed, number, await invoicingSettings(store), {
        callSeconds: call.state.callSeconds ?? 0,
        consultationAt: call.state.connectedAt ?? iso,
        paidAt: order.payment.capturedAt ?? order.payment.authorisedAt ?? iso,
        now: iso,
      });
      await writeInvoice(store, order, invoice);
      current =
        (await change(order.orderId, (o) => ({
          ...o,
          state: 'completed',
          invoiceNumber: number,
          invoicedAt: invoice.issuedAt,
          invoiceTax: {
            net: invoice.amounts.net,
            vat: invoice.amounts.vat,
            total: invoice.amounts.total,
            vatRate: invoice.vatRate,
            ...(invoice.buyer.country ? { country: invoice.buyer.country } : {}),
          },
          updatedAt: iso,
        }))) ?? current;
      await settleInvoiceNumber(store, order.orderId, year);
      if (mailInvoice) {
        await mailInvoice(invoice, order.client.email).catch((error: unknown) =>
          log(`could not mail invoice ${number}`, error),
        );
      }
    } else if (current.state !== 'completed') {
      current =
        (await change(order.orderId, (o) => ({ ...o, state: 'completed', updatedAt: iso }))) ?? current;
    }
    await countCompletedCall(store, order.provider.id, order.orderId);
    if (current.invoiceNumber) {
      await createOnce(store, userDbName(order.client.uid), {
        _id: `notification:${order.orderId}:invoice_ready`,
        id: `notification:${order.orderId}:invoice_ready`,
        type: 'notification',
        kind: 'invoice_ready',
        orderId: order.orderId,
        params: { number: current.invoiceNumber },
        isRead: false,
        createdAt: iso,
        updatedAt: iso,
      });
    }
  }

  /**
   * A payment authorised for an order whose promo use was given back and could not be taken again:
   * the hold is cancelled, the order with it, and the client told that the card was not charged.
   */
  async function refuseDiscount(order: StoredOrder, at: string) {
    log(`order ${order.orderId} was paid after its promo use was given back, and none is left: cancelled`);
    await gateway.cancel(order.payment.intentId, `${order.orderId}:release`);
    const cancelled = await change(order.orderId, (o) =>
      o.payment.state === 'requires_payment'
        ? {
            ...o,
            state: 'cancelled',
            payment: { ...o.payment, state: 'released', releasedAt: at, lastError: 'promo_invalid' },
            updatedAt: at,
          }
        : undefined,
    );
    if (!cancelled) return;
    await record(store, cancelled, 'authorisation', cancelled.quote.total, at);
    await record(store, cancelled, 'release', cancelled.quote.total, at);
    await notifyMoneyBack(store, cancelled, at);
  }

  return { capture, recordCapture, release, complete, refuseDiscount };
}
