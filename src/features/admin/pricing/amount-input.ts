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

/**
 * A typed percentage ("15", "12,5", "12.5 %") as a rate (0.15, 0.125): undefined when nothing is
 * typed, NaN when it is not a percentage with at most two decimals (a rate of four decimals).
 */
export function parsePercent(text: string): number | undefined {
  const normalized = text.replace(/[\s%]/g, '').replace(',', '.');
  if (!normalized) return undefined;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100) / 10_000;
}

/** A rate as a percentage for an input, in the interface language's decimal mark (0.125 → "12,5"). */
export function percentText(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(rate * 100);
}
