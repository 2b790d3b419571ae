/**
 * Demo mode's telephony: no phone rings, but each call goes through the steps a Twilio call would
 * report, on timers, and the events reach the sink exactly as the Twilio webhooks would hand them
 * over, so the consultation service and its state machine run the same code path as in production.
 *
 * How a line behaves depends on the number called (TEST_PHONE_NUMBERS, src/domain/demo-mode.ts):
 * - answers (and any number not in the list): initiated, ringing, then in-progress after
 *   `ringSeconds` (no-answer instead if that is not within the call's own ring time). The
 *   provider then waits in the order's conference; the client's arrival starts it, and
 *   `callSeconds` later the parties hang up: each leg completed with its duration, then the
 *   conference's end. A leg still in the conference when its time limit is reached hangs up too.
 * - no_answer: initiated, ringing, then no-answer after the call's ring time (at most
 *   `noAnswerSeconds`). busy: initiated, ringing, busy a second later. fails: initiated, failed.
 *
 * Every participant joins with endConferenceOnExit, as with Twilio: one leaving ends the conference
 * and hangs up the other. Events of an order reach the sink one at a time, in the order they
 * happened, each with the call's next sequence number (the conference has its own numbering).
 *
 * The simulation lives in this process's memory: after a restart it knows none of the calls placed
 * before. `fetchCall` then answers `failed` for them, so that the service counts the attempt as
 * lost and moves on (retry or failure) rather than waiting for events that will never come.
 */
import { randomBytes } from 'node:crypto';
import { isFinalLegStatus } from '../../../src/domain/call-machine';
import type { LegStatus } from '../../../src/domain/call-machine';
import { testLineOf } from '../../../src/domain/demo-mode';
import type { Config } from '../../config/env';
import type { PlaceCall, Telephony, TelephonyEvent, TelephonyEventSink } from './types';
import { logError } from '../../log';

export type SimulatedTelephony = Telephony & {
  /** Cancels every timer (tests, shutdown); nothing happens to the calls afterwards. */
  stop(): void;
};

type SimCall = {
  sid: string;
  call: PlaceCall;
  status: LegStatus;
  /** The sequence number of the next event of this call. */
  sequence: number;
  answeredAt?: number;
  durationSeconds?: number;
};

type SimConference = { sid: string; sequence: number; started: boolean; ended: boolean };

type SimOrder = { calls: SimCall[]; conference?: SimConference };

/** How many finished calls `fetchCall` still remembers. */
const REMEMBERED_CALLS = 10_000;
const BUSY_AFTER_MS = 1000;

