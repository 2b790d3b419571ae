/** Dispute states and deadlines as the console shows them (src/domain/disputes.ts). */
import { describe, expect, it } from 'vitest';
import { daysLeft, disputeState } from '../../src/domain/disputes';

describe('disputes', () => {
  it('groups Stripe’s statuses into open, won and lost', () => {
    expect(
      (['warning_needs_response', 'warning_under_review', 'needs_response', 'under_review'] as const).map(
        disputeState,
      ),
    ).toEqual(['open', 'open', 'open', 'open']);
    // An inquiry closed without a chargeback gave the cardholder nothing: won.
    expect([disputeState('won'), disputeState('warning_closed'), disputeState('lost')]).toEqual([
      'won',
      'won',
      'lost',
    ]);
  });

  it('counts whole days left to a deadline, negative once past', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    expect(daysLeft('2026-12-01T10:00:00.000Z', now)).toBe(7);
    expect(daysLeft('2026-11-24T11:00:00.000Z', now)).toBe(1);
    expect(daysLeft('2026-11-24T10:00:00.000Z', now)).toBe(0);
    expect(daysLeft('2026-11-22T09:00:00.000Z', now)).toBe(-2);
  });
});
