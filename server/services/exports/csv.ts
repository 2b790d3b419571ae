/**
 * The one CSV writer of the service (payout bank transfers, the finance exports): files that open
 * correctly in Excel and in any spreadsheet.
 *
 * - UTF-8 with a byte-order mark (Excel otherwise reads UTF-8 as the machine's code page), lines
 *   ended by CRLF (RFC 4180).
 * - `,` by default; `;` for Excel set to French, German… (the list separator of locales whose
 *   decimal separator is the comma), and then amounts are written with a decimal comma, which such
 *   an Excel reads as a number.
 * - A field holding the separator, a quote or a line break is quoted, its quotes doubled.
 * - CSV injection: a cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 *   a tab or a carriage return) is prefixed with `'`. Amounts are never negative here (the kind of
 *   a movement says its direction), so no number is defused by this.
 */
export type CsvSeparator = ',' | ';';

export const CSV_BOM = '\uFEFF';

/** One CSV field: quoted when it holds the separator, a quote or a line break; formulas defused. */
export function csvField(value: string, sep: CsvSeparator): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(sep) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (fields: readonly string[], sep: CsvSeparator) =>
  fields.map((field) => csvField(field, sep)).join(sep) + '\r\n';

const digitsCache = new Map<string, number>();

/** The number of decimals of a currency's major unit (2 for EUR and USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits ?? 2);
  }
  return digits ?? 2;
}

/**
 * Minor units as a decimal amount in major units (`12.34`; `12,34` with the `;` separator), with the
 * currency's own number of decimals (EUR by default).
 */
export function csvAmount(minor: number, sep: CsvSeparator, currency = 'EUR'): string {
  const digits = currencyDigits(currency);
  const text = (minor / 10 ** digits).toFixed(digits);
  return sep === ';' ? text.replace('.', ',') : text;
}

/** A VAT rate as a decimal fraction (`0.2`; `0,2` with the `;` separator). */
export function csvRate(rate: number, sep: CsvSeparator): string {
  const text = String(rate);
  return sep === ';' ? text.replace('.', ',') : text;
}
