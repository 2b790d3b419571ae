/** Why a visitor reports a provider profile; the text field is required for `other`. */
export const REPORT_REASONS = [
  'false_information',
  'inappropriate',
  'not_professional',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 1000;

export type ProviderReport = { id: string; providerId: string; reason: ReportReason; details: string };

/** The code of the first rule a report breaks, or undefined when it is valid. */
export function reportProblem(report: Partial<ProviderReport>): string | undefined {
  if (typeof report.id !== 'string' || !/^[\w-]{8,64}$/.test(report.id)) return 'invalid_report_id';
  if (typeof report.providerId !== 'string' || !/^[\w-]{1,64}$/.test(report.providerId))
    return 'invalid_provider';
  if (!REPORT_REASONS.includes(report.reason as ReportReason)) return 'invalid_reason';
  const details = typeof report.details === 'string' ? report.details.trim() : '';
  if (details.length > REPORT_DETAILS_MAX) return 'details_too_long';
  if (report.reason === 'other' && details.length === 0) return 'details_required';
  return undefined;
}
