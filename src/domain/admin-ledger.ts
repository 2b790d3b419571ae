/**
 * What the console's ledger screen (finance/ledger) reads, as `/api/admin/ledger…` answers it: one
 * definition for the service (server/services/admin/ledger.ts) and the console
 * (src/features/admin/finance/ledger-page.tsx).
 *
 * By order, the running balance is the money charged to the client and kept (a capture adds, a
 * refund takes away, holds and splits move nothing); by provider, it is their balance in one
 * currency (shares and payout reversals in, recoveries and payouts out). Either is carried across
 * pages: each page starts from the sum of everything before it.
 */
import type { LedgerCheckResult } from './ledger-balance';

export const LEDGER_SUBJECTS = ['order', 'provider'] as const;
export type LedgerSubject = (typeof LEDGER_SUBJECTS)[number];

export type LedgerViewLine = {
  id: string;
  kind: string;
  orderId?: string;
  payoutId?: string;
  providerId?: string;
  amount: number;
  currency: string;
  at: string;
  /** What the entry does to the running balance: +amount, -amount or 0. */
  effect: number;
  /** The running balance after this entry (minor units). */
  running: number;
};

export type LedgerPageAnswer = {
  subject: LedgerSubject;
  id: string;
  /** The currency of a provider's balance (an order has one currency, its entries say it). */
  currency?: string;
  /** The currencies this provider has entries in (to choose from). */
  currencies?: string[];
  /** The running balance before the page's first entry. */
  opening: number;
  items: LedgerViewLine[];
  next?: string;
};

export type LedgerCheckAnswer = LedgerCheckResult;

/** A balance in one currency (minor units): never summed with another currency's. */
export type CurrencyBalance = { currency: string; balance: number };

/**
 * `GET /api/admin/ledger/balances`: an order's money kept, or a provider's balance, in each currency
 * it has entries in (a provider paid in EUR and USD has two), in currency order.
 */
export type LedgerBalancesAnswer = {
  subject: LedgerSubject;
  id: string;
  balances: CurrencyBalance[];
};
