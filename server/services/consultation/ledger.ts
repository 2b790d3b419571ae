/**
 * The ledger: one document per money movement of an order, its id fixed by the order and the kind of
 * movement (`<orderId>:capture`), so that recording a movement twice (a repeated webhook, a resumed
 * step after a restart) is a conflict and never a second movement. Amounts in minor units.
 */
import { createOnce } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredOrder } from './types';

export type LedgerKind = 'authorisation' | 'capture' | 'commission' | 'provider_share' | 'release' | 'refund';

export type LedgerEntry = {
  _id: string;
  type: 'ledger';
  kind: LedgerKind;
  orderId: string;
  clientId: string;
  providerId: string;
  gateway: string;
  intentId: string;
  amount: number;
  currency: string;
  at: string;
};

export function ledgerId(orderId: string, kind: LedgerKind): string {
  return `${orderId}:${kind}`;
}

/** Records a movement once; true when this call recorded it. */
export function record(
  store: Store,
  order: StoredOrder,
  kind: LedgerKind,
  amount: number,
  at: string,
): Promise<boolean> {
  const entry: LedgerEntry = {
    _id: ledgerId(order.orderId, kind),
    type: 'ledger',
    kind,
    orderId: order.orderId,
    clientId: order.client.uid,
    providerId: order.provider.id,
    gateway: order.payment.gateway,
    intentId: order.payment.intentId,
    amount,
    currency: order.quote.currency,
    at,
  };
  return createOnce(store, 'ledger', entry);
}
