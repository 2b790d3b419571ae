/**
 * A provider's earnings as their dashboard shows them: one `earnings` document in their own
 * database (`userdb-<hex>`), written by the service only (see server/services/payouts/earnings.ts).
 * It is a projection of the ledger's balance view and of the `payouts` database, recomputed whole
 * after every movement of the provider's balance (never incremented), so that whichever write
 * lands last is the state of the books. Amounts in minor units.
 */
import { CURRENCIES } from './config';
import { PAYOUT_STATES } from './payouts';
import type { PayoutState, ProviderBalanceView } from './payouts';
import { isoDate } from './mine-schema-parts';

export const EARNINGS_DOC_ID = 'earnings';

/** How many of the latest payouts the document carries. */
export const EARNINGS_RECENT_PAYOUTS = 5;

const amount = { type: 'integer', minimum: -1_000_000_000, maximum: 1_000_000_000 } as const;

export const earningsSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', const: EARNINGS_DOC_ID },
    type: { type: 'string', const: 'earnings' },
    currencies: {
      type: 'array',
      maxItems: CURRENCIES.length,
      items: {
        type: 'object',
        properties: {
          currency: { type: 'string', enum: CURRENCIES },
          /** Shares of captured consultations. */
          earned: amount,
          /** Shares taken back after refunds. */
          recovered: amount,
          /** Paid out, net of failed transfers given back. */
          paidOut: amount,
          /** earned − recovered − paidOut; negative carries over to later shares. */
          balance: amount,
        },
        required: ['currency', 'earned', 'recovered', 'paidOut', 'balance'],
        additionalProperties: false,
      },
    },
    payouts: {
      type: 'array',
      maxItems: EARNINGS_RECENT_PAYOUTS,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', maxLength: 120 },
          day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          currency: { type: 'string', enum: CURRENCIES },
          amount,
          state: { type: 'string', enum: PAYOUT_STATES },
          paidAt: isoDate,
        },
        required: ['id', 'day', 'currency', 'amount', 'state'],
        additionalProperties: false,
      },
    },
    updatedAt: isoDate,
  },
  required: ['id', 'type', 'currencies', 'payouts', 'updatedAt'],
  additionalProperties: false,
} as const;

export type EarningsCurrency = Pick<
  ProviderBalanceView,
  'currency' | 'earned' | 'recovered' | 'paidOut' | 'balance'
>;

export type EarningsPayout = {
  id: string;
  day: string;
  currency: EarningsCurrency['currency'];
  amount: number;
  state: PayoutState;
  paidAt?: string;
};

export type EarningsDoc = {
  id: typeof EARNINGS_DOC_ID;
  type: 'earnings';
  currencies: EarningsCurrency[];
  payouts: EarningsPayout[];
  updatedAt: string;
};

/** What a payout record tells the provider (paid when the transfer went through). */
export function earningsPayout(payout: {
  id: string;
  day: string;
  currency: EarningsCurrency['currency'];
  amount: number;
  state: PayoutState;
  updatedAt: string;
}): EarningsPayout {
  const { id, day, currency, amount, state } = payout;
  return { id, day, currency, amount, state, ...(state === 'paid' ? { paidAt: payout.updatedAt } : {}) };
}

/**
 * The document for these balances and payouts: currencies in a fixed order, the newest payouts
 * first (by day, then id), at most `EARNINGS_RECENT_PAYOUTS`.
 */
export function buildEarnings(
  balances: EarningsCurrency[],
  payouts: EarningsPayout[],
  updatedAt: string,
): EarningsDoc {
  const currencies = [...balances]
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map(({ currency, earned, recovered, paidOut, balance }) => ({
      currency,
      earned,
      recovered,
      paidOut,
      balance,
    }));
  const recent = [...payouts]
    .sort((a, b) => b.day.localeCompare(a.day) || b.id.localeCompare(a.id))
    .slice(0, EARNINGS_RECENT_PAYOUTS);
  return { id: EARNINGS_DOC_ID, type: 'earnings', currencies, payouts: recent, updatedAt };
}

/** Whether two documents tell the same figures (their `updatedAt` aside): no write is needed then. */
export function sameEarnings(a: Omit<EarningsDoc, 'updatedAt'>, b: Omit<EarningsDoc, 'updatedAt'>): boolean {
  return JSON.stringify([a.currencies, a.payouts]) === JSON.stringify([b.currencies, b.payouts]);
}
