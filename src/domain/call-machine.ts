/**
 * The state machine of a consultation call (spec section 4, "Payment and call flow"): once the
 * payment is authorised the platform calls the provider; when the provider answers they wait in the
 * order's conference and the platform calls the client; when the client joins, the conference starts,
 * the payment is captured and the consultation runs for its duration. A leg that is not answered is
 * tried again, up to `maxAttempts` times; then the consultation fails and the hold is released (or
 * the payment refunded).
 *
 * Pure: `step` takes the state and one event and answers the next state and the effects to carry
 * out (place a call, capture, release, end the conference…). The service stores the state, carries
 * out the effects idempotently and feeds their outcomes back as events.
 *
 * Callbacks may repeat or arrive out of order: each call's events carry the telephony's sequence
 * number, and an event whose sequence is not above the last one applied to that call is ignored. An
 * event of an old attempt, or of a finished consultation, changes nothing.
 */
import type { CallFailure, CallPhase } from './order';

/** The status of one call (leg), in Twilio's vocabulary. */
export const LEG_STATUSES = [
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
] as const;
export type LegStatus = (typeof LEG_STATUSES)[number];

export function isLegStatus(value: unknown): value is LegStatus {
  return typeof value === 'string' && (LEG_STATUSES as readonly string[]).includes(value);
}

const FINAL_LEG_STATUSES: readonly LegStatus[] = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];
export function isFinalLegStatus(status: LegStatus): boolean {
  return FINAL_LEG_STATUSES.includes(status);
}

export type Leg = 'provider' | 'client';

export type LegRecord = {
  leg: Leg;
  attempt: number;
  callSid: string;
  /** The highest callback sequence applied to this call; -1 before any. */
  sequence: number;
  status: LegStatus;
  answeredAt?: string;
  endedAt?: string;
  durationSeconds?: number;
};

export type CallState = {
  phase: CallPhase;
  /** The leg being tried, and which attempt of it (0 before the first call). */
  leg: Leg;
  attempt: number;
  /** Every call placed, by its id. */
  calls: Record<string, LegRecord>;
  /** When the next attempt is due, while waiting between two attempts. */
  retryAt?: string;
  /** The conference: the last callback sequence applied, and when it started and ended. */
  conference: { sequence: number; startedAt?: string; endedAt?: string };
  connectedAt?: string;
  endsAt?: string;
  endedAt?: string;
  /** Seconds between the conference's start and the consultation's end. */
  callSeconds?: number;
  failure?: CallFailure;
};

export type CallContext = { maxAttempts: number; retryDelayMs: number; durationMinutes: number };

export type CallEvent =
  /** The payment is authorised: the consultation may begin. */
  | { type: 'start'; at: string }
  /** The telephony accepted a call request and gave its id. */
  | { type: 'call_placed'; leg: Leg; attempt: number; callSid: string; at: string }
  /** The telephony refused a call request (invalid number, outage): the attempt counts as failed. */
  | { type: 'place_failed'; leg: Leg; attempt: number; at: string }
  | {
      type: 'leg';
      leg: Leg;
      attempt: number;
      callSid: string;
      sequence: number;
      status: LegStatus;
      durationSeconds?: number;
      at: string;
    }
  | { type: 'conference'; event: 'start' | 'end'; sequence: number; at: string }
  /** The wait between two attempts is over. */
  | { type: 'retry_due'; at: string }
  /** The consultation's duration is over. */
  | { type: 'time_up'; at: string }
  /**
   * An admin ends the consultation: one in progress ends as completed (it took place, shortened);
   * one still being set up fails and its money goes back, as after unanswered calls.
   */
  | { type: 'end'; at: string };

export type CallEffect =
  | { type: 'place_call'; leg: Leg; attempt: number }
  | { type: 'schedule'; action: 'retry_due' | 'time_up'; at: string }
  /** Take the held payment: the consultation has started. */
  | { type: 'capture' }
  /** No consultation: release the hold, or refund if the payment was captured. */
  | { type: 'release' }
  /** Hang up whoever is still on the line. */
  | { type: 'end_conference' }
  /** The consultation took place: ledger, invoice, notifications. */
  | { type: 'complete' };

