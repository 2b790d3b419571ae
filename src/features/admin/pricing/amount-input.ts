/**
 * Amounts as an admin types them: in units with an optional decimal part ("49", "49,5", "49.50"),
 * kept as integer minor units (cents) everywhere else (STYLE.md: money is integer minor units).
 */

/** The minor units of a typed amount; undefined when the text is not an amount with at most 2 decimals. */
export function parseAmount(text: string): number | undefined {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalized)) return undefined;
  const [units, cents = ''] = normalized.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

/** The text of an amount for an input, in the interface language's decimal mark ("49" or "49,50"). */
export function amountText(minor: number, locale: string): string {
  const units = minor / 100;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(units);
}

/** A typed whole number (minutes, seconds, counts); undefined when it is not one. */
export function parseWhole(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}
