/**
 * The reason an admin gives for a decision that affects someone (a rejected approval, a rejected
 * identity check, a hidden review): required, trimmed, and bounded so that it fits in a mail and an
 * audit entry. The same check runs in the console's form and on the server.
 */
export const ADMIN_REASON_MAX_LENGTH = 1000;

export type AdminReasonProblem = 'required' | 'too_long';

/** What is wrong with a reason as typed (undefined when it may be used). */
export function adminReasonProblem(
  value: unknown,
  max = ADMIN_REASON_MAX_LENGTH,
): AdminReasonProblem | undefined {
  if (typeof value !== 'string' || value.trim() === '') return 'required';
  return value.trim().length > max ? 'too_long' : undefined;
}
