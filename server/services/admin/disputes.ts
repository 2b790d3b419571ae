/**
 * finance/disputes: the dispute records (`dispute:<id>` in `orders`, consultation/disputes.ts) newest
 * first, all or of one state (`disputes/by_opened`, `disputes/by_state_opened`), and one order's, each
 * with the client's and the provider's names from its order.
 */
import type { DisputeDoc, DisputeRow, DisputeState } from '../../../src/domain/disputes';
import type { Store } from '../../store/store';
import type { StoredOrder } from '../consultation/types';
import { docsById } from './docs-by-id';
import { scanPage } from './paging';
import type { Page } from './paging';

function row({ _id: _id, _rev: _rev, type: _type, ...dispute }: DisputeDoc): DisputeRow {
  return dispute;
}

async function withNames(store: Store, rows: DisputeRow[]): Promise<DisputeRow[]> {
  const orders = await docsById<StoredOrder>(
    store,
    'orders',
    rows.map((item) => item.orderId),
  );
  return rows.map((item) => {
    const order = orders.get(item.orderId);
    return order ? { ...item, clientName: order.client.name, providerName: order.provider.name } : item;
  });
}

export async function listDisputes(
  store: Store,
  query: { state?: DisputeState; limit: number; token?: string },
): Promise<Page<DisputeRow>> {
  const range = query.state
    ? { view: 'disputes/by_state_opened', startkey: [query.state, {}], endkey: [query.state] }
    : { view: 'disputes/by_opened' };
  const page = await scanPage<DisputeDoc, DisputeRow>(store.db<DisputeDoc>('orders'), {
    ...range,
    descending: true,
    limit: query.limit,
    ...(query.token ? { token: query.token } : {}),
    pick: (doc) => (doc.type === 'dispute' ? row(doc) : undefined),
  });
  return { ...page, items: await withNames(store, page.items) };
}

/** An order's disputes, oldest first (a charge has one, rarely more). */
export async function orderDisputes(store: Store, orderId: string): Promise<DisputeRow[]> {
  const { rows } = await store.db<DisputeDoc>('orders').view('disputes', 'by_order', {
    startkey: [orderId],
    endkey: [orderId, {}],
    include_docs: true,
  });
  return rows
    .map((item) => item.doc as DisputeDoc | undefined)
    .filter((doc): doc is DisputeDoc => doc?.type === 'dispute')
    .map(row);
}
