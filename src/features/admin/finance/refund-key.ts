/**
 * The idempotency key of one opening of the refund form (src/domain/refund.ts `REFUND_KEY_PATTERN`):
 * sent with every attempt from that opening, so a double click or a retry after a lost answer is
 * the same refund at the service and at the gateway, never a second one.
 */
export function newRefundKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  // Outside a secure context (a plain-http preview), randomUUID is missing; getRandomValues is not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
