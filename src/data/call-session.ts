/**
 * A consultation followed live. The service writes the call's state into the user's own database
 * (`call:<orderId>` in `mine`: the client's copy, or the booked expert's own copy), so the page
 * follows it through the ordinary replication and keeps showing the last state it saw when the
 * connection drops. The order itself (`GET /api/orders/:id`) is read once, for the time before the
 * session document arrives and for the amounts; a failed read is tried again, later, until the
 * service answers (a 404 is an answer: the order is not this user's or does not exist).
 */
import { useCallback, useEffect, useState } from 'react';
import { callSessionId } from '../domain/mine';
import type { CallSessionDoc } from '../domain/mine';
import type { OrderView } from '../domain/order';
import { ApiError, api, errorCode } from './api';
import { useDataLayer } from './data-context';

/** The session document: undefined while it is read, null when this device has none (yet). */
export function useCallSession(orderId: string | undefined): CallSessionDoc | null | undefined {
  const { db } = useDataLayer();
  const [state, setState] = useState<{ orderId: string; doc: CallSessionDoc | null }>();
  useEffect(() => {
    if (!orderId) return;
    const subscription = db.mine.findOne(callSessionId(orderId)).$.subscribe((doc) => {
      const data = doc ? (doc.toJSON() as unknown as CallSessionDoc) : null;
      setState({ orderId, doc: data?.type === 'call_session' ? data : null });
    });
    return () => subscription.unsubscribe();
  }, [db, orderId]);
  return orderId && state?.orderId === orderId ? state.doc : undefined;
}

export type OrderRead = {
  order?: OrderView;
  /** The code of the last failure (`order_not_found`, `offline`, `network`…), cleared by a success. */
  error?: string;
};

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/** Whether a failed read is worth trying again: not when the service said no. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/**
 * Reads the order once; on a failure that may pass (offline, network, timeout, 5xx, 429) tries again
 * with a growing delay, and at once when the browser comes back online.
 */
export function useOrder(orderId: string | undefined): OrderRead & { retry: () => void } {
  const [state, setState] = useState<{ orderId: string } & OrderRead>();
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    if (!orderId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    const onOnline = () => void read();
    const read = async () => {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      try {
        const { order } = await api<{ order: OrderView }>(`/api/orders/${encodeURIComponent(orderId)}`);
        if (!cancelled) setState({ orderId, order });
      } catch (error) {
        if (cancelled) return;
        setState({ orderId, error: errorCode(error) });
        if (isFinal(error)) return;
        window.addEventListener('online', onOnline);
        timer = setTimeout(onOnline, delay);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    };
    void read();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [orderId, round]);
  const current: OrderRead = orderId && state?.orderId === orderId ? state : {};
  return { order: current.order, error: current.error, retry };
}
