/**
 * Provider payouts as the admin console sees them (`/api/admin/payouts…`, server/services/payouts/).
 * A payout pays one provider's positive balance in one currency, once per UTC day: its id is
 * `payout:<day>:<currency>:<providerId>`. Amounts in minor units.
 *
 * - pending: written, the money not yet sent (a run stopped half-way resumes it);
 * - paid: transferred to the provider (Stripe Connect, or the simulated gateway in demo mode);
 * - manual: to be paid by bank transfer from the export (no connected Stripe account);
 * - failed: the gateway refused the transfer; the amount went back to the provider's balance.
 */
import type { Currency } from './config';

export const PAYOUT_STATES = ['pending', 'paid', 'manual', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** How a payout is sent: a gateway transfer, or a bank transfer made by hand from the export. */
export type PayoutMethod = 'transfer' | 'manual';

export type PayoutRunTrigger = 'manual' | 'scheduled';

/** A Stripe connected account id (`acct_…`). */
export const STRIPE_ACCOUNT_PATTERN = /^acct_[A-Za-z0-9]{1,64}$/;

/** `YYYY-MM-DD`, a UTC day. */
export const PAYOUT_DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const payoutId = (day: string, currency: string, providerId: string) =>
  `payout:${day}:${currency}:${providerId}`;

export type PayoutView = {
  id: string;
  day: string;
  providerId: string;
  providerName?: string;
  currency: Currency;
  amount: number;
  state: PayoutState;
  method: PayoutMethod;
  gateway: 'stripe' | 'simulated';
  /** The connected account paid (Stripe). */
  destination?: string;
  transferId?: string;
  /** Why the payout is manual or failed (`no_connected_account`, the gateway's error code…). */
  reason?: string;
  runId: string;
  createdAt: string;
  updatedAt: string;
};

/** One provider's money in one currency, from the ledger. */
export type ProviderBalanceView = {
  providerId: string;
  providerName?: string;
  /** The provider's role when they have an account (their admin page is under it). */
  providerRole?: 'lawyer' | 'expat';
  currency: Currency;
  /** Shares of captured consultations. */
  earned: number;
  /** Shares taken back after refunds, and held by disputes still open or lost. */
  recovered: number;
  /** Paid out, net of failed transfers given back. */
  paidOut: number;
  /** earned − recovered − paidOut; negative carries over to later shares. */
  balance: number;
  stripeAccountId?: string;
};

export type PayoutRunSummary = {
  runId: string;
  day: string;
  trigger: PayoutRunTrigger;
  actor: string;
  state: 'running' | 'finished';
  startedAt: string;
  finishedAt?: string;
  /** The payouts this run made or finished (a second run the same day makes none). */
  payouts: Pick<PayoutView, 'id' | 'providerId' | 'currency' | 'amount' | 'state' | 'reason'>[];
  /** Sums per currency and state. */
  totals: { currency: Currency; state: PayoutState; amount: number; count: number }[];
};
