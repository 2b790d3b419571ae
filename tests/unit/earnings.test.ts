import { describe, expect, it } from 'vitest';
import {
  EARNINGS_RECENT_PAYOUTS,
  buildEarnings,
  earningsPayout,
  sameEarnings,
} from '../../src/domain/earnings';
import type { EarningsPayout } from '../../src/domain/earnings';
import { createMineValidator } from '../../src/domain/mine-validation';
import { MINE_TYPES } from '../../src/domain/mine';

const AT = '2026-03-02T10:00:00.000Z';

const payout = (day: string, state: EarningsPayout['state'] = 'paid'): EarningsPayout => ({
  id: `payout:${day}:EUR:lea`,
  day,
  currency: 'EUR',
  amount: 4165,
  state,
});

describe('the provider’s earnings document', () => {
  it('lists currencies in a fixed order and the newest payouts first, at most a few', () => {
    const days = ['2026-02-20', '2026-02-26', '2026-02-21', '2026-02-25', '2026-02-22', '2026-02-24'];
    const doc = buildEarnings(
      [
        { currency: 'USD', earned: 5000, recovered: 0, paidOut: 0, balance: 5000 },
        { currency: 'EUR', earned: 8330, recovered: 4165, paidOut: 4165, balance: 0 },
      ],
      days.map((day) => payout(day)),
      AT,
    );
    expect(doc.currencies.map((c) => c.currency)).toEqual(['EUR', 'USD']);
    expect(doc.payouts.map((p) => p.day)).toEqual([
      '2026-02-26',
      '2026-02-25',
      '2026-02-24',
      '2026-02-22',
      '2026-02-21',
    ]);
    expect(doc.payouts).toHaveLength(EARNINGS_RECENT_PAYOUTS);
    expect(createMineValidator()(doc as unknown as Record<string, unknown>)).toEqual({
      ok: true,
      type: 'earnings',
    });
  });

  it('says a payout was paid, and when, only once the transfer went through', () => {
    const base = { id: 'payout:2026-03-01:EUR:lea', day: '2026-03-01', currency: 'EUR' as const, amount: 10 };
    expect(earningsPayout({ ...base, state: 'paid', updatedAt: AT })).toEqual({
      ...base,
      state: 'paid',
      paidAt: AT,
    });
    for (const state of ['pending', 'manual', 'failed'] as const)
      expect(earningsPayout({ ...base, state, updatedAt: AT })).toEqual({ ...base, state });
  });

  it('needs no write when only the time of the recomputation differs', () => {
    const figures = [{ currency: 'EUR' as const, earned: 100, recovered: 0, paidOut: 0, balance: 100 }];
    const first = buildEarnings(figures, [payout('2026-03-01', 'pending')], AT);
    expect(sameEarnings(first, buildEarnings(figures, [payout('2026-03-01', 'pending')], 'later'))).toBe(
      true,
    );
    expect(sameEarnings(first, buildEarnings(figures, [payout('2026-03-01', 'paid')], AT))).toBe(false);
    expect(sameEarnings(first, buildEarnings([{ ...figures[0]!, balance: 0, paidOut: 100 }], [], AT))).toBe(
      false,
    );
  });

  it('is written by the service only, and a negative balance is a valid document', () => {
    expect(MINE_TYPES.earnings.ownerWritable).toBe(false);
    const owed = buildEarnings(
      [{ currency: 'EUR', earned: 0, recovered: 4165, paidOut: 4165, balance: -4165 }],
      [],
      AT,
    );
    expect(createMineValidator()(owed as unknown as Record<string, unknown>).ok).toBe(true);
    const forged = { ...owed, currencies: [{ ...owed.currencies[0], bonus: 1 }] };
    expect(createMineValidator()(forged as unknown as Record<string, unknown>).ok).toBe(false);
  });
});
