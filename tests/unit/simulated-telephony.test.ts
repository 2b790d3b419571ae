/**
 * Demo mode's telephony, on fake timers: what each test number reports and when, with Twilio's
 * sequence numbers; hanging up; and whole consultations driven through the call state machine
 * exactly as the consultation service drives it (effects carried out, outcomes fed back).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTelephony } from '../../server/adapters/telephony/index';
import { createSimulatedTelephony } from '../../server/adapters/telephony/simulated';
import type { SimulatedTelephony } from '../../server/adapters/telephony/simulated';
import type { PlaceCall, TelephonyEvent } from '../../server/adapters/telephony/types';
import { readConfig } from '../../server/config/env';
import { initialCallState, step } from '../../src/domain/call-machine';
import type { CallEffect, CallEvent, CallState } from '../../src/domain/call-machine';

const T0 = Date.parse('2026-03-10T14:00:00.000Z');
const simulation = { ringSeconds: 3, noAnswerSeconds: 10, callSeconds: 60 };
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

let events: TelephonyEvent[];
let telephony: SimulatedTelephony;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  events = [];
  telephony = createSimulatedTelephony(simulation, async (event) => {
    events.push(event);
  });
});
afterEach(() => {
  telephony.stop();
  vi.useRealTimers();
});

const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * 1000);

function call(overrides: Partial<PlaceCall> = {}): PlaceCall {
  return {
    orderId: 'ord_demo1',
    leg: 'provider',
    attempt: 1,
    to: '+15005550006',
    conference: 'order-ord_demo1',
    ringSeconds: 45,
    timeLimitSeconds: 25 * 60,
    startConferenceOnEnter: false,
    ...overrides,
  };
}

/** The leg events of one call, as `status@seconds#sequence`. */
function legTrace(callSid: string) {
  return events
    .filter((e) => e.kind === 'leg' && e.callSid === callSid)
    .map((e) => e.kind === 'leg' && `${e.status}@${(Date.parse(e.at) - T0) / 1000}#${e.sequence}`);
}

function conferenceTrace() {
  return events
    .filter((e) => e.kind === 'conference')
    .map((e) => e.kind === 'conference' && `${e.event}@${(Date.parse(e.at) - T0) / 1000}#${e.sequence}`);
}

