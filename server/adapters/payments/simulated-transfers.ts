/**
 * Provider payouts in demo mode: each transfer is a document `sim-transfer:<idempotencyKey>` in the
 * `orders` database (beside the simulated intents), created once: a repeat of the key, after a lost
 * answer or a restart, answers the transfer already made, never a second one. The same key with
 * another amount or currency is refused as Stripe refuses it.
 *
 * `delayMs` (SIMULATED_TRANSFER_DELAY_MS) makes each transfer take that long before it is made, so
 * that a test can stop the service in the middle of a payout run.
 */
import { createHash } from 'node:crypto';
import { getOrUndefined, isConflict } from '../../store/store';
import type { Store } from '../../store/store';
import type { Transfer, TransferInput } from './types';

export type SimulatedTransferDoc = {
  _id: string;
  type: 'sim_transfer';
  transferId: string;
  idempotencyKey: string;
  providerId: string;
  amount: number;
  currency: TransferInput['currency'];
  metadata: Record<string, string>;
  createdAt: string;
};

export const SIM_TRANSFER_PREFIX = 'sim-transfer:';

/** Refused like Stripe refuses a reused idempotency key. */
export class SimulatedTransferError extends Error {
  readonly code = 'idempotency_error';
  constructor(message: string) {
    super(message);
    this.name = 'SimulatedTransferError';
  }
}

const answer = (doc: SimulatedTransferDoc): Transfer => ({
  transferId: doc.transferId,
  amount: doc.amount,
  currency: doc.currency,
});

export function createSimulatedTransfers(store: Store, delayMs = 0) {
  const db = store.db<SimulatedTransferDoc>('orders');
  return async function transfer(input: TransferInput): Promise<Transfer> {
    const id = SIM_TRANSFER_PREFIX + input.idempotencyKey;
    const earlier = await getOrUndefined(db, id);
    if (earlier) return same(earlier, input);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const doc: SimulatedTransferDoc = {
      _id: id,
      type: 'sim_transfer',
      transferId: 'tr_sim_' + createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24),
      idempotencyKey: input.idempotencyKey,
      providerId: input.providerId,
      amount: input.amount,
      currency: input.currency,
      metadata: { ...input.metadata },
      createdAt: new Date().toISOString(),
    };
    try {
      await db.insert(doc);
      return answer(doc);
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
    return same((await getOrUndefined(db, id))!, input);
  };
}

function same(doc: SimulatedTransferDoc, input: TransferInput): Transfer {
  if (doc.amount !== input.amount || doc.currency !== input.currency) {
    throw new SimulatedTransferError(
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    );
  }
  return answer(doc);
}
