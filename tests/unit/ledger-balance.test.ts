import { describe, expect, it } from 'vitest';
import { checkLedgerBalance } from '../../src/domain/ledger-balance';
import type { LedgerBalanceEntry, LedgerCheckName } from '../../src/domain/ledger-balance';

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;

function order(id: string, kind: string, amount: number, minute = 0, currency = 'EUR'): LedgerBalanceEntry {
  return { _id: `${id}:${kind}`, kind, orderId: id, providerId: 'p1', amount, currency, at: at(minute) };
}

function payout(
  id: string,
  kind: 'payout' | 'payout_reversal',
  amount: number,
  minute: number,
): LedgerBalanceEntry {
  return {
    _id: `${id}:${kind}`,
    kind,
    payoutId: id,
    providerId: 'p1',
    amount,
    currency: 'EUR',
    at: at(minute),
  };
}

/** A captured 49 € consultation split 20 % / 80 %. */
const captured = [
  order('o1', 'authorisation', 4900),
  order('o1', 'capture', 4900, 1),
  order('o1', 'commission', 980, 1),
  order('o1', 'provider_share', 3920, 1),
];

function failing(entries: LedgerBalanceEntry[]): Record<string, string[][]> {
  const result = checkLedgerBalance(entries);
  const out: Record<string, string[][]> = {};
  for (const check of result.checks) {
    if (!check.ok) out[check.name] = check.offences.map((offence) => offence.entryIds);
  }
  return out;
}

describe('the ledger balance check', () => {
  it('finds a captured, half-refunded, paid-out and reversed history balanced', () => {
    const result = checkLedgerBalance([
      ...captured,
      order('o1', 'refund', 2450, 2),
      order('o1', 'provider_recovery', 1960, 2),
      payout('po1', 'payout', 1960, 3),
      payout('po1', 'payout_reversal', 1960, 4),
      order('o2', 'authorisation', 4900),
      order('o2', 'release', 4900, 1),
    ]);
    expect(result.balanced).toBe(true);
    expect(result.entries).toBe(10);
    expect(result.checks.every((check) => check.offences.length === 0)).toBe(true);
  });

  it('names a capture whose split does not add up, or a split without a capture', () => {
    const bad = [...captured.slice(0, 3), order('o1', 'provider_share', 3900, 1)];
    expect(failing(bad)).toEqual({ capture_split: [['o1:capture', 'o1:commission', 'o1:provider_share']] });
    expect(Object.keys(failing([order('o3', 'commission', 10)]))).toContain('capture_split');
  });

  it('names a refund larger than the capture or without one', () => {
    const over = failing([
      ...captured,
      order('o1', 'refund', 5000, 2),
      order('o1', 'provider_recovery', 3920, 2),
    ]);
    expect(over.refund_within_capture).toEqual([['o1:refund', 'o1:capture']]);
    expect(Object.keys(failing([order('o4', 'authorisation', 100), order('o4', 'refund', 100)]))).toContain(
      'refund_within_capture',
    );
  });

  it('names a recovery out of proportion to the refund, or a refund with no recovery', () => {
    const wrong = failing([
      ...captured,
      order('o1', 'refund', 2450, 2),
      order('o1', 'provider_recovery', 3920, 2),
    ]);
    expect(wrong.recovery_matches_refund).toEqual([
      ['o1:provider_recovery', 'o1:refund', 'o1:provider_share'],
    ]);
    const missing = failing([...captured, order('o1', 'refund', 4900, 2)]);
    expect(Object.keys(missing)).toEqual(['recovery_matches_refund' satisfies LedgerCheckName]);
    // Rounded down: 3920 × 1001 / 4900 = 800.8 → 800.
    expect(
      failing([...captured, order('o1', 'refund', 1001, 2), order('o1', 'provider_recovery', 800, 2)]),
    ).toEqual({});
  });

  it('names a payout larger than the balance at its moment, but lets a later recovery make it negative', () => {
    expect(failing([...captured, payout('po1', 'payout', 4000, 3)])).toEqual({
      payout_within_balance: [['po1:payout']],
    });
    const later = [
      ...captured,
      payout('po1', 'payout', 3920, 3),
      order('o1', 'refund', 4900, 4),
      order('o1', 'provider_recovery', 3920, 4),
    ];
    expect(failing(later)).toEqual({});
  });

  it('names a reversal without its payout, a mixed currency, a capture and a release of one hold, a bad amount', () => {
    expect(failing([payout('po9', 'payout_reversal', 10, 1)])).toEqual({
      reversal_matches_payout: [['po9:payout_reversal']],
    });
    expect(
      Object.keys(failing([order('o5', 'authorisation', 100), order('o5', 'release', 100, 1, 'USD')])),
    ).toEqual(['one_currency']);
    expect(failing([...captured, order('o1', 'release', 4900, 2)])).toEqual({
      hold_settled_once: [['o1:capture', 'o1:release']],
    });
    expect(Object.keys(failing([order('o6', 'authorisation', 1.5)]))).toEqual(['amounts_valid']);
  });
});
