/**
 * Affiliates (admin screens affiliates, affiliates/commissions, affiliates/payouts): partners who
 * bring clients through a referral link (`/?ref=CODE`). A client who signs up through one is
 * referred by that affiliate for REFERRAL_WINDOW_DAYS; each consultation they pay in that time earns
 * the affiliate a share (`rate`) of the platform's commission on it, taken back in proportion when
 * the consultation is refunded or lost to a dispute. Affiliates are paid out like providers: the
 * same ledger, balances and payout run, under the payee id `affiliate:<id>`.
 *
 * Records live in the server-only `affiliates` database; this module holds their shapes and the
 * rules the console, the registration, the checkout and the tests share. Money in minor units.
 */
import { isValidEmail, normalizeEmail } from './email';

/** How long a sign-up stays attributed to the affiliate whose link brought it. */
export const REFERRAL_WINDOW_DAYS = 365;
/** How long a browser keeps the code of the link it came through before the visitor signs up. */
export const REFERRAL_LINK_DAYS = 30;
/** The query parameter of a referral link. */
export const REFERRAL_PARAM = 'ref';

export const AFFILIATE_NAME_MAX = 120;
export const AFFILIATE_BANK_ACCOUNT_MAX = 40;
/** Capitals, digits and dashes, 3 to 24 (links are typed and read aloud). */
export const AFFILIATE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,23}$/;
/** An affiliate's id is its code (fixed once created): one affiliate per code, by construction. */
export const AFFILIATE_ID_PATTERN = AFFILIATE_CODE_PATTERN;
/** A BIC (SWIFT) or an Indian IFSC: what a bank needs beside the account number. */
export const BANK_CODE_PATTERN = /^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?|[A-Z]{4}0[A-Z0-9]{6})$/;
/** Rates are kept to a hundredth of a percent. */
export const AFFILIATE_RATE_STEP = 0.0001;

const PAYEE_PREFIX = 'affiliate:';

/** The payee id an affiliate is paid under (ledger entries, balances, payouts). */
export const affiliatePayeeId = (affiliateId: string) => `${PAYEE_PREFIX}${affiliateId}`;

/** The affiliate of a payee id, or undefined for a provider's. */
export function affiliateOfPayee(payeeId: string): string | undefined {
  return payeeId.startsWith(PAYEE_PREFIX) ? payeeId.slice(PAYEE_PREFIX.length) : undefined;
}

/** The key range of every affiliate payee, for the views keyed by payee id. */
export const AFFILIATE_PAYEE_PREFIX = PAYEE_PREFIX;

export const PAYEE_KINDS = ['provider', 'affiliate'] as const;
/** Who a payout pays: a provider, or an affiliate. */
export type PayeeKind = (typeof PAYEE_KINDS)[number];

export const payeeKind = (payeeId: string): PayeeKind =>
  affiliateOfPayee(payeeId) === undefined ? 'provider' : 'affiliate';

/** A referral code as typed or carried by a link: trimmed, in capitals; undefined when not one. */
export function normalizeReferralCode(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 64) return undefined;
  const code = raw.trim().toUpperCase();
  return AFFILIATE_CODE_PATTERN.test(code) ? code : undefined;
}

export type Affiliate = {
  /** The same as `code`. */
  id: string;
  name: string;
  email: string;
  /** Fixed once created: links carrying it are already out in the world. */
  code: string;
  /** Share of the platform's commission on each referred paid consultation, in (0, 1]. */
  rate: number;
  active: boolean;
  /** Where Stripe payouts go (with Stripe configured); without it, a bank transfer from the export. */
  stripeAccountId?: string;
  bankAccountNumber?: string;
  bankCode?: string;
  createdAt: string;
  updatedAt: string;
};

/** An affiliate as the console shows it: its link and how many clients it brought. */
export type AffiliateView = Affiliate & {
  /** The referral link, on the service's public address. */
  link: string;
  referrals: number;
};

/** What an admin sends to create or change an affiliate (`code` only at creation). */
export type AffiliateInput = Pick<
  Affiliate,
  'name' | 'email' | 'code' | 'rate' | 'active' | 'stripeAccountId' | 'bankAccountNumber' | 'bankCode'
>;

/** One client an affiliate brought. */
export type ReferralView = {
  clientUid: string;
  clientName?: string;
  code: string;
  at: string;
};

export const AFFILIATE_ENTRY_KINDS = ['affiliate_commission', 'affiliate_recovery'] as const;
export type AffiliateEntryKind = (typeof AFFILIATE_ENTRY_KINDS)[number];

/** One movement of an affiliate's commissions (affiliates/commissions). */
export type AffiliateCommissionRow = {
  /** The ledger entry's id. */
  id: string;
  kind: AffiliateEntryKind;
  affiliateId: string;
  affiliateName?: string;
  orderId: string;
  clientId: string;
  /** What the recovery followed: a refund or a lost dispute. */
  refundId?: string;
  disputeId?: string;
  amount: number;
  currency: string;
  at: string;
};

