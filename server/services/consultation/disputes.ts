/**
 * Card disputes of captured payments (issue 14, finance/disputes): Stripe's `charge.dispute.*`
 * notices, or an admin's demo action on the simulated gateway, name a dispute; this service reads the
 * dispute's CURRENT state from the gateway and records it, so a notice repeated, late or out of order
 * changes nothing that the latest reading did not already say.
 *
 * What a dispute leaves (each written once, under ids fixed by the dispute):
 * - `dispute:<disputeId>` in `orders` (src/domain/disputes.ts): amount, reason, status, deadline; once
 *   won or lost it stays so. The provider's share held (`held`) is fixed when it is first recorded, so
 *   the hold and its release are always the same amount.
 * - in the ledger (ledger.ts): the hold when it is first seen, then the release when won or the loss
 *   when lost.
 */
import { disputeDocId, disputeState } from '../../../src/domain/disputes';
import type { DisputeDoc } from '../../../src/domain/disputes';
import type { GatewayDispute, PaymentGateway } from '../../adapters/payments/types';
import { getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAffiliateRecovery, recordDisputeMovement, recoveredShare } from './ledger';
import type { StoredOrder } from './types';

/** The view over an order's disputes (`disputes/by_order`, key `[orderId, openedAt]`, value state). */
export async function openDisputesOf(store: Store, orderId: string): Promise<string[]> {
  const { rows } = await store.db('orders').view<string>('disputes', 'by_order', {
    startkey: [orderId],
    endkey: [orderId, {}],
  });
  return rows.filter((row) => row.value === 'open').map((row) => row.id);
}

/**
 * The records of one dispute run one after another in this process (notices come concurrently):
 * so its ledger entries are dated in the order they are written, a release never before its hold.
 */
const queues = new WeakMap<Store, Map<string, Promise<unknown>>>();

function oneAtATime<T>(store: Store, key: string, work: () => Promise<T>): Promise<T> {
  let byKey = queues.get(store);
  if (!byKey) queues.set(store, (byKey = new Map()));
  const previous = byKey.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  byKey.set(key, settled);
  void settled.then(() => {
    if (byKey.get(key) === settled) byKey.delete(key);
  });
  return next;
}

function isMissing(error: unknown): boolean {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  return code === 'resource_missing' || statusCode === 404;
}

export function createDisputes({
  store,
  gateway,
  now,
}: {
  store: Store;
  gateway: PaymentGateway;
  now: () => Date;
}) {
  const orders = store.db<StoredOrder>('orders');

  /** The next state of the record: the gateway's reading, never back from a decision. */
  function nextDoc(current: DisputeDoc | undefined, dispute: GatewayDispute, order: StoredOrder): DisputeDoc {
    const at = now().toISOString();
    if (current?.outcome) return current;
    const state = disputeState(dispute.status);
    const outcome = state === 'open' ? undefined : state;
    const held = current?.held ?? recoveredShare(order, dispute.amount, order.payment.refunded ?? 0);
    return {
      _id: disputeDocId(dispute.disputeId),
      ...(current?._rev ? { _rev: current._rev } : {}),
      type: 'dispute',
      disputeId: dispute.disputeId,
      orderId: order.orderId,
      intentId: dispute.intentId,
      providerId: order.provider.id,
      gateway: order.payment.gateway,
      amount: dispute.amount,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      state,
      ...(dispute.dueBy ? { dueBy: dispute.dueBy } : {}),
      openedAt: current?.openedAt ?? new Date(dispute.created * 1000).toISOString(),
      recordedAt: current?.recordedAt ?? at,
      ...(outcome ? { outcome, closedAt: at } : {}),
      held,
      updatedAt: at,
    };
  }

  /** Records a dispute as the gateway has it now; answers its record, or undefined when not ours. */
  function record(dispute: GatewayDispute): Promise<DisputeDoc | undefined> {
    return oneAtATime(store, dispute.disputeId, () => recordNow(dispute));
  }

  async function recordNow(dispute: GatewayDispute): Promise<DisputeDoc | undefined> {
    const intent = await gateway.retrieve(dispute.intentId);
    const orderId = intent.metadata.orderId;
    const order = orderId ? await getOrUndefined(orders, orderId) : undefined;
    if (order?.type !== 'order') return undefined;
    const id = disputeDocId(dispute.disputeId);
    await upsertDoc<DisputeDoc>(store, 'orders', id, (current) => {
      const next = nextDoc(current, dispute, order);
      if (
        current &&
        next.status === current.status &&
        next.dueBy === current.dueBy &&
        next.outcome === current.outcome
      )
        return undefined;
      return next;
    });
    const doc = await store.db<DisputeDoc>('orders').get(id);
    // The ledger after the record: a notice that comes again after a crash in between completes it.
    // Dated when recorded, not when Stripe opened it: a payout made before we knew of the dispute
    // paid a balance that had no hold yet (the ledger's payout_within_balance reads the entries so).
    const at = now().toISOString();
    await recordDisputeMovement(store, order, 'dispute_hold', doc.held, at, doc.disputeId);
    if (doc.outcome === 'won')
      await recordDisputeMovement(store, order, 'dispute_release', doc.held, at, doc.disputeId);
    if (doc.outcome === 'lost') {
      await recordDisputeMovement(store, order, 'dispute_lost', doc.amount, at, doc.disputeId);
      // The referring affiliate's commission on what the cardholder got back (refunds are refused
      // while a dispute lasts: what was refunded before is what was refunded when it opened).
      const cause = {
        disputeId: doc.disputeId,
        amount: doc.amount,
        refundedBefore: order.payment.refunded ?? 0,
      };
      await recordAffiliateRecovery(store, order, cause, at);
    }
    return doc;
  }

  return {
    record,
    /** A notice named the dispute: reads it at the gateway and records it. */
    async sync(disputeId: string): Promise<DisputeDoc | undefined> {
      let dispute: GatewayDispute;
      try {
        dispute = await gateway.retrieveDispute(disputeId);
      } catch (error) {
        // No such dispute at the gateway (another account's, a forged id): nothing of ours to record.
        if (isMissing(error)) return undefined;
        throw error;
      }
      return record(dispute);
    },
  };
}

export type Disputes = ReturnType<typeof createDisputes>;
