/**
 * B2B company accounts (admin screens `b2b/*`): a company whose members (employees abroad, invited
 * by e-mail) book consultations that the company pays, at prices negotiated for the account, billed
 * monthly on one invoice instead of a card. Records live in the server-only `b2b` database; this
 * module holds their shapes and the rules the console, the checkout and the tests share.
 */
import { CURRENCIES } from './config';
import type { Currency, Pricing } from './config';
import { isValidEmail, normalizeEmail } from './email';
import { PAYMENT_MAX_MINOR, PAYMENT_MIN_MINOR } from './order';
import type { Quote } from './order';
import { SERVICES } from './promo';
import type { ServiceKey } from './promo';

export const B2B_NAME_MAX = 160;
export const B2B_ADDRESS_MAX = 500;
export const B2B_VAT_ID_MAX = 40;

/** Prices negotiated for an account, per service, in minor units of the account's currency. */
export type B2bPrices = Partial<Record<ServiceKey, number>>;

export type B2bAccount = {
  id: string;
  /** The company's legal name (printed on its invoices). */
  name: string;
  address: string;
  vatId: string;
  billingEmail: string;
  currency: Currency;
  active: boolean;
  /** A service without a negotiated price is sold at the platform's standard price. */
  prices: B2bPrices;
  createdAt: string;
  updatedAt: string;
};

/** What an admin sends to create or change an account. */
export type B2bAccountInput = Pick<
  B2bAccount,
  'name' | 'address' | 'vatId' | 'billingEmail' | 'currency' | 'active'
>;

export type B2bMember = {
  accountId: string;
  /** Lower-case: a client account with this e-mail is a member. */
  email: string;
  addedAt: string;
  addedBy: string;
};

/** What a signed-in client may bill a consultation to (checkout). */
export type B2bBillingOption = {
  accountId: string;
  name: string;
  currency: Currency;
  prices: B2bPrices;
};

/** `SOSB-2026-000042`: the company invoices' own sequence, per calendar year, without gaps. */
export const B2B_INVOICE_NUMBER_PATTERN = /^SOSB-(\d{4})-(\d{6})$/;

export function b2bInvoiceNumber(year: number, sequence: number): string {
  return `SOSB-${year}-${String(sequence).padStart(6, '0')}`;
}

export const B2B_INVOICE_STATES = ['issued', 'paid'] as const;
export type B2bInvoiceState = (typeof B2B_INVOICE_STATES)[number];

/** One consultation on a company's monthly invoice. */
export type B2bInvoiceLine = {
  orderId: string;
  /** When the consultation took place. */
  date: string;
  member: { name: string; email: string };
  provider: string;
  service: ServiceKey;
  durationMinutes: number;
  callSeconds: number;
  /** Including VAT, minor units. */
  amount: number;
};

export type B2bInvoice = {
  id: string;
  number: string;
  accountId: string;
  /** `YYYY-MM`, the month billed. */
  month: string;
  issuedAt: string;
  seller: { name: string; address?: string[]; email?: string; companyId?: string; vatId?: string };
  buyer: { name: string; address: string; vatId: string; email: string };
  currency: Currency;
  lines: B2bInvoiceLine[];
  amounts: { net: number; vat: number; total: number };
  vatRate: number;
  vatNote?: string;
  state: B2bInvoiceState;
  paidAt?: string;
  paidBy?: string;
};

/** An account's usage in a month (reports). */
export type B2bUsage = {
  accountId: string;
  month: string;
  currency: Currency;
  consultations: number;
  minutes: number;
  amount: number;
  members: { email: string; name: string; consultations: number; minutes: number; amount: number }[];
};

/**
 * The price of a service billed to an account: its negotiated price, else the platform's standard
 * price in the account's currency; no discount. The server and the checkout page compute it alike.
 */
export function b2bQuote(
  pricing: Pricing | undefined,
  service: ServiceKey,
  account: Pick<B2bBillingOption, 'currency' | 'prices'>,
): Quote | undefined {
  const entry = pricing?.[service];
  const price = account.prices[service] ?? entry?.prices[account.currency];
  if (!entry?.isActive || !Number.isSafeInteger(price)) return undefined;
  return {
    service,
    currency: account.currency,
    durationMinutes: entry.durationMinutes,
    standard: price!,
    discount: 0,
    total: price!,
  };
}

// ---------------------------------------------------------------------------------------------
// Months

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH.test(value);
}

/** `YYYY-MM` of an instant, in UTC. */
export function monthOf(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Input rules

export type B2bFieldProblem = 'required' | 'too_long' | 'email_invalid' | 'value_invalid' | 'price_range';

function text(value: unknown, max: number, required: boolean): string | B2bFieldProblem {
  if (value === undefined || value === null) return required ? 'required' : '';
  if (typeof value !== 'string') return 'value_invalid';
  const trimmed = value.trim();
  if (required && !trimmed) return 'required';
  return trimmed.length > max ? 'too_long' : trimmed;
}

/** The account's fields, checked: the values or a problem per field. */
export function checkB2bAccountInput(
  raw: unknown,
): { ok: true; value: B2bAccountInput } | { ok: false; fields: Record<string, B2bFieldProblem> } {
  const input = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const fields: Record<string, B2bFieldProblem> = {};
  const name = text(input.name, B2B_NAME_MAX, true);
  const address = text(input.address, B2B_ADDRESS_MAX, true);
  const vatId = text(input.vatId, B2B_VAT_ID_MAX, false);
  const email = text(input.billingEmail, 254, true);
  const problems = { name, address, vatId, billingEmail: email } as Record<string, string>;
  for (const [field, value] of Object.entries(problems)) {
    if (['required', 'too_long', 'value_invalid'].includes(value)) fields[field] = value as B2bFieldProblem;
  }
  const billingEmail = fields.billingEmail ? '' : normalizeEmail(email);
  if (!fields.billingEmail && !isValidEmail(billingEmail)) fields.billingEmail = 'email_invalid';
  if (!CURRENCIES.includes(input.currency as Currency)) fields.currency = 'value_invalid';
  if (input.active !== undefined && typeof input.active !== 'boolean') fields.active = 'value_invalid';
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      name,
      address,
      vatId,
      billingEmail,
      currency: input.currency as Currency,
      active: input.active !== false,
    },
  };
}

/** Negotiated prices, checked: each service a whole amount within the payment bounds, or null (none). */
export function checkB2bPrices(
  raw: unknown,
): { ok: true; value: B2bPrices } | { ok: false; fields: Record<string, B2bFieldProblem> } {
  const input = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const fields: Record<string, B2bFieldProblem> = {};
  const value: B2bPrices = {};
  for (const service of SERVICES) {
    const price = input[service];
    if (price === undefined || price === null) continue;
    if (!Number.isSafeInteger(price)) fields[service] = 'value_invalid';
    else if ((price as number) < PAYMENT_MIN_MINOR || (price as number) > PAYMENT_MAX_MINOR)
      fields[service] = 'price_range';
    else value[service] = price as number;
  }
  for (const key of Object.keys(input)) {
    if (!SERVICES.includes(key as ServiceKey)) fields[key] = 'value_invalid';
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value };
}

/** A member's e-mail, normalised, or undefined when it is not one. */
export function memberEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const email = normalizeEmail(raw);
  return isValidEmail(email) ? email : undefined;
}
