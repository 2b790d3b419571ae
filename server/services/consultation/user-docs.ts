/**
 * What the consultation writes into the client's and the provider's own databases: the call's live
 * state (`call_session`), which the payment-success page and the dashboard follow through the
 * ordinary replication, and notifications, which start unread. A provider without an account (the
 * demo directory) has no database: only the client's copy is written then, unless demo mode gave
 * the demo expert a stand-in (see parties.ts).
 */
import { CALL_ATTEMPTS_BEFORE_REFUND } from '../../../src/domain/constants';
import { callSessionId } from '../../../src/domain/mine';
import type { CallSessionDoc, NotificationDoc, NotificationKind } from '../../../src/domain/mine';
import { splitCommission } from '../../../src/domain/order';
import { userDbName } from '../../../src/domain/user-db';
import { createOnce, getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { providerUid } from './parties';
import type { StoredCall, StoredOrder } from './types';

type Side = 'client' | 'provider';

function sessionFor(
  side: Side,
  order: StoredOrder,
  call: StoredCall,
  now: string,
): Omit<CallSessionDoc, 'createdAt'> {
  const { state } = call;
  const amount =
    side === 'client'
      ? order.quote.total
      : splitCommission(order.quote.total, order.commissionRate).providerShare;
  const optional = {
    failure: state.failure,
    expectedCallAt: call.expectedCallAt,
    // Set only while waiting for the next attempt: the page says when it comes, not that a phone rings.
    retryAt: state.retryAt,
    connectedAt: state.connectedAt,
    endsAt: state.endsAt,
    endedAt: state.endedAt,
    invoiceId: side === 'client' && order.invoiceNumber ? `invoice:${order.invoiceNumber}` : undefined,
    refunded: side === 'client' && order.payment.refunded ? order.payment.refunded : undefined,
    billedTo: side === 'client' && order.billing ? order.billing.accountName : undefined,
    // Whom messages about this consultation go to (a provider without an account has no database,
    // unless demo mode gave the demo expert a stand-in).
    partnerUid: side === 'provider' ? order.client.uid : providerUid(order),
  };
  return {
    id: callSessionId(order.orderId),
    type: 'call_session',
    orderId: order.orderId,
    role: side,
    service: order.quote.service,
    providerId: order.provider.id,
    providerName: order.provider.name,
    clientName: order.client.name,
    phase: state.phase,
    attempt: state.attempt,
    maxAttempts: CALL_ATTEMPTS_BEFORE_REFUND,
    durationMinutes: order.quote.durationMinutes,
    payment: order.payment.state,
    currency: order.quote.currency,
    amount,
    ...(Object.fromEntries(
      Object.entries(optional).filter(([, value]) => value !== undefined),
    ) as Partial<CallSessionDoc>),
    updatedAt: now,
  };
}

/** The sides that have a database to write to. */
function sides(order: StoredOrder): { side: Side; uid: string }[] {
  const list: { side: Side; uid: string }[] = [{ side: 'client', uid: order.client.uid }];
  const provider = providerUid(order);
  if (provider) list.push({ side: 'provider', uid: provider });
  return list;
}

const SAME_IGNORED = new Set(['updatedAt', 'createdAt', '_id', '_rev']);

function sameSession(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((key) => !SAME_IGNORED.has(key)));
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * Writes the call's state into each side's database, when it changed. The call publishes after each
 * of its events, and about half leave the sides' state as it was: a plain read tells so first, and
 * only a change is written, as a read-modify-write (under the document's lock on a CouchDB cluster,
 * where taking and freeing it are two writes of their own: store/lock.ts).
 */
export async function writeCallSessions(
  store: Store,
  order: StoredOrder,
  call: StoredCall,
  now: string,
): Promise<void> {
  await Promise.all(
    sides(order).map(async ({ side, uid }) => {
      const db = userDbName(uid);
      const id = callSessionId(order.orderId);
      const unchanged = (current: CallSessionDoc | undefined) =>
        !!current && sameSession(current, sessionFor(side, order, call, now));
      if (unchanged(await getOrUndefined(store.db<CallSessionDoc>(db), id))) return;
      await upsertDoc<CallSessionDoc>(store, db, id, (current) => {
        if (unchanged(current)) return undefined;
        const next = sessionFor(side, order, call, now);
        return { ...next, createdAt: current?.createdAt ?? now, _id: next.id };
      });
    }),
  );
}

/**
 * Adds a notification once per order and kind, or per order, kind and `occurrence` for what may
 * happen more than once on an order (a refund of part of it): a second write is a no-op.
 */
export async function notify(
  store: Store,
  uid: string,
  kind: NotificationKind,
  orderId: string,
  params: Record<string, string | number>,
  now: string,
  occurrence?: string,
): Promise<void> {
  const id = `notification:${orderId}:${kind}${occurrence ? `:${occurrence}` : ''}`;
  const doc: NotificationDoc & { _id: string } = {
    _id: id,
    id,
    type: 'notification',
    kind,
    orderId,
    params,
    isRead: false,
    createdAt: now,
    updatedAt: now,
  };
  const db = userDbName(uid);
  // Asked again at each save of the call's phase: once it is there, a read says so (on a cluster,
  // creating it again would take its lock, two writes, to be told 409).
  if (await getOrUndefined(store.db(db), id)) return;
  await createOnce(store, db, doc);
}

/** The notifications of a change of phase, to whoever has a database. */
export async function notifyPhase(
  store: Store,
  order: StoredOrder,
  call: StoredCall,
  now: string,
): Promise<void> {
  const { phase, failure } = call.state;
  const { orderId, client, provider, quote } = order;
  const providerSide = providerUid(order);
  const toProvider = (kind: NotificationKind, params: Record<string, string | number>) =>
    providerSide ? notify(store, providerSide, kind, orderId, params, now) : Promise.resolve();
  switch (phase) {
    case 'calling_provider':
      if (call.state.attempt !== 1) return;
      await notify(store, client.uid, 'booking_confirmed', orderId, { providerName: provider.name }, now);
      await toProvider('new_booking', { clientName: client.name, service: quote.service });
      return;
    case 'in_progress':
      await notify(store, client.uid, 'call_started', orderId, { providerName: provider.name }, now);
      return;
    case 'completed': {
      const minutes = Math.max(1, Math.round((call.state.callSeconds ?? 0) / 60));
      await notify(
        store,
        client.uid,
        'call_completed',
        orderId,
        { providerName: provider.name, minutes },
        now,
      );
      const share = splitCommission(quote.total, order.commissionRate).providerShare;
      await toProvider('call_completed', {
        clientName: client.name,
        minutes,
        amount: share,
        currency: quote.currency,
      });
      return;
    }
    case 'failed':
      await notify(
        store,
        client.uid,
        'call_failed',
        orderId,
        { providerName: provider.name, failure: failure ?? 'call_failed' },
        now,
      );
      if (failure === 'provider_no_answer') await toProvider('call_missed', { clientName: client.name });
      return;
    default:
      return;
  }
}

/**
 * Tells the client what became of their money once it is settled: the hold lifted (never charged) or
 * the payment refunded. The kind keeps its stored name, `refund_issued`, for both; `payment` carries
 * the fact (src/domain/payment-state.ts) so that the text says "not charged" or "refunded", never
 * one for the other.
 */
export async function notifyMoneyBack(store: Store, order: StoredOrder, now: string): Promise<void> {
  const { state } = order.payment;
  if (state !== 'released' && state !== 'refunded') return;
  await notify(
    store,
    order.client.uid,
    'refund_issued',
    order.orderId,
    {
      amount: order.quote.total,
      currency: order.quote.currency,
      providerName: order.provider.name,
      payment: state,
    },
    now,
  );
}
