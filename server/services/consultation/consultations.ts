/**
 * The consultation service: from an authorised payment to an invoice or a refund (spec section 4).
 *
 * Each order's call is a state machine (src/domain/call-machine.ts) stored in `calls/<orderId>`.
 * Every event (the payment authorised, a telephony callback, a timer) is applied to it one at a time
 * per order; the resulting state is saved together with the effects still to carry out (`pending`)
 * and the timers to come, before any of them is carried out. Effects are idempotent — the payment
 * gateway gets an idempotency key per order and movement, the ledger, notifications and invoices have
 * ids fixed by the order — so a restart at any point resumes the work (`resume`) and never charges,
 * releases or refunds twice. The money and paperwork effects are in settlement.ts, the telephony's in
 * call-legs.ts.
 */
import { initialCallState, step } from '../../../src/domain/call-machine';
import type { CallContext, CallEffect, CallEvent } from '../../../src/domain/call-machine';
import { CALL_ATTEMPTS_BEFORE_REFUND } from '../../../src/domain/constants';
import type { Telephony, TelephonyEvent } from '../../adapters/telephony/types';
import { createOnce, getOrUndefined, isConflict, replaceDoc } from '../../store/store';
import { confirmCouponUse, releaseCouponUse } from '../coupons/uses';
import { endedWithoutConsultation } from '../coupons/stale-holds';
import { updateOrder as updateStoredOrder } from './order-store';
import { createSettlement } from './settlement';
import { record } from './ledger';
import { createRefunds } from './refunds';
import type { RefundOutcome, RefundRequest } from './refunds';
import { createMoneyBack } from './money-back';
import type { MoneyBackAction, MoneyBackResult } from './money-back';
import type { ConsultationOptions, Consultations, StoredCall, StoredOrder } from './types';
import { notifyPhase, writeCallSessions } from './user-docs';
import { createCallLegs } from './call-legs';
import { KeyedTimers } from './keyed-timers';
import { logError } from '../../log';

export type { ConsultationOptions, Consultations } from './types';

/** Pause before carrying out again an effect that failed (the gateway or the telephony did not answer). */
const EFFECT_RETRY_MS = 10_000;
/** Attempts at applying an event over a call another instance keeps writing meanwhile. */
const CALL_WRITE_ATTEMPTS = 5;

