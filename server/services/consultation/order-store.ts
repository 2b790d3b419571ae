import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredOrder } from './types';

/** Read-modify-write of an order; `change` answers undefined to leave it as it is. */
export function updateOrder(
  store: Store,
  orderId: string,
  change: (order: StoredOrder) => StoredOrder | undefined,
): Promise<StoredOrder | undefined> {
  return upsertDoc<StoredOrder>(store, 'orders', orderId, (current) =>
    current ? change(current) : undefined,
  );
}
