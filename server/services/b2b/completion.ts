/**
 * The completion of a consultation billed to a company account (called by the consultation
 * service's `complete` step instead of issuing a card invoice): the order is marked completed with
 * when it ended, when it took place and how long the call lasted — what the company's monthly
 * invoice prints (billing.ts) — and the expert's completed calls are counted. Idempotent: a step
 * resumed after a restart keeps the first completion's figures.
 */
import type { Store } from '../../store/store';
import { upsertDoc } from '../../store/store';
import { countCompletedCall } from '../provider-stats';
import type { StoredCall, StoredOrder } from '../consultation/types';

export async function completeOnAccount(
  store: Store,
  order: StoredOrder,
  call: StoredCall,
  iso: string,
): Promise<void> {
  await upsertDoc<StoredOrder>(store, 'orders', order.orderId, (current) => {
    if (!current?.billing || (current.state === 'completed' && current.billing.completedAt)) return undefined;
    return {
      ...current,
      state: 'completed',
      billing: {
        ...current.billing,
        completedAt: iso,
        consultationAt: call.state.connectedAt ?? iso,
        callSeconds: call.state.callSeconds ?? 0,
      },
      updatedAt: iso,
    };
  });
  await countCompletedCall(store, order.provider.id, order.orderId);
}