export function createConsultations(options: ConsultationOptions): Consultations {
  const { store, config, gateway } = options;
  const now = () => (options.now ? options.now() : new Date());
  const log =
    options.log ?? ((message: string, error?: unknown) => logError(`[calls] ${message}`, error ?? ''));
  const queues = new Map<string, Promise<void>>();
  const timers = new KeyedTimers();

  const telephony = options.telephony((event) => telephonyEvent(event));

  /** Runs `work` after every earlier piece of work of the same order. */
  function serial(orderId: string, work: () => Promise<void>): Promise<void> {
    const previous = queues.get(orderId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    queues.set(orderId, settled);
    void settled.then(() => {
      if (queues.get(orderId) === settled) queues.delete(orderId);
    });
    return next;
  }

  const getOrder = (orderId: string) => getOrUndefined(store.db<StoredOrder>('orders'), orderId);
  const getCall = (orderId: string) => getOrUndefined(store.db<StoredCall>('calls'), orderId);

  function contextOf(order: StoredOrder): CallContext {
    return {
      maxAttempts: CALL_ATTEMPTS_BEFORE_REFUND,
      retryDelayMs: config.calls.retryDelaySeconds * 1000,
      durationMinutes: order.quote.durationMinutes,
    };
  }

  const { callLog, pickupEstimateMs, placeCall, endCalls, missedLegEvents } = createCallLegs({
    store,
    config,
    telephony,
    now,
    log,
  });
  const updateOrder = (orderId: string, change: (order: StoredOrder) => StoredOrder | undefined) =>
    updateStoredOrder(store, orderId, change);
  const refunds = createRefunds({ store, gateway, now, log, mailCreditNote: options.mailCreditNote });
  const { capture, recordCapture, release, complete, refuseDiscount } = createSettlement({
    store,
    gateway,
    now,
    log,
    mailInvoice: options.mailInvoice,
    refunds,
  });

  // -------------------------------------------------------------------------------------------
  // Timers

  function arm(orderId: string, action: 'retry_due' | 'time_up', at: string) {
    timers.arm(`${orderId}:${action}:${at}`, Date.parse(at) - now().getTime(), () => {
      // A timer may fire a millisecond before its time by the wall clock: it is due all the same.
      const firedAt = new Date(Math.max(now().getTime(), Date.parse(at))).toISOString();
      void serial(orderId, () => apply(orderId, { type: action, at: firedAt })).catch((error: unknown) =>
        log(`timer ${action} of ${orderId} failed`, error),
      );
    });
  }

  function retryEffectsLater(orderId: string) {
    timers.arm(`${orderId}:effects`, EFFECT_RETRY_MS, () => {
      const again = async () => {
        for (const event of await runPending(orderId)) await apply(orderId, event);
      };
      void serial(orderId, again).catch((error: unknown) => log(`effects of ${orderId} failed again`, error));
    });
  }

  // -------------------------------------------------------------------------------------------
  // Applying events

  /** Applies an event and everything it leads to. Must run inside `serial(orderId)`. */
  async function apply(orderId: string, first: CallEvent): Promise<void> {
    const queue: CallEvent[] = [first];
    while (queue.length > 0) queue.push(...(await applyOne(orderId, queue.shift()!)));
  }

  /**
   * One event over the call as stored; answers the events its effects led to. `serial` orders an
   * order's events within this process only: when another instance (a callback delivered to both,
   * a timer armed in both) wrote the call meanwhile, the event is applied again over what that
   * instance wrote, where the machine ignores what was applied already.
   */
  async function applyOne(orderId: string, event: CallEvent, attempt = 1): Promise<CallEvent[]> {
    const order = await getOrder(orderId);
    const call = await getCall(orderId);
    if (!order || !call) {
      log(`event ${event.type} for unknown order ${orderId}`);
      return [];
    }
    const result = step(call.state, event, contextOf(order));
    if (result.ignored && result.state === call.state) {
      await callLog(order, event, result.state.phase, result.ignored);
      if (event.type === 'retry_due' && call.state.retryAt) arm(orderId, 'retry_due', call.state.retryAt);
      return [];
    }

    const fired = (t: StoredCall['timers'][number]) =>
      t.action === event.type && Date.parse(t.at) <= Date.parse(event.at);
    const nextTimers = call.timers.filter((t) => !fired(t));
    for (const effect of result.effects)
      if (effect.type === 'schedule') nextTimers.push({ action: effect.action, at: effect.at });
    const pending = [...(call.pending ?? []), ...result.effects.filter((e) => e.type !== 'schedule')];

    let expectedCallAt = call.expectedCallAt;
    if (event.type === 'start')
      expectedCallAt = new Date(Date.parse(event.at) + pickupEstimateMs()).toISOString();
    else if (result.state.retryAt && result.state.leg === 'provider')
      expectedCallAt = new Date(Date.parse(result.state.retryAt) + pickupEstimateMs()).toISOString();
    else if (result.state.phase === 'calling_client' && call.state.phase !== 'calling_client')
      expectedCallAt = event.at;

    let saved: StoredCall;
    try {
      saved = await saveCall({
        ...call,
        state: result.state,
        timers: nextTimers,
        pending,
        ...(expectedCallAt ? { expectedCallAt } : {}),
        updatedAt: now().toISOString(),
      });
    } catch (error) {
      if (isConflict(error) && attempt < CALL_WRITE_ATTEMPTS) return applyOne(orderId, event, attempt + 1);
      throw error;
    }
    await callLog(order, event, result.state.phase, result.ignored);
    for (const timer of nextTimers) arm(orderId, timer.action, timer.at);
    return runPending(orderId, saved);
  }

  async function saveCall(call: StoredCall): Promise<StoredCall> {
    const written = await replaceDoc(store, 'calls', call);
    return { ...call, _rev: written.rev };
  }

  /**
   * Carries out the pending effects of an order's call, in order, each removed once done; then
   * writes the call's state for the client and the provider. Answers the events the effects led to
   * (a call placed or refused). Must run inside `serial(orderId)`.
   */
  async function runPending(orderId: string, loaded?: StoredCall): Promise<CallEvent[]> {
    let call = loaded ?? (await getCall(orderId));
    if (!call) return [];
    const followUps: CallEvent[] = [];
    while (call.pending.length > 0) {
      const effect = call.pending[0]!;
      try {
        await carryOut(orderId, effect, call, followUps);
      } catch (error) {
        log(`${effect.type} of ${orderId} failed; retrying in ${EFFECT_RETRY_MS / 1000} s`, error);
        retryEffectsLater(orderId);
        break;
      }
      call = await saveCall({ ...call, pending: call.pending.slice(1), updatedAt: now().toISOString() });
    }
    await publish(orderId, call);
    return followUps;
  }

  async function publish(orderId: string, call: StoredCall) {
    const order = await getOrder(orderId);
    if (!order) return;
    const at = now().toISOString();
    try {
      await writeCallSessions(store, order, call, at);
      await notifyPhase(store, order, call, at);
    } catch (error) {
      log(`could not write the call state of ${orderId} for its users`, error);
    }
  }

  async function carryOut(orderId: string, effect: CallEffect, call: StoredCall, followUps: CallEvent[]) {
    const order = await getOrder(orderId);
    if (!order) return;
    switch (effect.type) {
      case 'place_call':
        return placeCall(order, call, effect.leg, effect.attempt, followUps);
      case 'capture':
        return capture(order);
      case 'release':
        return release(order);
      case 'end_conference':
        return endCalls(orderId, call);
      case 'complete':
        return complete(order, call);
      case 'schedule':
        return;
    }
  }

  // -------------------------------------------------------------------------------------------
  // What the routes call

  async function ensureCall(order: StoredOrder): Promise<void> {
    const at = now().toISOString();
    await createOnce<StoredCall>(store, 'calls', {
      _id: order.orderId,
      type: 'call',
      orderId: order.orderId,
      state: initialCallState(),
      timers: [],
      pending: [],
      createdAt: at,
      updatedAt: at,
    });
  }

  async function paymentAuthorised(orderId: string): Promise<void> {
    await serial(orderId, async () => {
      const at = now().toISOString();
      const before = await getOrder(orderId);
      // The promo use reserved at checkout is confirmed before the order counts as paid: an order
      // that lost it (unpaid past the hold time, and none left) is not kept at its discount.
      const coupon = before?.payment.state === 'requires_payment' ? before.quote.coupon : undefined;
      if (before && coupon && !before.couponCounted) {
        if (!(await confirmCouponUse(store, coupon.code, orderId, now()))) {
          await refuseDiscount(before, at);
          return;
        }
      }
      const changed = await updateOrder(orderId, (o) =>
        o.payment.state === 'requires_payment'
          ? {
              ...o,
              state: 'paid',
              payment: { ...o.payment, state: 'authorised', authorisedAt: at, lastError: undefined },
              updatedAt: at,
            }
          : undefined,
      );
      const order = changed ?? (await getOrder(orderId));
      if (!order || order.state !== 'paid') return;
      await record(store, order, 'authorisation', order.quote.total, order.payment.authorisedAt ?? at);
      await ensureCall(order);
      await apply(orderId, { type: 'start', at });
    });
  }

  async function paymentFailed(orderId: string, reason: string): Promise<void> {
    await serial(orderId, async () => {
      const at = now().toISOString();
      await updateOrder(orderId, (o) =>
        o.payment.state === 'requires_payment'
          ? { ...o, payment: { ...o.payment, lastError: reason.slice(0, 60) }, updatedAt: at }
          : undefined,
      );
    });
  }

  async function paymentSettled(orderId: string, event: 'captured' | 'released' | 'refunded'): Promise<void> {
    await serial(orderId, async () => {
      const at = now().toISOString();
      if (event === 'refunded') {
        // Refunded at the gateway (one of ours, or one made there): each of its refunds recorded once.
        await refunds.syncFromGateway(orderId);
        const call = await getCall(orderId);
        if (call) await publish(orderId, call);
        return;
      }
      if (event === 'captured') {
        // The ledger first, then the order (as settlement.capture does): a notice replayed after a
        // crash in between finds the order still authorised, or captured, and completes the entries.
        const current = await getOrder(orderId);
        if (!current || (current.payment.state !== 'authorised' && current.payment.state !== 'captured'))
          return;
        await recordCapture(current, current.payment.capturedAt ?? at);
      }
      const order = await updateOrder(orderId, (o) => {
        const state = o.payment.state;
        if (event === 'captured' && state === 'authorised')
          return { ...o, payment: { ...o.payment, state: 'captured', capturedAt: at }, updatedAt: at };
        if (event === 'released' && (state === 'authorised' || state === 'requires_payment'))
          return {
            ...o,
            state: o.state === 'awaiting_payment' ? 'cancelled' : 'failed',
            payment: { ...o.payment, state: 'released', releasedAt: at },
            updatedAt: at,
          };
        return undefined;
      });
      // A refund whose notice came before the capture's was skipped then: learnt now.
      if (event === 'captured') await refunds.syncFromGateway(orderId);
      if (!order) return;
      if (event === 'released') await record(store, order, 'release', order.quote.total, at);
      // Abandoned, or no consultation: the promo use goes to the next client.
      if (order.quote.coupon && endedWithoutConsultation(order))
        await releaseCouponUse(store, order.quote.coupon.code, orderId, now());
      const call = await getCall(orderId);
      if (call) await publish(orderId, call);
    });
  }

  const giveBack = createMoneyBack({ store, gateway, now, refunds });

  async function refund(orderId: string, request: RefundRequest): Promise<RefundOutcome> {
    let outcome: RefundOutcome | undefined;
    await serial(orderId, async () => {
      outcome = await refunds.refund(orderId, request);
      const call = await getCall(orderId);
      if (outcome.changed && call) await publish(orderId, call);
    });
    return outcome!;
  }

  async function endCall(orderId: string): Promise<StoredCall | undefined> {
    let ended: StoredCall | undefined;
    await serial(orderId, async () => {
      if (!(await getCall(orderId))) return;
      await apply(orderId, { type: 'end', at: now().toISOString() });
      ended = await getCall(orderId);
    });
    return ended;
  }

  async function giveMoneyBack(
    orderId: string,
    action: MoneyBackAction,
    asked?: { by: string; reason?: string },
  ): Promise<MoneyBackResult> {
    let result: MoneyBackResult | undefined;
    await serial(orderId, async () => {
      const call = await getCall(orderId);
      result = await giveBack(await getOrder(orderId), call, action, asked);
      if (result.changed && call) await publish(orderId, call);
    });
    return result!;
  }

  async function telephonyEvent(event: TelephonyEvent): Promise<void> {
    const callEvent: CallEvent =
      event.kind === 'leg'
        ? {
            type: 'leg',
            leg: event.leg,
            attempt: event.attempt,
            callSid: event.callSid,
            sequence: event.sequence,
            status: event.status,
            ...(event.durationSeconds !== undefined ? { durationSeconds: event.durationSeconds } : {}),
            at: event.at,
          }
        : { type: 'conference', event: event.event, sequence: event.sequence, at: event.at };
    await serial(event.orderId, () => apply(event.orderId, callEvent));
  }

  async function resume(): Promise<number> {
    const result = await store
      .db<StoredOrder>('orders')
      .view<StoredOrder>('orders', 'by_state', { key: 'paid', include_docs: true });
    const orders = result.rows.map((row) => row.doc).filter((doc): doc is NonNullable<typeof doc> => !!doc);
    for (const order of orders) {
      await serial(order.orderId, async () => {
        await ensureCall(order);
        const call = await getCall(order.orderId);
        if (!call) return;
        if (call.state.phase === 'scheduled') {
          await apply(order.orderId, { type: 'start', at: now().toISOString() });
          return;
        }
        const followUps = await runPending(order.orderId, call);
        for (const event of followUps) await apply(order.orderId, event);
        for (const timer of call.timers) arm(order.orderId, timer.action, timer.at);
        await reconcileLegs(order.orderId);
      });
    }
    await refunds.resumePending();
    return orders.length;
  }

  /** Applies what the telephony says of calls left without a final status (their callbacks were missed). */
  async function reconcileLegs(orderId: string) {
    const call = await getCall(orderId);
    if (!call) return;
    for (const event of await missedLegEvents(call)) await apply(orderId, event);
  }

  return {
    telephony,
    paymentAuthorised,
    paymentFailed,
    paymentSettled,
    telephonyEvent,
    endCall,
    giveMoneyBack,
    refund,
    resume,
    stop() {
      timers.stop();
      (telephony as Telephony & { stop?: () => void }).stop?.();
    },
    async idle() {
      while (queues.size > 0) await Promise.all([...queues.values()]);
    },
  };
}
