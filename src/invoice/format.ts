/**
 * How the invoice writes amounts, dates, durations and names, through Intl in the invoice's
 * language. Times are shown in UTC, with the zone named: the server and every browser then print the
 * same moments (and so the same PDF), whatever the clock of the machine rendering it.
 */
import type { Currency } from '../domain/config';
import type { Language } from '../domain/languages';

export type InvoiceFormat = {
  money: (minor: number) => string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  percent: (rate: number) => string;
  minutes: (count: number) => string;
  /** A call's length as mm:ss (minutes may pass 59). */
  callLength: (seconds: number) => string;
  /** The country's name for an ISO 3166-1 alpha-2 code; nothing for anything else ("other"). */
  country: (code: string | undefined) => string | undefined;
  currencyName: (currency: Currency) => string;
  upper: (text: string) => string;
};

const formats = new Map<string, InvoiceFormat>();

/** The formats of a language and currency, built once (Intl objects are slow to create). */
export function invoiceFormat(language: Language, currency: Currency): InvoiceFormat {
  const key = `${language}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = createFormat(language, currency);
    formats.set(key, format);
  }
  return format;
}

function createFormat(language: Language, currency: Currency): InvoiceFormat {
  const moneyFormat = new Intl.NumberFormat(language, { style: 'currency', currency });
  const fractionDigits = moneyFormat.resolvedOptions().maximumFractionDigits ?? 2;
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  const dateTimeFormat = new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  const percentFormat = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const minuteFormat = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'long',
  });
  const regions = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const currencies = new Intl.DisplayNames([language], { type: 'currency', fallback: 'code' });
  const two = (value: number) => String(value).padStart(2, '0');

  return {
    money: (minor) => moneyFormat.format(minor / 10 ** fractionDigits),
    date: (iso) => dateFormat.format(new Date(iso)),
    dateTime: (iso) => dateTimeFormat.format(new Date(iso)),
    percent: (rate) => percentFormat.format(rate),
    minutes: (count) => minuteFormat.format(count),
    callLength: (seconds) => `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`,
    country: (code) => (code && /^[A-Z]{2}$/.test(code) ? (regions.of(code) ?? code) : undefined),
    currencyName: (currency) => currencies.of(currency) ?? currency,
    upper: (text) => text.toLocaleUpperCase(language),
  };
}
