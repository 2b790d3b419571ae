/**
 * Reconciliation (admin screen finance/reconciliation): our records of money (the ledger and the
 * orders) against the gateway's own records (Stripe's payment intents, charges, refunds and
 * transfers, or the simulated gateway's in demo mode), as pure rules shared by the service
 * (server/services/admin/reconciliation.ts) and the console.
 *
 * The unit compared is a whole payment (one order's intent, over its whole life) or a whole payout
 * (one transfer): what happened inside the range brings it into scope, then all of it is compared,
 * so a capture on one day and a refund on the next never look like a difference at the range's
 * edge. Refunds are compared as per-order totals, whatever the number of refund entries or gateway
 * refunds (several partial refunds, or the single whole one of older orders).
 */
import type { DisputeState } from './disputes';

export const RECONCILIATION_MAX_DAYS = 31;

export const MISMATCH_TYPES = [
  'missing_in_ledger',
  'missing_at_gateway',
  'amount_differs',
  'state_differs',
] as const;
export type MismatchType = (typeof MISMATCH_TYPES)[number];

export const MISMATCH_SUBJECTS = ['payment', 'refund', 'dispute', 'transfer'] as const;
export type MismatchSubject = (typeof MISMATCH_SUBJECTS)[number];

/** One side of a mismatch, as that side records it (absent when that side has nothing). */
export type MismatchSide = {
  /** The record's id on that side: a ledger entry, an order, an intent, a refund or a transfer. */
  ids: string[];
  /** The order's payment state, the intent's status, a payout's or a transfer's state. */
  state?: string;
  /** Minor units (captured, refunded in total, transferred). */
  amount?: number;
  currency?: string;
};

export type ReconciliationMismatch = {
  type: MismatchType;
  subject: MismatchSubject;
  /** What the payment or payout is known by: the intent id, or the payout id (else the transfer id). */
  key: string;
  orderId?: string;
  payoutId?: string;
  ours?: MismatchSide;
  gateway?: MismatchSide;
  /** Where an admin looks into it: the payment's or the payout's screen (an `/admin/…` path). */
  link: string;
};

export type ReconciliationAnswer = {
  gateway: 'stripe' | 'simulated';
  from: string;
  to: string;
  /** How many payments and payouts were compared. */
  checked: { payments: number; transfers: number };
  /** True when a cap on records was reached: some records of the range were not compared. */
  partial: boolean;
  mismatches: ReconciliationMismatch[];
};

/** Our side of one payment: the order (if any) and the sums of its ledger entries. */
export type OurPayment = {
  orderId: string;
  intentId: string;
  /** The order's payment state; undefined when there is no order. */
  state?: string;
  currency: string;
  /** Sums per kind over all of the order's ledger entries, and their ids. */
  authorised: number;
  captured: number;
  released: number;
  refunded: number;
  hasCapture: boolean;
  hasAuthorisation: boolean;
  hasRelease: boolean;
  entryIds: string[];
  refundEntryIds: string[];
};

/** The gateway's side of one payment. */
export type GatewayPayment = {
  intentId: string;
  orderId?: string;
  status: string;
  currency: string;
  captured: number;
  refunded: number;
  /** The charge (Stripe) and refund ids the gateway knows of. */
  chargeId?: string;
  refundIds: string[];
};

export type OurPayout = {
  payoutId: string;
  providerId?: string;
  day?: string;
  /** The payout document's state and method (`manual` payouts are paid by hand, not by the gateway). */
  state?: string;
  method?: string;
  transferId?: string;
  currency: string;
  paid: number;
  reversed: boolean;
  entryIds: string[];
};

export type GatewayTransfer = {
  transferId: string;
  payoutId?: string;
  amount: number;
  currency: string;
  /** Reversed (all or part) at the gateway. */
  reversed: boolean;
};

/**
 * One dispute of a payment, on one side: ours from the ledger (a hold, then a release when won or
 * the cardholder's money when lost) with the dispute's record, the gateway's as it holds it now.
 * States are compared grouped (open, won, lost: src/domain/disputes.ts), never Stripe's fine statuses.
 */
export type DisputeSide = {
  disputeId: string;
  state: DisputeState;
  /** The disputed amount, minor units (unknown on our side without the dispute's record). */
  amount?: number;
  currency: string;
  /** Our ledger entries of the dispute; the gateway's side has none. */
  entryIds?: string[];
};

