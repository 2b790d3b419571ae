/**
 * The refunds of one order, for its payment's detail: `GET /api/admin/refunds?order=`, following the
 * page tokens (the service scans its view in bounded batches, so a page may be short and the
 * order's refunds further on). Read again whenever `refreshKey` changes.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RefundRow } from '../../../domain/admin-refunds';
import { adminGet } from '../admin-api';

/** A payment has a handful of refunds at most; this bounds the reading of a pathological one. */
const MAX_PAGES = 10;

export type OrderRefunds =
  { status: 'loading' } | { status: 'ready'; items: RefundRow[] } | { status: 'error'; error: unknown };

export function useOrderRefunds(orderId: string, refreshKey?: string | number) {
  const [state, setState] = useState<{ request: string; value: OrderRefunds }>();
  const [attempt, setAttempt] = useState(0);
  const request = `${orderId} ${refreshKey ?? ''} ${attempt}`;
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const items: RefundRow[] = [];
        let token: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const answer = await adminGet<{ items: RefundRow[]; next?: string }>('refunds', {
            order: orderId,
            limit: 100,
            token,
          });
          items.push(...answer.items);
          token = answer.next;
          if (!token) break;
        }
        if (live) setState({ request, value: { status: 'ready', items } });
      } catch (error) {
        if (live) setState({ request, value: { status: 'error', error } });
      }
    })();
    return () => {
      live = false;
    };
  }, [orderId, request]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // The last answer stays on screen while the next is read (no flash after a refund).
  const [kept, setKept] = useState<OrderRefunds>({ status: 'loading' });
  const current = state?.request === request ? state.value : undefined;
  if (current && current !== kept && current.status !== 'loading') setKept(current);
  return { refunds: current ?? kept, reload };
}
