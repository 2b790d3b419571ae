/**
 * The console's VAT reports (finance/taxes and finance/taxes/by-country), as `/api/admin/taxes…`
 * answers them: the VAT collected per period (a UTC month, quarter or year) and per currency, or for
 * one period per client country, from the invoices issued in the period minus the credit notes
 * issued in it. One definition for the service (server/services/admin/taxes.ts), the view that sums
 * the figures (`couchdb/design/tax-reports.json`, which computes the same period keys) and the
 * console.
 *
 * Period keys: `2026` (a year), `2026-Q1` (a quarter), `2026-03` (a month).
 */
import type { Currency } from './config';

export const TAX_GRANULARITIES = ['month', 'quarter', 'year'] as const;
export type TaxGranularity = (typeof TAX_GRANULARITIES)[number];

/** The view's first key element for each granularity. */
export const TAX_LEVEL: Record<TaxGranularity, 'M' | 'Q' | 'Y'> = { month: 'M', quarter: 'Q', year: 'Y' };

/** The country of invoices whose client's country is not known. */
export const UNKNOWN_COUNTRY = 'unknown';

export type TaxAmounts = { net: number; vat: number; total: number };

/** What a period (or a country in a period) adds up to, in minor units of `currency`. */
export type TaxFigures = {
  currency: Currency;
  /** Invoices issued, and what they charged. */
  invoices: number;
  invoiced: TaxAmounts;
  /** Credit notes issued, and what they gave back. */
  creditNotes: number;
  credited: TaxAmounts;
  /** Invoiced minus credited: what is collected. */
  collected: TaxAmounts;
};

export type TaxPeriodRow = TaxFigures & { period: string };
export type TaxCountryRow = TaxFigures & { country: string };

export type TaxReport = {
  granularity: TaxGranularity;
  year?: number;
  /** Newest period first; within a period, in the order of `CURRENCIES`. */
  rows: TaxPeriodRow[];
  /** Numbers of invoices left out: issued before their figures were recorded and no longer readable. */
  unavailable: string[];
};

export type TaxCountryReport = {
  period: string;
  /** By currency (in the order of `CURRENCIES`), then by VAT collected, most first. */
  rows: TaxCountryRow[];
  unavailable: string[];
};

const PERIOD_PATTERN = /^(\d{4})(?:-(0[1-9]|1[0-2])|-Q([1-4]))?$/;

export type TaxPeriod = {
  key: string;
  granularity: TaxGranularity;
  year: number;
  /** The UTC instants the period starts at and the next one starts at. */
  from: string;
  to: string;
};

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toISOString();

/** A period key read, or undefined when it is not one. */
export function parseTaxPeriod(key: string): TaxPeriod | undefined {
  const match = PERIOD_PATTERN.exec(key);
  if (!match) return undefined;
  const year = Number(match[1]);
  if (year < 2000 || year > 2999) return undefined;
  if (match[2]) {
    const month = Number(match[2]);
    return {
      key,
      granularity: 'month',
      year,
      from: monthStart(year, month),
      to: monthStart(year, month + 1),
    };
  }
  if (match[3]) {
    const first = (Number(match[3]) - 1) * 3 + 1;
    return {
      key,
      granularity: 'quarter',
      year,
      from: monthStart(year, first),
      to: monthStart(year, first + 3),
    };
  }
  return { key, granularity: 'year', year, from: monthStart(year, 1), to: monthStart(year + 1, 1) };
}

/** The month, quarter and year keys of an instant (UTC), as the view computes them. */
export function taxPeriodsOf(iso: string): Record<TaxGranularity, string> {
  const year = iso.slice(0, 4);
  const month = iso.slice(5, 7);
  return {
    month: `${year}-${month}`,
    quarter: `${year}-Q${Math.floor((Number(month) - 1) / 3) + 1}`,
    year,
  };
}

export function emptyFigures(currency: Currency): TaxFigures {
  return {
    currency,
    invoices: 0,
    invoiced: { net: 0, vat: 0, total: 0 },
    creditNotes: 0,
    credited: { net: 0, vat: 0, total: 0 },
    collected: { net: 0, vat: 0, total: 0 },
  };
}

/**
 * The view's sum (`[invoices, net, vat, total, credit notes, net, vat, total]`) added to figures,
 * the collected amounts kept equal to invoiced minus credited.
 */
export function addSums(figures: TaxFigures, sums: readonly number[]): TaxFigures {
  const [invoices = 0, inet = 0, ivat = 0, itotal = 0, notes = 0, cnet = 0, cvat = 0, ctotal = 0] = sums;
  const invoiced = {
    net: figures.invoiced.net + inet,
    vat: figures.invoiced.vat + ivat,
    total: figures.invoiced.total + itotal,
  };
  const credited = {
    net: figures.credited.net + cnet,
    vat: figures.credited.vat + cvat,
    total: figures.credited.total + ctotal,
  };
  return {
    currency: figures.currency,
    invoices: figures.invoices + invoices,
    invoiced,
    creditNotes: figures.creditNotes + notes,
    credited,
    collected: {
      net: invoiced.net - credited.net,
      vat: invoiced.vat - credited.vat,
      total: invoiced.total - credited.total,
    },
  };
}