describe('simulated telephony: the test numbers', () => {
  it('+15005550006 answers after the ring time; the provider then waits in the conference', async () => {
    const { callSid } = await telephony.placeCall(call());
    expect(callSid).toMatch(/^SIM[0-9a-f]{32}$/);
    expect(events).toEqual([]);

    await seconds(0);
    expect(await telephony.fetchCall(callSid)).toEqual({ status: 'ringing' });
    expect(events[0]).toEqual({
      kind: 'leg',
      orderId: 'ord_demo1',
      leg: 'provider',
      attempt: 1,
      callSid,
      sequence: 0,
      status: 'initiated',
      at: at(0),
    });
    await seconds(3);
    await seconds(20 * 60);
    expect(legTrace(callSid)).toEqual(['initiated@0#0', 'ringing@0#1', 'in-progress@3#2']);
    expect(conferenceTrace()).toEqual([]);
    expect(await telephony.fetchCall(callSid)).toEqual({ status: 'in-progress' });
  });

  it('the client’s arrival starts the conference; the parties hang up callSeconds later', async () => {
    const provider = await telephony.placeCall(call());
    await seconds(3);
    const client = await telephony.placeCall(
      call({ leg: 'client', to: '+33612345678', startConferenceOnEnter: true }),
    );
    await seconds(3);
    expect(conferenceTrace()).toEqual(['start@6#0']);
    await seconds(59);
    expect(events.filter((e) => e.kind === 'conference')).toHaveLength(1);
    await seconds(1);

    expect(legTrace(provider.callSid)).toEqual([
      'initiated@0#0',
      'ringing@0#1',
      'in-progress@3#2',
      'completed@66#3',
    ]);
    expect(legTrace(client.callSid)).toEqual([
      'initiated@3#0',
      'ringing@3#1',
      'in-progress@6#2',
      'completed@66#3',
    ]);
    expect(conferenceTrace()).toEqual(['start@6#0', 'end@66#1']);
    // In the order they happened: the client's answer, the start; the client leaving first, the end last.
    const order = events.map((e) => (e.kind === 'leg' ? `${e.leg}:${e.status}` : `conference:${e.event}`));
    expect(order.slice(-6)).toEqual([
      'client:ringing',
      'client:in-progress',
      'conference:start',
      'client:completed',
      'provider:completed',
      'conference:end',
    ]);
    expect(
      events.find((e) => e.kind === 'leg' && e.callSid === client.callSid && e.status === 'completed'),
    ).toMatchObject({ durationSeconds: 60 });
    expect(await telephony.fetchCall(provider.callSid)).toEqual({ status: 'completed', durationSeconds: 63 });
  });

  it('+15005550002 never answers: no-answer after noAnswerSeconds, or the call’s own ring time if shorter', async () => {
    const long = await telephony.placeCall(call({ to: '+15005550002' }));
    const short = await telephony.placeCall(
      call({ orderId: 'ord_demo2', to: '+15005550002', ringSeconds: 5 }),
    );
    await seconds(60);
    expect(legTrace(long.callSid)).toEqual(['initiated@0#0', 'ringing@0#1', 'no-answer@10#2']);
    expect(legTrace(short.callSid)).toEqual(['initiated@0#0', 'ringing@0#1', 'no-answer@5#2']);
    expect(await telephony.fetchCall(long.callSid)).toEqual({ status: 'no-answer' });
  });

  it('+15005550003 is busy a second after ringing', async () => {
    const { callSid } = await telephony.placeCall(call({ to: '+15005550003' }));
    await seconds(60);
    expect(legTrace(callSid)).toEqual(['initiated@0#0', 'ringing@0#1', 'busy@1#2']);
  });

  it('+15005550001 fails at once', async () => {
    const { callSid } = await telephony.placeCall(call({ to: '+15005550001' }));
    await seconds(60);
    expect(legTrace(callSid)).toEqual(['initiated@0#0', 'failed@0#1']);
    expect(await telephony.fetchCall(callSid)).toEqual({ status: 'failed' });
  });

  it('a line that would answer after the call’s ring time counts as unanswered', async () => {
    const { callSid } = await telephony.placeCall(call({ ringSeconds: 2 }));
    await seconds(60);
    expect(legTrace(callSid)).toEqual(['initiated@0#0', 'ringing@0#1', 'no-answer@2#2']);
  });

  it('hangs up a leg that reaches its time limit, which ends the conference', async () => {
    const { callSid } = await telephony.placeCall(call({ timeLimitSeconds: 20 }));
    await seconds(60);
    expect(legTrace(callSid)).toEqual(['initiated@0#0', 'ringing@0#1', 'in-progress@3#2', 'completed@23#3']);
    expect(conferenceTrace()).toEqual(['end@23#0']);
  });

  it('after a restart it knows no earlier call: fetchCall answers failed', async () => {
    expect(await telephony.fetchCall('SIM' + '0'.repeat(32))).toEqual({ status: 'failed' });
  });
});

describe('simulated telephony: ending the conference', () => {
  it('hangs up whoever is on the line, cancels a call still ringing, and ends the conference', async () => {
    const provider = await telephony.placeCall(call());
    await seconds(3);
    const client = await telephony.placeCall(
      call({ leg: 'client', to: '+15005550002', startConferenceOnEnter: true }),
    );
    await seconds(2);
    await telephony.endConference('ord_demo1');
    await seconds(60);

    expect(legTrace(provider.callSid)).toEqual([
      'initiated@0#0',
      'ringing@0#1',
      'in-progress@3#2',
      'completed@5#3',
    ]);
    expect(legTrace(client.callSid)).toEqual(['initiated@3#0', 'ringing@3#1', 'canceled@5#2']);
    expect(conferenceTrace()).toEqual(['end@5#0']);
    expect(events.find((e) => e.kind === 'leg' && e.status === 'completed')).toMatchObject({
      durationSeconds: 2,
    });
  });

  it('ends a conversation before the parties would hang up, and nothing more happens afterwards', async () => {
    await telephony.placeCall(call());
    await seconds(3);
    await telephony.placeCall(call({ leg: 'client', startConferenceOnEnter: true }));
    await seconds(3 + 20);
    await telephony.endConference('ord_demo1');
    await telephony.endConference('ord_demo1');
    await seconds(0);
    const count = events.length;
    await seconds(30 * 60);

    expect(events).toHaveLength(count);
    expect(conferenceTrace()).toEqual(['start@6#0', 'end@26#1']);
    expect(events.filter((e) => e.kind === 'leg' && e.status === 'completed')).toHaveLength(2);
  });

  it('cancels a call asked for but not begun yet', async () => {
    const placing = telephony.placeCall(call());
    await telephony.endConference('ord_demo1');
    const { callSid } = await placing;
    await seconds(60);
    expect(legTrace(callSid)).toEqual(['canceled@0#0']);
    expect(conferenceTrace()).toEqual([]);
  });

  it('is harmless for an order with no call', async () => {
    await telephony.endConference('ord_unknown');
    await seconds(60);
    expect(events).toEqual([]);
  });

  it('stop() cancels everything still to come', async () => {
    const { callSid } = await telephony.placeCall(call());
    telephony.stop();
    await seconds(60);
    expect(legTrace(callSid)).toEqual(['initiated@0#0', 'ringing@0#1']);
  });
});