export type StepResult = { state: CallState; effects: CallEffect[]; ignored?: string };

export function initialCallState(): CallState {
  return { phase: 'scheduled', leg: 'provider', attempt: 0, calls: {}, conference: { sequence: -1 } };
}

const ignore = (state: CallState, reason: string): StepResult => ({ state, effects: [], ignored: reason });

function addMs(at: string, ms: number): string {
  return new Date(Date.parse(at) + ms).toISOString();
}

function placeNext(state: CallState, leg: Leg, attempt: number): StepResult {
  const phase: CallPhase = leg === 'provider' ? 'calling_provider' : 'calling_client';
  const { retryAt: _done, ...rest } = state;
  return { state: { ...rest, phase, leg, attempt }, effects: [{ type: 'place_call', leg, attempt }] };
}

function fail(state: CallState, failure: CallFailure, at: string, hangUp: boolean): StepResult {
  const { retryAt: _none, ...rest } = state;
  const effects: CallEffect[] = [{ type: 'release' }];
  if (hangUp) effects.unshift({ type: 'end_conference' });
  return { state: { ...rest, phase: 'failed', failure, endedAt: at }, effects };
}

function complete(state: CallState, at: string): StepResult {
  const started = state.connectedAt ?? at;
  const callSeconds = Math.max(0, Math.round((Date.parse(at) - Date.parse(started)) / 1000));
  return {
    state: { ...state, phase: 'completed', endedAt: at, callSeconds },
    effects: [{ type: 'end_conference' }, { type: 'complete' }],
  };
}

/** The current attempt went unanswered (or could not be placed): try again after a pause, or give up. */
function unanswered(state: CallState, ctx: CallContext, at: string): StepResult {
  if (state.attempt < ctx.maxAttempts) {
    const retryAt = addMs(at, ctx.retryDelayMs);
    return {
      state: { ...state, retryAt },
      effects: [{ type: 'schedule', action: 'retry_due', at: retryAt }],
    };
  }
  // The provider waits in the conference while the client is called: hang them up too.
  return state.leg === 'provider'
    ? fail(state, 'provider_no_answer', at, false)
    : fail(state, 'client_no_answer', at, true);
}

function isCurrent(state: CallState, leg: Leg, attempt: number): boolean {
  return state.leg === leg && state.attempt === attempt;
}

export function step(state: CallState, event: CallEvent, ctx: CallContext): StepResult {
  switch (event.type) {
    case 'start':
      if (state.phase !== 'scheduled' || state.attempt !== 0) return ignore(state, 'already started');
      return placeNext(state, 'provider', 1);

    case 'call_placed': {
      const known = state.calls[event.callSid];
      if (known) return ignore(state, 'call already known');
      const record: LegRecord = {
        leg: event.leg,
        attempt: event.attempt,
        callSid: event.callSid,
        sequence: -1,
        status: 'queued',
      };
      return { state: { ...state, calls: { ...state.calls, [event.callSid]: record } }, effects: [] };
    }

    case 'place_failed':
      if (!isCurrent(state, event.leg, event.attempt) || !isCalling(state.phase) || state.retryAt)
        return ignore(state, 'not the attempt under way');
      return unanswered(state, ctx, event.at);

    case 'leg':
      return legEvent(state, event, ctx);

    case 'conference':
      return conferenceEvent(state, event, ctx);

    case 'retry_due':
      if (!state.retryAt || !isCalling(state.phase)) return ignore(state, 'no attempt to retry');
      if (Date.parse(event.at) < Date.parse(state.retryAt)) return ignore(state, 'retry not due yet');
      return placeNext(state, state.leg, state.attempt + 1);

    case 'time_up':
      if (state.phase !== 'in_progress') return ignore(state, 'no consultation in progress');
      return { state, effects: [{ type: 'end_conference' }] };

    case 'end':
      if (state.phase === 'completed' || state.phase === 'failed') return ignore(state, 'already ended');
      if (state.phase === 'in_progress') return complete(state, event.at);
      return fail(state, 'call_failed', event.at, true);
  }
}

function isCalling(phase: CallPhase): boolean {
  return phase === 'calling_provider' || phase === 'calling_client';
}