const paymentLink = (orderId: string | undefined, intentId: string) =>
  orderId
    ? `/admin/finance/payments/${encodeURIComponent(orderId)}`
    : `/admin/finance/payments?q=${encodeURIComponent(intentId)}`;

export function payoutLink(providerId?: string, day?: string): string {
  const query = new URLSearchParams();
  if (day) query.set('day', day);
  if (providerId) query.set('provider', providerId);
  const text = query.toString();
  return `/admin/finance/payouts${text ? `?${text}` : ''}`;
}

/** What the gateway status is, for each payment state of an order (undefined: not a state at rest). */
function stateAgrees(state: string, status: string): boolean {
  if (state === 'captured' || state === 'refunded') return status === 'succeeded';
  if (state === 'released') return status === 'canceled';
  if (state === 'authorised') return status === 'requires_capture';
  // requires_payment, failed: nothing was taken.
  return status !== 'succeeded';
}

/**
 * The mismatches of one payment. `ours` is undefined when nothing of ours names the intent; `gateway`
 * when the gateway does not know it.
 */
export function comparePayment(
  ours: OurPayment | undefined,
  gateway: GatewayPayment | undefined,
): ReconciliationMismatch[] {
  const intentId = ours?.intentId ?? gateway!.intentId;
  const orderId = ours?.orderId ?? gateway?.orderId;
  const base = { key: intentId, ...(orderId ? { orderId } : {}), link: paymentLink(orderId, intentId) };
  const ourSide = (ids: string[], amount?: number): MismatchSide => ({
    ids,
    ...(ours?.state ? { state: ours.state } : {}),
    ...(amount !== undefined ? { amount } : {}),
    ...(ours ? { currency: ours.currency } : {}),
  });
  const gatewaySide = (amount?: number, ids?: string[]): MismatchSide => ({
    ids: ids ?? [gateway!.intentId, ...(gateway!.chargeId ? [gateway!.chargeId] : [])],
    state: gateway!.status,
    ...(amount !== undefined ? { amount } : {}),
    currency: gateway!.currency,
  });
  const out: ReconciliationMismatch[] = [];

  if (!gateway) {
    // Money we say moved (held or captured) that the gateway has no record of.
    if (ours && (ours.hasCapture || ours.hasAuthorisation)) {
      out.push({
        ...base,
        type: 'missing_at_gateway',
        subject: 'payment',
        ours: ourSide(ours.entryIds, ours.captured || ours.authorised),
      });
    }
    return out;
  }
  const taken = gateway.status === 'succeeded' && gateway.captured > 0;
  if (!ours || (!ours.hasCapture && !ours.hasRelease && !ours.state)) {
    if (taken) {
      out.push({
        ...base,
        type: 'missing_in_ledger',
        subject: 'payment',
        gateway: gatewaySide(gateway.captured),
      });
    }
    if (gateway.refunded > 0) {
      out.push({
        ...base,
        type: 'missing_in_ledger',
        subject: 'refund',
        gateway: gatewaySide(gateway.refunded, gateway.refundIds),
      });
    }
    return out;
  }

  if (ours.hasCapture && gateway.status !== 'succeeded') {
    out.push({
      ...base,
      type: 'state_differs',
      subject: 'payment',
      ours: ourSide(ours.entryIds, ours.captured),
      gateway: gatewaySide(gateway.captured),
    });
  } else if (!ours.hasCapture && taken) {
    // Released in our ledger but charged at the gateway is a state; nothing at all is a missing capture.
    out.push({
      ...base,
      type: ours.hasRelease ? 'state_differs' : 'missing_in_ledger',
      subject: 'payment',
      ours: ourSide(ours.entryIds),
      gateway: gatewaySide(gateway.captured),
    });
  } else if (ours.hasCapture && ours.captured !== gateway.captured) {
    out.push({
      ...base,
      type: 'amount_differs',
      subject: 'payment',
      ours: ourSide(ours.entryIds, ours.captured),
      gateway: gatewaySide(gateway.captured),
    });
  } else if (ours.state && !stateAgrees(ours.state, gateway.status)) {
    out.push({
      ...base,
      type: 'state_differs',
      subject: 'payment',
      ours: { ids: [ours.orderId], state: ours.state, currency: ours.currency },
      gateway: gatewaySide(),
    });
  }

  if (ours.refunded !== gateway.refunded) {
    const type: MismatchType =
      gateway.refunded === 0
        ? 'missing_at_gateway'
        : ours.refunded === 0
          ? 'missing_in_ledger'
          : 'amount_differs';
    out.push({
      ...base,
      type,
      subject: 'refund',
      ours: ourSide(ours.refundEntryIds, ours.refunded),
      gateway: gatewaySide(gateway.refunded, gateway.refundIds),
    });
  }
  return out;
}

