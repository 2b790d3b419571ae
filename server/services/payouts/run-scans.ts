/**
 * What a payout run reads of the `payouts` database, in batches, never all at once: the payouts
 * earlier runs left pending, and the payouts of one run.
 */
import type { Store } from '../../store/store';
import { PREFIX_END, scanPage } from '../admin/paging';
import { payoutsDb } from './records';
import type { PayoutDoc, PayoutRunLock } from './records';

/**
 * The pending payouts an earlier run left (any day), from the `by_state` view in key order. Each one
 * leaves the range once carried out, so a batch starts after the last row read, never at an offset.
 */
export async function* pendingPayouts(store: Store): AsyncGenerator<PayoutDoc> {
  const BATCH = 200;
  let after: { key: unknown; id: string } | undefined;
  for (;;) {
    const answer = await payoutsDb<PayoutDoc>(store).view('payouts', 'by_state', {
      startkey: after ? after.key : ['pending'],
      ...(after ? { startkey_docid: after.id, skip: 1 } : {}),
      endkey: ['pending', {}],
      include_docs: true,
      limit: BATCH,
    });
    for (const row of answer.rows) if (row.doc) yield row.doc as PayoutDoc;
    const last = answer.rows[answer.rows.length - 1];
    if (!last || answer.rows.length < BATCH) return;
    after = { key: last.key, id: last.id };
  }
}

/** The payouts a run opened (those of its day with its id), from the `by_day` view in batches. */
export async function* payoutsOfRun(store: Store, lock: PayoutRunLock): AsyncGenerator<PayoutDoc> {
  let token: string | undefined;
  do {
    const page = await scanPage<PayoutDoc, PayoutDoc>(payoutsDb<PayoutDoc>(store), {
      view: 'payouts/by_day',
      startkey: [lock.day],
      endkey: [lock.day, PREFIX_END],
      limit: 100,
      token,
      pick: (doc) => (doc.type === 'payout' && doc.runId === lock.runId ? doc : undefined),
    });
    yield* page.items;
    token = page.next;
  } while (token);
}
