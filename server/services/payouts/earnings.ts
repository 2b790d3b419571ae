/**
 * The `earnings` document in a provider's own database (src/domain/earnings.ts): what they earned,
 * had taken back, were paid out and are owed, per currency, and their latest payouts.
 *
 * Invariants:
 * - Recomputed whole from the books (the `provider-balances` view and the `payouts` database),
 *   never incremented: a recomputation that starts after a movement was recorded shows it, whatever
 *   order the writes land in. Within this process, the recomputations of one provider run one after
 *   another, so an older reading never overwrites a newer one.
 * - Written only when its figures changed, and only for a provider with an account (a demo expert
 *   has no database).
 * - Never fails a money step: `refreshEarnings` logs its failures; the next movement, or the end of
 *   the next payout run, recomputes it.
 */
import type { Currency } from '../../../src/domain/config';
import { accountIds } from '../../../src/domain/account';
import { EARNINGS_DOC_ID, buildEarnings, earningsPayout, sameEarnings } from '../../../src/domain/earnings';
import type { EarningsDoc } from '../../../src/domain/earnings';
import { EARNINGS_RECENT_PAYOUTS } from '../../../src/domain/earnings';
import { userDbName } from '../../../src/domain/user-db';
import { logError } from '../../log';
import { getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { PREFIX_END } from '../admin/paging';
import { breakdown } from './balances';
import { payoutsDb } from './records';
import type { PayoutDoc } from './records';

type PartRow = { key: [string, Currency, string]; value: number };

async function balancesOf(store: Store, providerId: string) {
  const answer = await store.db('ledger').view<number>('provider-balances', 'by_provider', {
    reduce: true,
    group_level: 3,
    startkey: [providerId],
    endkey: [providerId, PREFIX_END],
  });
  const rows = answer.rows as unknown as PartRow[];
  const currencies = [...new Set(rows.map((row) => row.key[1]))];
  return currencies.map((currency) => breakdown(rows, providerId, currency));
}

async function latestPayouts(store: Store, providerId: string) {
  const answer = await payoutsDb<PayoutDoc>(store).view('payouts', 'by_provider', {
    startkey: [providerId, {}],
    endkey: [providerId],
    descending: true,
    include_docs: true,
    limit: EARNINGS_RECENT_PAYOUTS,
  });
  return answer.rows
    .map((row) => row.doc as PayoutDoc | undefined)
    .filter((doc): doc is PayoutDoc => doc?.type === 'payout')
    .map((doc) => earningsPayout({ id: doc._id, ...doc }));
}

/** Recomputes and writes the document now (when it changed); throws what the store throws. */
async function recompute(store: Store, providerId: string, now: () => Date): Promise<void> {
  if (!(await getOrUndefined(store.db('accounts'), accountIds.account(providerId)))) return;
  const [balances, payouts] = await Promise.all([
    balancesOf(store, providerId),
    latestPayouts(store, providerId),
  ]);
  const next = buildEarnings(balances, payouts, now().toISOString());
  await upsertDoc<EarningsDoc>(store, userDbName(providerId), EARNINGS_DOC_ID, (current) =>
    current && sameEarnings(current, next) ? undefined : { ...next, _id: EARNINGS_DOC_ID },
  );
}

const queues = new WeakMap<Store, Map<string, Promise<void>>>();

/**
 * Brings the provider's `earnings` document up to date with the books. Answers once a
 * recomputation that started after this call has been written; never rejects.
 */
export function refreshEarnings(store: Store, providerId: string, now = () => new Date()): Promise<void> {
  let byProvider = queues.get(store);
  if (!byProvider) queues.set(store, (byProvider = new Map()));
  const run = () =>
    recompute(store, providerId, now).catch((error: unknown) =>
      logError(`[earnings] could not update the earnings of ${providerId}`, error),
    );
  const next = (byProvider.get(providerId) ?? Promise.resolve()).then(run);
  byProvider.set(providerId, next);
  void next.then(() => {
    if (byProvider.get(providerId) === next) byProvider.delete(providerId);
  });
  return next;
}

/** Every provider the ledger knows, in key order, read in batches. */
async function* providersInLedger(store: Store): AsyncGenerator<string> {
  const BATCH = 500;
  let startkey: unknown;
  for (;;) {
    const answer = await store.db('ledger').view<number>('provider-balances', 'by_provider', {
      reduce: true,
      group_level: 1,
      limit: BATCH + 1,
      ...(startkey ? { startkey } : {}),
    });
    const rows = answer.rows as unknown as { key: [string] }[];
    for (const row of rows.slice(0, BATCH)) yield row.key[0];
    if (rows.length <= BATCH) return;
    startkey = rows[BATCH]!.key;
  }
}

/** Recomputes every provider's document (the end of a payout run); never rejects. */
export async function refreshAllEarnings(store: Store, now = () => new Date()): Promise<void> {
  try {
    for await (const providerId of providersInLedger(store)) await refreshEarnings(store, providerId, now);
  } catch (error) {
    logError('[earnings] could not list the providers to update', error);
  }
}
