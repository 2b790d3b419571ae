/**
 * A payout run's summary: the payouts it made or finished, and their sums per currency and state.
 */
import type { PayoutRunSummary } from '../../../src/domain/payouts';
import type { PayoutRunDoc } from './records';

/** The run's sums, from its payouts. */
export function summarise(
  run: Omit<PayoutRunDoc, '_id' | 'type' | 'totals'>,
): Omit<PayoutRunDoc, '_id' | 'type'> {
  const totals = new Map<string, PayoutRunSummary['totals'][number]>();
  for (const payout of run.payouts) {
    const key = `${payout.currency}:${payout.state}`;
    const total = totals.get(key) ?? { currency: payout.currency, state: payout.state, amount: 0, count: 0 };
    total.amount += payout.amount;
    total.count += 1;
    totals.set(key, total);
  }
  return { ...run, totals: [...totals.values()] };
}

/** What the console shows of a run: its document without the store's fields. */
export function runView(doc: PayoutRunDoc | Omit<PayoutRunDoc, '_id' | 'type'>): PayoutRunSummary {
  const { _id: _ignoredId, _rev: _ignoredRev, type: _ignoredType, ...summary } = doc as PayoutRunDoc;
  return summary;
}
