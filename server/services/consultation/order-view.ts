/**
 * What the API shows of an order (`GET /api/orders/:id`, the answer of `POST /api/orders/:id/confirm`):
 * the order with its payment and call state, without what only the server needs (the client's
 * e-mail and phone, the booking's text, the commission). The call may not exist yet: until the
 * payment is authorised the consultation is `scheduled`, attempt 0.
 */
import { CALL_ATTEMPTS_BEFORE_REFUND } from '../../../src/domain/constants';
import { invoiceDocId } from '../../../src/domain/invoice';
import type { OrderView } from '../../../src/domain/order';
import type { StoredCall, StoredOrder } from './types';

/** Who is looking: only the client gets the client secret, and only while the order waits for payment. */
export type OrderViewer = 'client' | 'provider';

export function orderView(
  order: StoredOrder,
  call: StoredCall | undefined,
  viewer: OrderViewer = 'client',
): OrderView {
  const state = call?.state;
  const showSecret =
    viewer === 'client' && order.payment.state === 'requires_payment' && Boolean(order.payment.clientSecret);
  return {
    orderId: order.orderId,
    state: order.state,
    service: order.quote.service,
    providerId: order.provider.id,
    providerName: order.provider.name,
    clientName: order.client.name,
    durationMinutes: order.quote.durationMinutes,
    quote: order.quote,
    createdAt: order.createdAt,
    payment: {
      gateway: order.payment.gateway,
      state: order.payment.state,
      ...(showSecret ? { clientSecret: order.payment.clientSecret } : {}),
    },
    call: {
      phase: state?.phase ?? 'scheduled',
      attempt: state?.attempt ?? 0,
      maxAttempts: CALL_ATTEMPTS_BEFORE_REFUND,
      ...(state?.failure ? { failure: state.failure } : {}),
      ...(call?.expectedCallAt ? { expectedCallAt: call.expectedCallAt } : {}),
      ...(state?.retryAt ? { retryAt: state.retryAt } : {}),
      ...(state?.connectedAt ? { connectedAt: state.connectedAt } : {}),
      ...(state?.endsAt ? { endsAt: state.endsAt } : {}),
      ...(state?.endedAt ? { endedAt: state.endedAt } : {}),
    },
    ...(order.invoiceNumber ? { invoiceId: invoiceDocId(order.invoiceNumber) } : {}),
    ...(order.billing ? { billedTo: order.billing.accountName } : {}),
  };
}
