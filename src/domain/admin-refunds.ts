/**
 * The refunds as the console lists them (screen `finance/refunds`) and the request that makes one
 * (`POST /api/admin/payments/:orderId/refunds`): shared by the service and the console.
 */
import type { Currency } from './config';

export const REFUND_STATES = ['pending', 'done'] as const;
export type RefundRowState = (typeof REFUND_STATES)[number];

export type RefundRow = {
  orderId: string;
  key: string;
  amount: number;
  currency: Currency;
  reason: string;
  /** The admin's uid, `system` (a failed consultation) or `gateway` (made at the gateway). */
  by: string;
  /** Who the admin of `by` is (display name, else e-mail); absent for `system` and `gateway`. */
  byName?: string;
  state: RefundRowState;
  requestedAt: string;
  refundedAt?: string;
  refundId?: string;
  creditNote?: { number: string; issuedAt: string; net: number; vat: number; total: number };
  clientName: string;
  clientEmail: string;
  providerName: string;
  /** What the payment was, and what is left to refund of it. */
  paymentTotal: number;
  refundable: number;
};

/** The refusals of a refund request, each a 409 (404 for `not_found`). */
export const REFUND_REFUSALS = [
  'not_found',
  'not_captured',
  'call_in_progress',
  'nothing_left',
  'exceeds_refundable',
  'refused_by_gateway',
  'billed_to_account',
  'disputed',
] as const;
export type RefundRefusalCode = (typeof REFUND_REFUSALS)[number];