// ---------------------------------------------------------------------------------------------
// Money rules

/** The affiliate's commission on a consultation: their rate of the platform's commission, rounded down. */
export function affiliateCommission(platformCommission: number, rate: number): number {
  if (!(rate > 0) || platformCommission <= 0) return 0;
  // Rates have at most four decimals: integer arithmetic on hundredths of a percent, no float drift.
  return Math.floor((platformCommission * Math.round(rate * 10_000)) / 10_000);
}

/**
 * What a refund (or a lost dispute) of `amount` takes back of a commission, given what was taken back
 * of the payment before it: the recoveries add up to the commission in proportion to all that was
 * given back (rounded down; all of it once everything was), however the payment is given back in parts.
 */
export function recoveredCommission(commission: number, total: number, amount: number, before = 0): number {
  const upTo = (sum: number) =>
    sum >= total ? commission : Math.floor((commission * Math.max(0, sum)) / total);
  return upTo(before + amount) - upTo(before);
}

/** Whether a payment made at `at` still earns the affiliate of a sign-up made at `referredAt`. */
export function withinReferralWindow(referredAt: string, at: Date): boolean {
  return at.getTime() - Date.parse(referredAt) <= REFERRAL_WINDOW_DAYS * 86_400_000;
}

// ---------------------------------------------------------------------------------------------
// Input rules

export type AffiliateFieldProblem =
  | 'required'
  | 'too_long'
  | 'email_invalid'
  | 'value_invalid'
  | 'code_invalid'
  | 'code_taken'
  | 'immutable'
  | 'rate_range'
  | 'stripe_account_invalid'
  | 'bank_code_invalid';

type Checked =
  | { ok: true; value: AffiliateInput }
  | { ok: false; fields: Partial<Record<keyof AffiliateInput | string, AffiliateFieldProblem>> };

const STRIPE_ACCOUNT = /^acct_[A-Za-z0-9]{1,64}$/;

function text(value: unknown, max: number, required: boolean): string | AffiliateFieldProblem {
  if (value === undefined || value === null) return required ? 'required' : '';
  if (typeof value !== 'string') return 'value_invalid';
  const trimmed = value.trim();
  if (required && !trimmed) return 'required';
  return trimmed.length > max ? 'too_long' : trimmed;
}

const PROBLEMS = new Set<string>(['required', 'too_long', 'value_invalid']);

/** An affiliate's fields, checked: the values (normalised) or a problem per field. */
export function checkAffiliateInput(raw: unknown): Checked {
  const input = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const fields: Record<string, AffiliateFieldProblem> = {};
  const name = text(input.name, AFFILIATE_NAME_MAX, true);
  const email = text(input.email, 254, true);
  const bankAccount = text(input.bankAccountNumber, AFFILIATE_BANK_ACCOUNT_MAX, false);
  const bankCode = text(input.bankCode, 11, false);
  const stripe = text(input.stripeAccountId, 80, false);
  const raws = { name, email, bankAccountNumber: bankAccount, bankCode, stripeAccountId: stripe };
  for (const [field, value] of Object.entries(raws)) {
    if (PROBLEMS.has(value)) fields[field] = value as AffiliateFieldProblem;
  }
  const normalizedEmail = fields.email ? '' : normalizeEmail(email);
  if (!fields.email && !isValidEmail(normalizedEmail)) fields.email = 'email_invalid';

  const code = typeof input.code === 'string' ? normalizeReferralCode(input.code) : undefined;
  if (input.code === undefined || input.code === null || input.code === '') fields.code = 'required';
  else if (!code) fields.code = 'code_invalid';

  const rate = input.rate;
  if (rate === undefined || rate === null) fields.rate = 'required';
  else if (typeof rate !== 'number' || !Number.isFinite(rate)) fields.rate = 'value_invalid';
  else if (rate <= 0 || rate > 1 || Math.abs(rate * 10_000 - Math.round(rate * 10_000)) > 1e-6)
    fields.rate = 'rate_range';
  if (input.active !== undefined && typeof input.active !== 'boolean') fields.active = 'value_invalid';

  const account = fields.bankAccountNumber ? '' : bankAccount.replace(/\s+/g, '').toUpperCase();
  const bank = fields.bankCode ? '' : bankCode.replace(/\s+/g, '').toUpperCase();
  if (!fields.bankCode && bank && !BANK_CODE_PATTERN.test(bank)) fields.bankCode = 'bank_code_invalid';
  if (!fields.stripeAccountId && stripe && !STRIPE_ACCOUNT.test(stripe))
    fields.stripeAccountId = 'stripe_account_invalid';

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      name,
      email: normalizedEmail,
      code: code!,
      rate: Math.round((rate as number) * 10_000) / 10_000,
      active: input.active !== false,
      ...(stripe ? { stripeAccountId: stripe } : {}),
      ...(account ? { bankAccountNumber: account } : {}),
      ...(bank ? { bankCode: bank } : {}),
    },
  };
}
