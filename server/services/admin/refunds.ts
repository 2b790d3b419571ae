/**
 * The refunds as the console lists them (screen `finance/refunds`), read only: every refund of every
 * order, newest first by when it was asked for (view `refunds/by_requested`, one row per refund, so
 * an order refunded in three parts is three rows). Making a refund is the consultation service's
 * (services/consultation/refunds.ts).
 */
import type { RefundRow, RefundRowState } from '../../../src/domain/admin-refunds';
import { refundable } from '../../../src/domain/refund';
import type { Store } from '../../store/store';
import type { StoredOrder, StoredRefund } from '../consultation/types';
import { actorNames } from './actor-names';
import type { Page } from './paging';
import { scanPage } from './paging';

export type RefundFilter = {
  state?: RefundRowState;
  /** Asked for at or after / before (ISO instants). */
  from?: string;
  to?: string;
  orderId?: string;
  limit: number;
  token?: string;
};

export function refundRow(order: StoredOrder, refund: StoredRefund): RefundRow {
  return {
    orderId: order.orderId,
    key: refund.key,
    amount: refund.amount,
    currency: order.quote.currency,
    reason: refund.reason,
    by: refund.by,
    state: refund.state,
    requestedAt: refund.requestedAt,
    ...(refund.refundedAt ? { refundedAt: refund.refundedAt } : {}),
    ...(refund.refundId ? { refundId: refund.refundId } : {}),
    ...(refund.creditNote ? { creditNote: refund.creditNote } : {}),
    clientName: order.client.name,
    clientEmail: order.client.email,
    providerName: order.provider.name,
    paymentTotal: order.quote.total,
    refundable: order.payment.state === 'captured' ? refundable(order.quote.total, order.refunds ?? []) : 0,
  };
}

/** The rows with who made each refund named (one read for the whole page). */
export async function withActorNames(store: Store, rows: RefundRow[]): Promise<RefundRow[]> {
  const names = await actorNames(
    store,
    rows.map((row) => row.by),
  );
  return rows.map((row) => {
    const byName = names.get(row.by);
    return byName ? { ...row, byName } : row;
  });
}

export async function listRefunds(store: Store, filter: RefundFilter): Promise<Page<RefundRow>> {
  const page = await scanPage<StoredOrder, RefundRow>(store.db<StoredOrder>('orders'), {
    view: 'refunds/by_requested',
    descending: true,
    // Descending: from the end of the range back to its start.
    startkey: [filter.to ?? '\ufff0', '\ufff0'],
    endkey: [filter.from ?? ''],
    limit: filter.limit,
    token: filter.token,
    pick: (order, key) => {
      const [, refundKey] = key as [string, string];
      const refund = order.refunds?.find((candidate) => candidate.key === refundKey);
      if (!refund) return undefined;
      if (filter.state && refund.state !== filter.state) return undefined;
      if (filter.orderId && order.orderId !== filter.orderId) return undefined;
      return refundRow(order, refund);
    },
  });
  return { ...page, items: await withActorNames(store, page.items) };
}
