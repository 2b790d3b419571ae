/**
 * The console's CSV exports (finance/exports, `GET /api/admin/exports`): which datasets there are,
 * the date range they take and how long it may be, and the file's name. One definition for the
 * service (server/services/exports/) and the console (src/features/admin/finance/).
 *
 * A range is `[from, to)` in UTC calendar days (`2026-01-01` to `2026-02-01` is January): `to` is
 * the first day left out, so that consecutive exports neither overlap nor leave a gap.
 */
export const EXPORT_DATASETS = ['payments', 'invoices', 'credit-notes', 'payouts', 'ledger'] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

export const EXPORT_SEPARATORS = ['comma', 'semicolon'] as const;
export type ExportSeparator = (typeof EXPORT_SEPARATORS)[number];

/** The longest range of one export, in days (a leap year). */
export const EXPORT_MAX_DAYS = 366;

export const EXPORT_DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const DAY_MS = 86_400_000;

/** The UTC midnight a day starts at, in milliseconds; NaN for a day that does not exist (02-30). */
export function dayStart(day: string): number {
  if (!EXPORT_DAY_PATTERN.test(day)) return Number.NaN;
  const at = Date.parse(`${day}T00:00:00.000Z`);
  return new Date(at).toISOString().slice(0, 10) === day ? at : Number.NaN;
}

/** `day` moved by `days` (UTC). */
export function addDays(day: string, days: number): string {
  return new Date(dayStart(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The number of days in `[from, to)`. */
export function rangeDays(from: string, to: string): number {
  return Math.round((dayStart(to) - dayStart(from)) / DAY_MS);
}

/** `sos-expat-payments-2026-01-01-2026-01-31.csv`: the dataset and the days it covers, both included. */
export function exportFileName(dataset: ExportDataset, from: string, to: string): string {
  return `sos-expat-${dataset}-${from}-${addDays(to, -1)}.csv`;
}
