import { describe, expect, it } from 'vitest';
import type { CallSessionDoc } from '../../src/domain/mine';
import { CALL_FAILURES, CALL_PHASES, PAYMENT_STATES } from '../../src/domain/order';
import type { CallPhase, OrderView } from '../../src/domain/order';
import {
  ORDER_WAIT_MS,
  STEPS,
  callSeconds,
  callStatus,
  failureKey,
  formatCallDuration,
  formatClock,
  msUntil,
  pageState,
  roleOfService,
  stepIndex,
  stepStates,
  viewOfOrder,
  viewOfSession,
} from '../../src/features/call/call-status-model';
import type { CallView } from '../../src/features/call/call-status-model';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

function view(overrides: Partial<CallView> = {}): CallView {
  return {
    orderId: 'order_1',
    viewer: 'client',
    service: 'lawyerCall',
    providerId: 'prov_1',
    providerName: 'Maître Dupont',
    clientName: 'Paul',
    phase: 'scheduled',
    attempt: 0,
    maxAttempts: 3,
    durationMinutes: 20,
    payment: 'authorised',
    currency: 'EUR',
    amount: 4900,
    ...overrides,
  };
}

function session(overrides: Partial<CallSessionDoc> = {}): CallSessionDoc {
  return {
    id: 'call:order_1',
    type: 'call_session',
    orderId: 'order_1',
    role: 'client',
    service: 'expatCall',
    providerId: 'prov_1',
    providerName: 'Anna',
    clientName: 'Paul',
    phase: 'calling_client',
    attempt: 2,
    maxAttempts: 3,
    durationMinutes: 30,
    payment: 'authorised',
    currency: 'USD',
    amount: 1900,
    createdAt: at(-60),
    updatedAt: at(-1),
    ...overrides,
  };
}

function order(overrides: Partial<OrderView> = {}): OrderView {
  return {
    orderId: 'order_1',
    state: 'paid',
    service: 'lawyerCall',
    providerId: 'prov_1',
    providerName: 'Maître Dupont',
    clientName: 'Paul',
    durationMinutes: 20,
    quote: {
      service: 'lawyerCall',
      currency: 'EUR',
      durationMinutes: 20,
      standard: 4900,
      discount: 490,
      total: 4410,
    },
    createdAt: at(-30),
    payment: { gateway: 'simulated', state: 'authorised' },
    call: { phase: 'scheduled', attempt: 0, maxAttempts: 3, expectedCallAt: at(90) },
    ...overrides,
  };
}

describe('clock', () => {
  it('shows minutes and seconds, rounded up to the second', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(1)).toBe('00:01');
    expect(formatClock(999)).toBe('00:01');
    expect(formatClock(1000)).toBe('00:01');
    expect(formatClock(1001)).toBe('00:02');
    expect(formatClock(59_000)).toBe('00:59');
    expect(formatClock(60_000)).toBe('01:00');
    expect(formatClock(125_000)).toBe('02:05');
    expect(formatClock(20 * 60_000)).toBe('20:00');
  });

  it('never goes below zero and adds hours from an hour', () => {
    expect(formatClock(-5000)).toBe('00:00');
    expect(formatClock(3600_000)).toBe('1:00:00');
    expect(formatClock(3725_000)).toBe('1:02:05');
  });

  it('counts down to an instant, stopping at zero', () => {
    expect(msUntil(at(90), NOW)).toBe(90_000);
    expect(msUntil(at(-10), NOW)).toBe(0);
    expect(msUntil(undefined, NOW)).toBeUndefined();
    expect(msUntil('not a date', NOW)).toBeUndefined();
  });

  it('measures the call and says how long it lasted in the interface language', () => {
    expect(callSeconds({ connectedAt: at(0), endedAt: at(1112) })).toBe(1112);
    expect(callSeconds({ connectedAt: at(0) })).toBeUndefined();
    expect(callSeconds({ connectedAt: at(10), endedAt: at(0) })).toBeUndefined();
    expect(formatCallDuration(1112, 'en')).toBe('18 min 32 sec');
    expect(formatCallDuration(1200, 'en')).toBe('20 min');
    expect(formatCallDuration(42, 'en')).toBe('42 sec');
    expect(formatCallDuration(1112, 'fr')).toMatch(/^18\smin 32\ss$/);
  });
});