describe('simulated telephony: delivery', () => {
  it('hands an order’s events to the sink one at a time, waiting for each to be applied', async () => {
    telephony.stop();
    let running = 0;
    let most = 0;
    const applied: string[] = [];
    telephony = createSimulatedTelephony(simulation, async (event) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      applied.push(event.kind === 'leg' ? `${event.leg}:${event.status}` : `conference:${event.event}`);
      running--;
    });
    await telephony.placeCall(call());
    await telephony.placeCall(call({ leg: 'client', to: '+15005550006', startConferenceOnEnter: true }));
    await seconds(120);

    expect(most).toBe(1);
    expect(applied).toEqual([
      'provider:initiated',
      'provider:ringing',
      'client:initiated',
      'client:ringing',
      'provider:in-progress',
      'client:in-progress',
      'conference:start',
      'client:completed',
      'provider:completed',
      'conference:end',
    ]);
  });

  it('goes on after the sink failed to apply an event', async () => {
    telephony.stop();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const applied: string[] = [];
    telephony = createSimulatedTelephony(simulation, async (event) => {
      if (event.kind === 'leg' && event.status === 'ringing') throw new Error('conflict');
      if (event.kind === 'leg') applied.push(event.status);
    });
    await telephony.placeCall(call({ to: '+15005550003' }));
    await seconds(5);
    expect(applied).toEqual(['initiated', 'busy']);
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });
});

/**
 * The consultation service's loop in a few lines: the state machine's effects carried out with the
 * simulated telephony and timers, their outcomes and the telephony's events fed back to `step`.
 */
function consultation(numbers: { provider: string; client: string }) {
  const orderId = 'ord_run1';
  const ctx = { maxAttempts: 3, retryDelayMs: 30_000, durationMinutes: 20 };
  let state: CallState = initialCallState();
  const effects: CallEffect[] = [];
  const sim = createSimulatedTelephony(simulation, async (event) => apply(asCallEvent(event)));

  async function apply(event: CallEvent) {
    const result = step(state, event, ctx);
    state = result.state;
    for (const effect of result.effects) {
      effects.push(effect);
      if (effect.type === 'place_call') {
        const { leg, attempt } = effect;
        const placed = await sim.placeCall({
          orderId,
          leg,
          attempt,
          to: numbers[leg],
          conference: `order-${orderId}`,
          ringSeconds: 45,
          timeLimitSeconds: (ctx.durationMinutes + 5) * 60,
          startConferenceOnEnter: leg === 'client',
        });
        await apply({
          type: 'call_placed',
          leg,
          attempt,
          callSid: placed.callSid,
          at: new Date().toISOString(),
        });
      } else if (effect.type === 'schedule') {
        const { action } = effect;
        setTimeout(
          () => void apply({ type: action, at: new Date().toISOString() }),
          Date.parse(effect.at) - Date.now(),
        );
      } else if (effect.type === 'end_conference') {
        await sim.endConference(orderId);
      }
    }
  }

  return {
    start: () => apply({ type: 'start', at: new Date().toISOString() }),
    state: () => state,
    effects,
    stop: () => sim.stop(),
  };
}

