/**
 * The rules of a refund request, shared by the console's form and the service: an idempotency key
 * (one refund per key, whatever is sent again with it), an amount in minor units within what is left
 * of the capture, and a reason.
 */
export const REFUND_KEY_PATTERN = /^[A-Za-z0-9_-]{8,40}$/;
export const REFUND_REASON_MAX = 500;

/** What is left to refund of a capture, given the refunds already asked for (done or under way). */
export function refundable(captured: number, refunds: readonly { amount: number }[]): number {
  return Math.max(0, captured - refunds.reduce((sum, refund) => sum + refund.amount, 0));
}

export type RefundRequestError = 'key' | 'amount' | 'reason';

/** What is wrong with a refund request, field by field (empty when it may be sent). */
export function refundRequestErrors(input: {
  key: unknown;
  amount: unknown;
  reason: unknown;
}): RefundRequestError[] {
  const errors: RefundRequestError[] = [];
  if (typeof input.key !== 'string' || !REFUND_KEY_PATTERN.test(input.key)) errors.push('key');
  if (
    input.amount !== undefined &&
    (typeof input.amount !== 'number' || !Number.isInteger(input.amount) || input.amount <= 0)
  )
    errors.push('amount');
  if (
    typeof input.reason !== 'string' ||
    input.reason.trim().length < 3 ||
    input.reason.length > REFUND_REASON_MAX
  )
    errors.push('reason');
  return errors;
}