describe('steps', () => {
  const expected: Record<CallPhase, number> = {
    scheduled: 1,
    calling_provider: 1,
    calling_client: 2,
    connecting: 2,
    in_progress: 3,
    completed: 4,
    failed: 2,
  };

  it.each(CALL_PHASES)('places %s on its step', (phase) => {
    expect(stepIndex({ phase })).toBe(expected[phase]);
  });

  it('places a failure where the call stopped', () => {
    expect(stepIndex({ phase: 'failed', failure: 'provider_no_answer' })).toBe(1);
    expect(stepIndex({ phase: 'failed', failure: 'client_no_answer' })).toBe(2);
    expect(stepIndex({ phase: 'failed', failure: 'call_failed' })).toBe(2);
    expect(stepIndex({ phase: 'failed', failure: 'call_failed', connectedAt: at(-60) })).toBe(3);
  });

  it('marks the steps before as done, the current one, and those to come', () => {
    expect(STEPS).toHaveLength(5);
    expect(stepStates({ phase: 'scheduled' })).toEqual([
      'done',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(stepStates({ phase: 'connecting' })).toEqual(['done', 'done', 'current', 'upcoming', 'upcoming']);
    expect(stepStates({ phase: 'in_progress' })).toEqual(['done', 'done', 'done', 'current', 'upcoming']);
    expect(stepStates({ phase: 'completed' })).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(stepStates({ phase: 'failed', failure: 'provider_no_answer' })).toEqual([
      'done',
      'failed',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });
});

describe('messages', () => {
  it('counts down to the expected call, then says the phone is about to ring', () => {
    const waiting = view({ phase: 'scheduled', expectedCallAt: at(95) });
    expect(callStatus(waiting, NOW)).toMatchObject({
      headline: 'contacting',
      detail: 'countdown',
      clockMs: 95_000,
    });
    expect(formatClock(callStatus(waiting, NOW).clockMs!)).toBe('01:35');
    const due = callStatus(waiting, NOW + 95_000);
    expect(due).toMatchObject({ headline: 'contacting', detail: 'aboutToRing' });
    expect(due.clockMs).toBeUndefined();
    expect(callStatus(view({ phase: 'calling_provider', expectedCallAt: at(-5) }), NOW).detail).toBe(
      'aboutToRing',
    );
    expect(callStatus(view({ phase: 'scheduled' }), NOW)).toMatchObject({
      detail: 'soon',
      clockMs: undefined,
    });
  });

  it('keeps the announced text still while only the clock moves', () => {
    const waiting = view({ phase: 'scheduled', expectedCallAt: at(60) });
    const first = callStatus(waiting, NOW);
    const next = callStatus(waiting, NOW + 1000);
    expect([next.headline, next.detail]).toEqual([first.headline, first.detail]);
    expect(next.clockMs).toBe(59_000);
  });

  it('shows the attempt only from the second one, on the leg being tried', () => {
    expect(callStatus(view({ phase: 'calling_provider', attempt: 1 }), NOW).retry).toBeUndefined();
    // The client's page names the expert's attempt in its detail (tests/unit/money-words.test.ts).
    expect(callStatus(view({ phase: 'calling_provider', attempt: 2 }), NOW).detail).toBe('retrying');
    const expert = view({ phase: 'calling_provider', attempt: 2, viewer: 'provider' });
    expect(callStatus(expert, NOW).retry).toBe('provider');
    expect(callStatus(view({ phase: 'calling_client', attempt: 1 }), NOW).retry).toBeUndefined();
    expect(callStatus(view({ phase: 'calling_client', attempt: 2 }), NOW).retry).toBe('client');
  });

  it('rings, connects, then shows the time remaining', () => {
    expect(callStatus(view({ phase: 'calling_client', attempt: 1 }), NOW)).toMatchObject({
      headline: 'ringing',
      detail: 'answer',
    });
    expect(callStatus(view({ phase: 'connecting' }), NOW)).toMatchObject({
      headline: 'connecting',
      detail: 'connecting',
    });
    const live = view({ phase: 'in_progress', connectedAt: at(-60), endsAt: at(19 * 60) });
    expect(callStatus(live, NOW)).toMatchObject({
      headline: 'inProgress',
      detail: 'remaining',
      clockMs: 1140_000,
    });
    expect(callStatus(live, NOW + 1140_000)).toMatchObject({ detail: 'ending', clockMs: undefined });
    expect(callStatus(view({ phase: 'in_progress' }), NOW)).toMatchObject({
      detail: 'ongoing',
      clockMs: undefined,
    });
  });

  it('ends on completed or failed, which are final', () => {
    expect(callStatus(view({ phase: 'completed' }), NOW)).toMatchObject({
      headline: 'completed',
      detail: 'completed',
      final: true,
    });
    for (const phase of CALL_PHASES) {
      expect(callStatus(view({ phase }), NOW).final).toBe(phase === 'completed' || phase === 'failed');
    }
  });

  it.each(CALL_FAILURES)('explains the failure %s with what became of the money', (failure) => {
    const status = callStatus(view({ phase: 'failed', failure, payment: 'released' }), NOW);
    expect(status).toMatchObject({ headline: 'failed', detail: failureKey(failure), money: 'released' });
  });

  it('names every failure, and reads no failure as a failed call', () => {
    expect(failureKey('provider_no_answer')).toBe('providerNoAnswer');
    expect(failureKey('client_no_answer')).toBe('clientNoAnswer');
    expect(failureKey('call_failed')).toBe('callFailed');
    expect(failureKey(undefined)).toBe('callFailed');
  });

  it.each(PAYMENT_STATES)('says what became of the payment %s after a failure', (payment) => {
    const expected = {
      requires_payment: 'none',
      authorised: 'releasing',
      captured: 'refunding',
      released: 'released',
      refunded: 'refunded',
      failed: 'none',
    } as const;
    expect(callStatus(view({ phase: 'failed', payment }), NOW).money).toBe(expected[payment]);
  });

  it.each(CALL_PHASES)('speaks to the booked expert in their own words (%s)', (phase) => {
    const status = callStatus(view({ phase, viewer: 'provider', failure: 'provider_no_answer' }), NOW);
    expect(status.money).toBeUndefined();
    const expected: Record<CallPhase, [string, string]> = {
      scheduled: ['newConsultation', 'providerWait'],
      calling_provider: ['ringing', 'providerAnswer'],
      calling_client: ['clientRinging', 'providerClientCalled'],
      connecting: ['connecting', 'connecting'],
      in_progress: ['inProgress', 'ongoing'],
      completed: ['completed', 'providerCompleted'],
      failed: ['failed', 'providerYouNoAnswer'],
    };
    expect([status.headline, status.detail]).toEqual(expected[phase]);
  });

  it('tells the expert about each failure', () => {
    const detail = (failure: (typeof CALL_FAILURES)[number]) =>
      callStatus(view({ phase: 'failed', viewer: 'provider', failure }), NOW).detail;
    expect(detail('provider_no_answer')).toBe('providerYouNoAnswer');
    expect(detail('client_no_answer')).toBe('providerClientNoAnswer');
    expect(detail('call_failed')).toBe('callFailed');
  });
});

describe('sources and page state', () => {
  it('reads the session document', () => {
    const v = viewOfSession(session({ invoiceId: 'SOS-2026-000001' }));
    expect(v).toMatchObject({
      viewer: 'client',
      service: 'expatCall',
      phase: 'calling_client',
      attempt: 2,
      currency: 'USD',
      amount: 1900,
      invoiceId: 'SOS-2026-000001',
    });
    expect(viewOfSession(session({ role: 'provider' })).viewer).toBe('provider');
  });

  it('reads the order, the amount being the client’s to see', () => {
    expect(viewOfOrder(order(), 'client_1')).toMatchObject({
      viewer: 'client',
      phase: 'scheduled',
      amount: 4410,
      currency: 'EUR',
      payment: 'authorised',
      expectedCallAt: at(90),
    });
    const provider = viewOfOrder(order(), 'prov_1');
    expect(provider.viewer).toBe('provider');
    expect(provider.amount).toBeUndefined();
  });

  const base = {
    session: undefined,
    order: undefined,
    orderError: undefined,
    uid: 'u',
    online: true,
    waitedMs: 0,
  };

  it('prefers the live session to the order', () => {
    const state = pageState({ ...base, session: session({ phase: 'in_progress' }), order: order() });
    expect(state.kind === 'ready' && state.view.phase).toBe('in_progress');
    const fromOrder = pageState({ ...base, session: null, order: order() });
    expect(fromOrder.kind === 'ready' && fromOrder.view.phase).toBe('scheduled');
  });

  it('waits, then gives up on an order it cannot read', () => {
    expect(pageState(base).kind).toBe('loading');
    expect(pageState({ ...base, session: null, orderError: 'network', waitedMs: 5000 }).kind).toBe('loading');
    expect(pageState({ ...base, session: null, orderError: 'network', waitedMs: ORDER_WAIT_MS }).kind).toBe(
      'notFound',
    );
    expect(pageState({ ...base, session: null, orderError: 'order_not_found' }).kind).toBe('notFound');
  });

  it('says when it is offline with nothing local, and keeps a local session offline', () => {
    expect(pageState({ ...base, session: null, online: false, waitedMs: ORDER_WAIT_MS * 2 }).kind).toBe(
      'offline',
    );
    expect(pageState({ ...base, session: session(), online: false }).kind).toBe('ready');
  });

  it('refuses a service it does not know', () => {
    const unknown = order({ service: 'videoCall' as OrderView['service'] });
    expect(pageState({ ...base, session: null, order: unknown }).kind).toBe('serviceUnknown');
  });

  it('sends to experts of the same kind', () => {
    expect(roleOfService('lawyerCall')).toBe('lawyer');
    expect(roleOfService('expatCall')).toBe('expat');
  });
});