function asCallEvent(event: TelephonyEvent): CallEvent {
  if (event.kind === 'conference')
    return { type: 'conference', event: event.event, sequence: event.sequence, at: event.at };
  const { kind: _kind, orderId: _orderId, ...leg } = event;
  return { type: 'leg', ...leg };
}

const effectTypes = (effects: CallEffect[]) =>
  effects.map((e) => (e.type === 'place_call' ? `call ${e.leg} ${e.attempt}` : e.type));

describe('simulated telephony driving the call state machine', () => {
  it.each(['+15005550006', '+4915112345678'])(
    'runs a consultation to completed when %s answers',
    async (number) => {
      const run = consultation({ provider: number, client: '+15005550006' });
      await run.start();
      await seconds(2 * 60);
      run.stop();

      const state = run.state();
      expect(state.phase).toBe('completed');
      expect(state.failure).toBeUndefined();
      expect(state.connectedAt).toBe(at(6));
      expect(state.endedAt).toBe(at(66));
      expect(state.callSeconds).toBe(simulation.callSeconds);
      expect(Object.values(state.calls).map((c) => `${c.leg} ${c.attempt} ${c.status}`)).toEqual([
        'provider 1 completed',
        'client 1 completed',
      ]);
      expect(effectTypes(run.effects)).toEqual([
        'call provider 1',
        'call client 1',
        'capture',
        'schedule',
        'end_conference',
        'complete',
      ]);
    },
  );

  it('fails with provider_no_answer after three unanswered calls to +15005550002, releasing the payment', async () => {
    const run = consultation({ provider: '+15005550002', client: '+15005550006' });
    await run.start();
    await seconds(5 * 60);
    run.stop();

    const state = run.state();
    expect(state.phase).toBe('failed');
    expect(state.failure).toBe('provider_no_answer');
    // 10 s of ringing, 30 s of pause, three times.
    expect(state.endedAt).toBe(at(90));
    expect(Object.values(state.calls).map((c) => `${c.leg} ${c.attempt} ${c.status}`)).toEqual([
      'provider 1 no-answer',
      'provider 2 no-answer',
      'provider 3 no-answer',
    ]);
    expect(effectTypes(run.effects)).toEqual([
      'call provider 1',
      'schedule',
      'call provider 2',
      'schedule',
      'call provider 3',
      'release',
    ]);
  });

  it('fails with client_no_answer when the client is busy three times, hanging up the waiting provider', async () => {
    const run = consultation({ provider: '+15005550006', client: '+15005550003' });
    await run.start();
    await seconds(5 * 60);
    run.stop();

    const state = run.state();
    expect(state.phase).toBe('failed');
    expect(state.failure).toBe('client_no_answer');
    expect(Object.values(state.calls).map((c) => `${c.leg} ${c.attempt} ${c.status}`)).toEqual([
      'provider 1 completed',
      'client 1 busy',
      'client 2 busy',
      'client 3 busy',
    ]);
    expect(effectTypes(run.effects)).toEqual([
      'call provider 1',
      'call client 1',
      'schedule',
      'call client 2',
      'schedule',
      'call client 3',
      'end_conference',
      'release',
    ]);
    expect(state.conference.endedAt).toBeDefined();
  });

  it('fails with provider_no_answer when every call to +15005550001 fails', async () => {
    const run = consultation({ provider: '+15005550001', client: '+15005550006' });
    await run.start();
    await seconds(5 * 60);
    run.stop();

    expect(run.state()).toMatchObject({ phase: 'failed', failure: 'provider_no_answer', endedAt: at(60) });
  });
});

describe('createTelephony', () => {
  it('uses Twilio when TWILIO_* is configured, the simulation otherwise', () => {
    const sink = async () => {};
    const demo = createTelephony(readConfig({}).config, sink);
    expect(demo.kind).toBe('simulated');
    demo.stop();
    const { config } = readConfig({
      TWILIO_ACCOUNT_SID: 'AC' + 'ab'.repeat(16),
      TWILIO_AUTH_TOKEN: 'an-auth-token-of-32-characters00',
      TWILIO_FROM_NUMBER: '+15005550006',
    });
    expect(createTelephony(config, sink).kind).toBe('twilio');
  });
});