/** The mismatches of one payout's transfer. Manual payouts (paid by bank transfer) expect none. */
export function compareTransfer(
  ours: OurPayout | undefined,
  gateway: GatewayTransfer | undefined,
): ReconciliationMismatch[] {
  const payoutId = ours?.payoutId ?? gateway?.payoutId;
  const key = payoutId ?? gateway!.transferId;
  const base = { key, ...(payoutId ? { payoutId } : {}), link: payoutLink(ours?.providerId, ours?.day) };
  const ourSide = (): MismatchSide => ({
    ids: ours!.entryIds,
    ...(ours!.state ? { state: ours!.state } : {}),
    amount: ours!.paid,
    currency: ours!.currency,
  });
  const gatewaySide = (): MismatchSide => ({
    ids: [gateway!.transferId],
    state: gateway!.reversed ? 'reversed' : 'paid',
    amount: gateway!.amount,
    currency: gateway!.currency,
  });
  const paidByUs = ours !== undefined && ours.paid > 0;
  if (!gateway) {
    if (paidByUs && !ours.reversed && ours.method !== 'manual') {
      return [{ ...base, type: 'missing_at_gateway', subject: 'transfer', ours: ourSide() }];
    }
    return [];
  }
  if (!paidByUs) return [{ ...base, type: 'missing_in_ledger', subject: 'transfer', gateway: gatewaySide() }];
  if (ours.reversed !== gateway.reversed) {
    return [{ ...base, type: 'state_differs', subject: 'transfer', ours: ourSide(), gateway: gatewaySide() }];
  }
  if (ours.paid !== gateway.amount || ours.currency.toUpperCase() !== gateway.currency.toUpperCase()) {
    return [
      { ...base, type: 'amount_differs', subject: 'transfer', ours: ourSide(), gateway: gatewaySide() },
    ];
  }
  return [];
}

/**
 * The mismatches of one payment's disputes, dispute by dispute: one the gateway has that the ledger
 * has no hold for, one the ledger holds for that the gateway does not know, a state the two sides
 * disagree on (a dispute lost at the gateway still held, or released, in the ledger), or a disputed
 * amount that differs from our record's.
 */
export function compareDisputes(
  payment: { orderId: string; intentId: string },
  ours: readonly DisputeSide[],
  gateway: readonly DisputeSide[],
): ReconciliationMismatch[] {
  const base = { orderId: payment.orderId, link: paymentLink(payment.orderId, payment.intentId) };
  const side = (dispute: DisputeSide, ids: string[]): MismatchSide => ({
    ids,
    state: dispute.state,
    ...(dispute.amount !== undefined ? { amount: dispute.amount } : {}),
    currency: dispute.currency,
  });
  const ourSide = (dispute: DisputeSide) => side(dispute, dispute.entryIds ?? []);
  const gatewaySide = (dispute: DisputeSide) => side(dispute, [dispute.disputeId]);
  const theirs = new Map(gateway.map((dispute) => [dispute.disputeId, dispute]));
  const out: ReconciliationMismatch[] = [];
  for (const mine of ours) {
    const key = mine.disputeId;
    const at = theirs.get(key);
    theirs.delete(key);
    if (!at) {
      out.push({ ...base, key, type: 'missing_at_gateway', subject: 'dispute', ours: ourSide(mine) });
    } else if (mine.state !== at.state) {
      out.push({
        ...base,
        key,
        type: 'state_differs',
        subject: 'dispute',
        ours: ourSide(mine),
        gateway: gatewaySide(at),
      });
    } else if (
      mine.amount !== undefined &&
      (mine.amount !== at.amount || mine.currency.toUpperCase() !== at.currency.toUpperCase())
    ) {
      out.push({
        ...base,
        key,
        type: 'amount_differs',
        subject: 'dispute',
        ours: ourSide(mine),
        gateway: gatewaySide(at),
      });
    }
  }
  for (const at of theirs.values()) {
    out.push({
      ...base,
      key: at.disputeId,
      type: 'missing_in_ledger',
      subject: 'dispute',
      gateway: gatewaySide(at),
    });
  }
  return out;
}