export function createSimulatedTelephony(
  simulation: Config['simulation'],
  sink: TelephonyEventSink,
  now: () => Date = () => new Date(),
): SimulatedTelephony {
  const calls = new Map<string, SimCall>();
  const orders = new Map<string, SimOrder>();
  /** Each order's deliveries to the sink, chained so that they run one at a time, in order. */
  const deliveries = new Map<string, Promise<void>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;

  function later(seconds: number, action: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) action();
    }, seconds * 1000);
    timers.add(timer);
  }

  function orderOf(orderId: string): SimOrder {
    let order = orders.get(orderId);
    if (!order) {
      order = { calls: [] };
      orders.set(orderId, order);
    }
    return order;
  }

  function deliver(orderId: string, event: TelephonyEvent) {
    const delivered = (deliveries.get(orderId) ?? Promise.resolve())
      .then(() => sink(event))
      .catch((error: unknown) => logError('[telephony] simulated event not applied:', event, error))
      .finally(() => {
        if (deliveries.get(orderId) === delivered) deliveries.delete(orderId);
      });
    deliveries.set(orderId, delivered);
  }

  function setStatus(sim: SimCall, status: LegStatus) {
    const at = now();
    sim.status = status;
    if (status === 'in-progress') sim.answeredAt = at.getTime();
    if (status === 'completed') {
      sim.durationSeconds = sim.answeredAt ? Math.round((at.getTime() - sim.answeredAt) / 1000) : 0;
    }
    const { orderId, leg, attempt } = sim.call;
    deliver(orderId, {
      kind: 'leg',
      orderId,
      leg,
      attempt,
      callSid: sim.sid,
      sequence: sim.sequence++,
      status,
      ...(status === 'completed' ? { durationSeconds: sim.durationSeconds } : {}),
      at: at.toISOString(),
    });
    if (isFinalLegStatus(status)) forgetIfDone(orderId);
  }

  function conferenceEvent(orderId: string, conference: SimConference, event: 'start' | 'end') {
    deliver(orderId, {
      kind: 'conference',
      orderId,
      conferenceSid: conference.sid,
      sequence: conference.sequence++,
      event,
      at: now().toISOString(),
    });
  }

  function ring(sim: SimCall) {
    if (sim.status !== 'queued') return; // cancelled before it began
    setStatus(sim, 'initiated');
    const line = testLineOf(sim.call.to);
    if (line === 'fails') return setStatus(sim, 'failed');
    setStatus(sim, 'ringing');
    const whileRinging = (seconds: number, action: () => void) =>
      later(seconds, () => {
        if (sim.status === 'ringing') action();
      });
    if (line === 'busy') return whileRinging(BUSY_AFTER_MS / 1000, () => setStatus(sim, 'busy'));
    if (line === 'no_answer' || simulation.ringSeconds >= sim.call.ringSeconds) {
      const ringFor = Math.min(
        sim.call.ringSeconds,
        line === 'no_answer' ? simulation.noAnswerSeconds : Infinity,
      );
      return whileRinging(ringFor, () => setStatus(sim, 'no-answer'));
    }
    whileRinging(simulation.ringSeconds, () => answer(sim));
  }

  /** The callee picks up and enters the order's conference. */
  function answer(sim: SimCall) {
    setStatus(sim, 'in-progress');
    const { orderId } = sim.call;
    const order = orderOf(orderId);
    if (!order.conference || order.conference.ended) {
      order.conference = { sid: simSid('SIMCF'), sequence: 0, started: false, ended: false };
    }
    const conference = order.conference;
    later(sim.call.timeLimitSeconds, () => {
      if (sim.status === 'in-progress') hangUp(orderId, [sim]);
    });
    if (sim.call.startConferenceOnEnter && !conference.started) {
      conference.started = true;
      conferenceEvent(orderId, conference, 'start');
      later(simulation.callSeconds, () => {
        if (!conference.ended) hangUp(orderId, [sim]);
      });
    }
  }

  /**
   * `first` leave the conference, which ends it: everyone else on the line is hung up, and calls
   * still ringing for the order are cancelled.
   */
  function hangUp(orderId: string, first: SimCall[]) {
    const order = orders.get(orderId);
    if (!order) return;
    const live = order.calls.filter((sim) => !isFinalLegStatus(sim.status));
    const ordered = [
      ...first.filter((sim) => live.includes(sim)),
      ...live.filter((sim) => !first.includes(sim)),
    ];
    for (const sim of ordered) setStatus(sim, sim.status === 'in-progress' ? 'completed' : 'canceled');
    const conference = order.conference;
    if (conference && !conference.ended) {
      conference.ended = true;
      conferenceEvent(orderId, conference, 'end');
    }
    forgetIfDone(orderId);
  }

  /** An order whose calls are all over, and whose conference (if any) ended, needs no more state. */
  function forgetIfDone(orderId: string) {
    const order = orders.get(orderId);
    if (!order) return;
    const callsOver = order.calls.every((sim) => isFinalLegStatus(sim.status));
    if (callsOver && (!order.conference || order.conference.ended)) orders.delete(orderId);
  }

  function remember(sim: SimCall) {
    calls.set(sim.sid, sim);
    if (calls.size <= REMEMBERED_CALLS) return;
    for (const [sid, old] of calls) {
      if (calls.size <= REMEMBERED_CALLS) break;
      if (isFinalLegStatus(old.status)) calls.delete(sid);
    }
  }

  return {
    kind: 'simulated',

    async placeCall(call) {
      const sim: SimCall = { sid: simSid('SIM'), call: { ...call }, status: 'queued', sequence: 0 };
      remember(sim);
      orderOf(call.orderId).calls.push(sim);
      // Not within this call: the first events are delivered after the caller has its sid (unless
      // it awaits more work first; the state machine accepts a call's events before its sid too).
      queueMicrotask(() => {
        if (!stopped) ring(sim);
      });
      return { callSid: sim.sid };
    },

    async endConference(orderId) {
      // Not awaiting the deliveries: the sink itself may be the one asking (time is up).
      hangUp(orderId, []);
    },

    async hangUp(callSid) {
      const sim = calls.get(callSid);
      if (sim && !isFinalLegStatus(sim.status)) hangUp(sim.call.orderId, [sim]);
    },

    async fetchCall(callSid) {
      const sim = calls.get(callSid);
      if (!sim) return { status: 'failed' };
      return {
        status: sim.status,
        ...(sim.status === 'completed' ? { durationSeconds: sim.durationSeconds } : {}),
      };
    },

    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function simSid(prefix: string): string {
  return prefix + randomBytes(16).toString('hex');
}
