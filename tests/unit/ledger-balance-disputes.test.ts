/** The ledger's dispute checks (src/domain/ledger-balance.ts): settled once, within the capture. */
import { describe, expect, it } from 'vitest';
import { checkLedgerBalance, providerBalanceSign } from '../../src/domain/ledger-balance';
import type { LedgerBalanceEntry } from '../../src/domain/ledger-balance';

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;

function entry(kind: string, amount: number, minute = 1, disputeId?: string): LedgerBalanceEntry {
  return {
    _id: `o1:${kind}${disputeId ? `:${disputeId}` : ''}`,
    kind,
    orderId: 'o1',
    providerId: 'p1',
    ...(disputeId ? { disputeId } : {}),
    amount,
    currency: 'EUR',
    at: at(minute),
  };
}

const captured = [
  entry('authorisation', 4900, 0),
  entry('capture', 4900),
  entry('commission', 980),
  entry('provider_share', 3920),
];

function failing(entries: LedgerBalanceEntry[]): Record<string, string[][]> {
  const out: Record<string, string[][]> = {};
  for (const check of checkLedgerBalance(entries).checks) {
    if (!check.ok) out[check.name] = check.offences.map((offence) => offence.entryIds);
  }
  return out;
}

describe('the ledger balance check of disputes', () => {
  it('finds a hold then its release, or a hold then a loss, balanced', () => {
    expect(
      failing([...captured, entry('dispute_hold', 3920, 2, 'dp1'), entry('dispute_release', 3920, 3, 'dp1')]),
    ).toEqual({});
    expect(
      failing([...captured, entry('dispute_hold', 1960, 2, 'dp1'), entry('dispute_lost', 2450, 3, 'dp1')]),
    ).toEqual({});
    expect(failing([...captured, entry('dispute_hold', 3920, 2, 'dp1')])).toEqual({});
  });

  it('names a release without its hold, of another amount, or beside a loss', () => {
    expect(failing([...captured, entry('dispute_release', 3920, 3, 'dp1')])).toEqual({
      dispute_settled_once: [['o1:dispute_release:dp1']],
    });
    expect(
      failing([...captured, entry('dispute_hold', 3920, 2, 'dp1'), entry('dispute_release', 1000, 3, 'dp1')]),
    ).toHaveProperty('dispute_settled_once');
    expect(
      failing([
        ...captured,
        entry('dispute_hold', 3920, 2, 'dp1'),
        entry('dispute_release', 3920, 3, 'dp1'),
        entry('dispute_lost', 4900, 3, 'dp1'),
      ]),
    ).toEqual({
      dispute_settled_once: [['o1:dispute_hold:dp1', 'o1:dispute_release:dp1', 'o1:dispute_lost:dp1']],
    });
    // The hold of another dispute does not cover this one's release.
    expect(
      failing([...captured, entry('dispute_hold', 3920, 2, 'dp1'), entry('dispute_release', 3920, 3, 'dp2')]),
    ).toHaveProperty('dispute_settled_once');
  });

  it('names a dispute without a capture, or losses and refunds beyond it', () => {
    expect(failing([entry('authorisation', 4900, 0), entry('dispute_hold', 100, 2, 'dp1')])).toEqual({
      dispute_within_capture: [[]],
    });
    const offences = failing([
      ...captured,
      entry('refund', 2450, 2, undefined),
      { ...entry('provider_recovery', 1960, 2), refundId: undefined },
      entry('dispute_hold', 1960, 3, 'dp1'),
      entry('dispute_lost', 2451, 4, 'dp1'),
    ]);
    expect(offences).toEqual({
      dispute_within_capture: [['o1:capture', 'o1:dispute_lost:dp1']],
    });
  });

  it('counts a hold out of the provider’s balance and a release back in; a loss moves nothing', () => {
    expect([
      providerBalanceSign('dispute_hold'),
      providerBalanceSign('dispute_release'),
      providerBalanceSign('dispute_lost'),
    ]).toEqual([-1, 1, 0]);
    // A payout of the share while its hold stands pays more than the balance.
    expect(
      failing([
        ...captured,
        entry('dispute_hold', 3920, 2, 'dp1'),
        {
          _id: 'po1:payout',
          kind: 'payout',
          payoutId: 'po1',
          providerId: 'p1',
          amount: 3920,
          currency: 'EUR',
          at: at(3),
        },
      ]),
    ).toEqual({ payout_within_balance: [['po1:payout']] });
  });
});
