/**
 * After a money-moving test: the ledger's invariants (src/domain/ledger-balance.ts) hold on the
 * store the test used. Fails naming the checks broken and their offending entries.
 */
import { expect } from 'vitest';
import { checkLedger } from '../../server/services/admin/ledger';
import type { Store } from '../../server/store/store';

export async function expectLedgerBalanced(store: Store): Promise<void> {
  const result = await checkLedger(store);
  const broken = result.checks.filter((check) => !check.ok);
  expect(broken, 'the ledger balances').toEqual([]);
}
