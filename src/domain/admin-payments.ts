/**
 * What the console's payments screen (finance/payments) reads, as `/api/admin/payments…` answers
 * it: one definition for the service (server/services/admin/payments.ts) and the console
 * (src/features/admin/finance/). A payment is an order seen from its money: the row carries the
 * gateway's reference and the payment's own dates; the detail adds the consultation (its call
 * history, shared with the calls screen) and the order's ledger with a running total.
 *
 * The running total is the money taken from the client's card and kept: a capture adds, a refund
 * takes away; a hold (authorisation) and its release move nothing, and the commission and the
 * provider's share split a capture without adding to it.
 */
import type { ConsultationDetail } from './admin-ops';
import type { Currency } from './config';
import type { PaymentGatewayKind, PaymentState } from './order';

export const PAYMENT_SORTS = ['createdAt', 'amount'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

export type PaymentRow = {
  orderId: string;
  createdAt: string;
  client: { uid: string; name: string; email: string };
  provider: { id: string; name: string; role: 'lawyer' | 'expat'; isTestProfile?: boolean };
  amount: number;
  currency: Currency;
  gateway: PaymentGatewayKind;
  intentId: string;
  state: PaymentState;
  authorisedAt?: string;
  capturedAt?: string;
  releasedAt?: string;
  refundedAt?: string;
  /** The card's last refusal (`card_declined`…). */
  lastError?: string;
};

export type LedgerLine = {
  kind: string;
  amount: number;
  currency: string;
  at: string;
  /** What the entry does to the money kept: +amount, -amount or 0. */
  effect: number;
  /** The money kept after this entry (minor units). */
  running: number;
};

export type PaymentDetail = {
  payment: PaymentRow;
  /** Whether the provider has an account in the console (demo experts have none). */
  providerHasAccount: boolean;
  consultation: ConsultationDetail;
  /** The order's ledger entries, oldest first. */
  ledger: LedgerLine[];
};

const KIND_ORDER = [
  'authorisation',
  'capture',
  'commission',
  'provider_share',
  'release',
  'refund',
  // A refund's recovery of the provider's share shares its instant: listed after the refund.
  'provider_recovery',
  'dispute_hold',
  'dispute_release',
  'dispute_lost',
  'affiliate_commission',
  'affiliate_recovery',
];

/** +1 for what brings money in, -1 for what gives it back, 0 for holds and splits. */
export function ledgerSign(kind: string): 1 | -1 | 0 {
  if (kind === 'capture') return 1;
  // A lost dispute gave the disputed amount back to the cardholder, as a refund does.
  if (kind === 'refund' || kind === 'dispute_lost') return -1;
  return 0;
}

/** The entries oldest first (a capture and its split share one instant: kept in flow order) with the running total. */
export function withRunningTotal(
  entries: readonly { kind: string; amount: number; currency: string; at: string }[],
): LedgerLine[] {
  const sorted = [...entries].sort(
    (a, b) => a.at.localeCompare(b.at) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
  );
  let running = 0;
  return sorted.map((entry) => {
    const effect = ledgerSign(entry.kind) * entry.amount;
    running += effect;
    return { ...entry, effect, running };
  });
}