function legEvent(
  state: CallState,
  event: Extract<CallEvent, { type: 'leg' }>,
  ctx: CallContext,
): StepResult {
  const previous: LegRecord = state.calls[event.callSid] ?? {
    leg: event.leg,
    attempt: event.attempt,
    callSid: event.callSid,
    sequence: -1,
    status: 'queued',
  };
  if (previous.leg !== event.leg || previous.attempt !== event.attempt)
    return ignore(state, 'callback does not match the call');
  if (event.sequence <= previous.sequence) return ignore(state, 'callback already applied or older');
  if (isFinalLegStatus(previous.status)) return ignore(state, 'call already ended');

  // A `completed` call that lasted was answered, even when its `in-progress` callback was lost.
  const answered =
    event.status === 'in-progress' ||
    (event.status === 'completed' && (!!previous.answeredAt || (event.durationSeconds ?? 0) > 0));
  const record: LegRecord = {
    ...previous,
    sequence: event.sequence,
    status: event.status,
    ...(answered && !previous.answeredAt ? { answeredAt: event.at } : {}),
    ...(isFinalLegStatus(event.status) ? { endedAt: event.at } : {}),
    ...(event.durationSeconds !== undefined ? { durationSeconds: event.durationSeconds } : {}),
  };
  const next: CallState = { ...state, calls: { ...state.calls, [event.callSid]: record } };
  const wasAnswered = !!record.answeredAt;
  const ended = isFinalLegStatus(event.status);

  if (state.phase === 'completed' || state.phase === 'failed') return { state: next, effects: [] };

  // A call of an earlier attempt (a late callback): recorded, nothing else.
  if (!isCurrent(state, event.leg, event.attempt) && !(event.leg === 'provider' && wasAnswered))
    return { state: next, effects: [] };

  if (event.leg === 'provider') {
    if (state.phase === 'calling_provider' && isCurrent(state, 'provider', event.attempt)) {
      if (answered && !ended) return placeNext(next, 'client', 1);
      if (ended) return unanswered(next, ctx, event.at);
      return { state: next, effects: [] };
    }
    // The provider, waiting for the client, hung up before the consultation began.
    if (ended && (state.phase === 'calling_client' || state.phase === 'connecting'))
      return fail(next, 'call_failed', event.at, true);
    if (ended && state.phase === 'in_progress') return complete(next, event.at);
    return { state: next, effects: [] };
  }

  // The client's leg, current attempt.
  if (state.phase === 'calling_client') {
    if (answered && !ended) return { state: { ...next, phase: 'connecting' }, effects: [] };
    if (ended)
      return wasAnswered ? fail(next, 'call_failed', event.at, true) : unanswered(next, ctx, event.at);
    return { state: next, effects: [] };
  }
  if (ended && state.phase === 'connecting') return fail(next, 'call_failed', event.at, true);
  if (ended && state.phase === 'in_progress') return complete(next, event.at);
  return { state: next, effects: [] };
}

function conferenceEvent(
  state: CallState,
  event: Extract<CallEvent, { type: 'conference' }>,
  ctx: CallContext,
): StepResult {
  if (event.sequence <= state.conference.sequence) return ignore(state, 'callback already applied or older');
  if (event.event === 'start') {
    if (state.conference.startedAt) return ignore(state, 'conference already started');
    const conference = { ...state.conference, sequence: event.sequence, startedAt: event.at };
    if (state.phase !== 'connecting' && state.phase !== 'calling_client')
      return { state: { ...state, conference }, effects: [], ignored: 'no client on the line' };
    const endsAt = addMs(event.at, ctx.durationMinutes * 60_000);
    return {
      state: { ...state, conference, phase: 'in_progress', connectedAt: event.at, endsAt },
      effects: [{ type: 'capture' }, { type: 'schedule', action: 'time_up', at: endsAt }],
    };
  }
  if (state.conference.endedAt) return ignore(state, 'conference already ended');
  const conference = { ...state.conference, sequence: event.sequence, endedAt: event.at };
  const next = { ...state, conference };
  if (state.phase === 'in_progress') return complete(next, event.at);
  if (state.phase === 'connecting' || state.phase === 'calling_client')
    return fail(next, 'call_failed', event.at, true);
  return { state: next, effects: [] };
}
