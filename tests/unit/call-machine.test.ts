import { describe, expect, it } from 'vitest';
import { initialCallState, step } from '../../src/domain/call-machine';
import type { CallEvent, CallState, Leg, LegStatus, StepResult } from '../../src/domain/call-machine';

const ctx = { maxAttempts: 3, retryDelayMs: 30_000, durationMinutes: 20 };
const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/** Feeds events one after the other, collecting every effect. */
function run(events: CallEvent[], from: CallState = initialCallState()): StepResult & { all: StepResult[] } {
  let state = from;
  const all: StepResult[] = [];
  for (const event of events) {
    const result = step(state, event, ctx);
    all.push(result);
    state = result.state;
  }
  const last = all[all.length - 1]!;
  return { ...last, state, all };
}

let sequence = 0;
function leg(
  legName: Leg,
  attempt: number,
  status: LegStatus,
  seconds: number,
  seq = sequence++,
  callSid = `CA-${legName}-${attempt}`,
): CallEvent {
  return { type: 'leg', leg: legName, attempt, callSid, sequence: seq, status, at: at(seconds) };
}

/** Provider answers on the first attempt, client answers on the first attempt, conference starts. */
function connected(): CallState {
  return run([
    { type: 'start', at: at(0) },
    leg('provider', 1, 'initiated', 1, 0),
    leg('provider', 1, 'ringing', 2, 1),
    leg('provider', 1, 'in-progress', 5, 2),
    leg('client', 1, 'initiated', 6, 0),
    leg('client', 1, 'ringing', 7, 1),
    leg('client', 1, 'in-progress', 10, 2),
    { type: 'conference', event: 'start', sequence: 0, at: at(11) },
  ]).state;
}

describe('call state machine', () => {
  it('starts by calling the provider, once', () => {
    const first = step(initialCallState(), { type: 'start', at: at(0) }, ctx);
    expect(first.state).toMatchObject({ phase: 'calling_provider', leg: 'provider', attempt: 1 });
    expect(first.effects).toEqual([{ type: 'place_call', leg: 'provider', attempt: 1 }]);
    const again = step(first.state, { type: 'start', at: at(1) }, ctx);
    expect(again.effects).toEqual([]);
    expect(again.ignored).toBeTruthy();
  });

  it('calls the client once the provider answers, then connects and captures when the conference starts', () => {
    const result = run([
      { type: 'start', at: at(0) },
      { type: 'call_placed', leg: 'provider', attempt: 1, callSid: 'CA-provider-1', at: at(0) },
      leg('provider', 1, 'ringing', 2, 1),
      leg('provider', 1, 'in-progress', 5, 2),
    ]);
    expect(result.state.phase).toBe('calling_client');
    expect(result.effects).toEqual([{ type: 'place_call', leg: 'client', attempt: 1 }]);

    const answered = step(result.state, leg('client', 1, 'in-progress', 9, 2), ctx);
    expect(answered.state.phase).toBe('connecting');
    expect(answered.effects).toEqual([]);

    const started = step(
      answered.state,
      { type: 'conference', event: 'start', sequence: 0, at: at(10) },
      ctx,
    );
    expect(started.state).toMatchObject({
      phase: 'in_progress',
      connectedAt: at(10),
      endsAt: at(10 + 20 * 60),
    });
    expect(started.effects).toEqual([
      { type: 'capture' },
      { type: 'schedule', action: 'time_up', at: at(10 + 20 * 60) },
    ]);
  });

  it('completes when the conference ends, with the call length, and ends the conference', () => {
    const result = step(
      connected(),
      { type: 'conference', event: 'end', sequence: 1, at: at(11 + 600) },
      ctx,
    );
    expect(result.state).toMatchObject({ phase: 'completed', callSeconds: 600, endedAt: at(611) });
    expect(result.effects).toEqual([{ type: 'end_conference' }, { type: 'complete' }]);
  });

  it('completes when either party hangs up during the consultation', () => {
    const byClient = step(connected(), leg('client', 1, 'completed', 300, 3), ctx);
    expect(byClient.state.phase).toBe('completed');
    expect(byClient.state.callSeconds).toBe(289);
    const byProvider = step(connected(), leg('provider', 1, 'completed', 400, 3), ctx);
    expect(byProvider.state.phase).toBe('completed');
  });

  it('asks to end the conference when the time is up, and only then', () => {
    const up = step(connected(), { type: 'time_up', at: at(11 + 1200) }, ctx);
    expect(up.effects).toEqual([{ type: 'end_conference' }]);
    const early = step(initialCallState(), { type: 'time_up', at: at(5) }, ctx);
    expect(early.effects).toEqual([]);
    expect(early.ignored).toBeTruthy();
  });

  it("ends a consultation in progress at an admin's request as completed, and one being set up as failed", () => {
    const ended = step(connected(), { type: 'end', at: at(11 + 300) }, ctx);
    expect(ended.state).toMatchObject({ phase: 'completed', callSeconds: 300, endedAt: at(311) });
    expect(ended.effects).toEqual([{ type: 'end_conference' }, { type: 'complete' }]);

    const ringing = step(initialCallState(), { type: 'start', at: at(0) }, ctx).state;
    const stopped = step(ringing, { type: 'end', at: at(3) }, ctx);
    expect(stopped.state).toMatchObject({ phase: 'failed', failure: 'call_failed', endedAt: at(3) });
    expect(stopped.effects).toEqual([{ type: 'end_conference' }, { type: 'release' }]);

    const again = step(ended.state, { type: 'end', at: at(400) }, ctx);
    expect(again.effects).toEqual([]);
    expect(again.ignored).toBeTruthy();
  });

  it('retries an unanswered provider after the pause, and fails after 3 attempts with a release', () => {
    let state = step(initialCallState(), { type: 'start', at: at(0) }, ctx).state;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const noAnswer = step(state, leg('provider', attempt, 'no-answer', attempt * 100, 3), ctx);
      state = noAnswer.state;
      if (attempt < 3) {
        const retryAt = at(attempt * 100 + 30);
        expect(noAnswer.effects).toEqual([{ type: 'schedule', action: 'retry_due', at: retryAt }]);
        expect(step(state, { type: 'retry_due', at: at(attempt * 100 + 10) }, ctx).ignored).toBe(
          'retry not due yet',
        );
        const retry = step(state, { type: 'retry_due', at: retryAt }, ctx);
        expect(retry.effects).toEqual([{ type: 'place_call', leg: 'provider', attempt: attempt + 1 }]);
        state = retry.state;
        expect(state.retryAt).toBeUndefined();
      } else {
        expect(noAnswer.state).toMatchObject({ phase: 'failed', failure: 'provider_no_answer' });
        expect(noAnswer.effects).toEqual([{ type: 'release' }]);
      }
    }
  });

  it('counts busy, failed and a refused call request as unanswered attempts', () => {
    for (const status of ['busy', 'failed', 'canceled'] as const) {
      const started = step(initialCallState(), { type: 'start', at: at(0) }, ctx).state;
      const result = step(started, leg('provider', 1, status, 10, 2), ctx);
      expect(result.effects[0]).toMatchObject({ type: 'schedule', action: 'retry_due' });
    }
    const started = step(initialCallState(), { type: 'start', at: at(0) }, ctx).state;
    const refused = step(started, { type: 'place_failed', leg: 'provider', attempt: 1, at: at(1) }, ctx);
    expect(refused.effects[0]).toMatchObject({ type: 'schedule', action: 'retry_due' });
    // A second report of the same refusal while the retry waits changes nothing.
    expect(
      step(refused.state, { type: 'place_failed', leg: 'provider', attempt: 1, at: at(2) }, ctx).effects,
    ).toEqual([]);
  });

  it('fails with client_no_answer after 3 unanswered client calls, hanging up the waiting provider', () => {
    let state = run([{ type: 'start', at: at(0) }, leg('provider', 1, 'in-progress', 5, 2)]).state;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = step(state, leg('client', attempt, 'no-answer', attempt * 100, 2), ctx);
      state = result.state;
      if (attempt < 3) state = step(state, { type: 'retry_due', at: at(attempt * 100 + 30) }, ctx).state;
      else {
        expect(state).toMatchObject({ phase: 'failed', failure: 'client_no_answer' });
        expect(result.effects).toEqual([{ type: 'end_conference' }, { type: 'release' }]);
      }
    }
  });

  it('fails the call when the provider hangs up while the client is being called', () => {
    const calling = run([{ type: 'start', at: at(0) }, leg('provider', 1, 'in-progress', 5, 2)]).state;
    const result = step(calling, leg('provider', 1, 'completed', 20, 3), ctx);
    expect(result.state).toMatchObject({ phase: 'failed', failure: 'call_failed' });
    expect(result.effects).toEqual([{ type: 'end_conference' }, { type: 'release' }]);
  });

  it('fails the call when the client hangs up before the conference starts', () => {
    const connecting = run([
      { type: 'start', at: at(0) },
      leg('provider', 1, 'in-progress', 5, 2),
      leg('client', 1, 'in-progress', 9, 2),
    ]).state;
    expect(connecting.phase).toBe('connecting');
    const result = step(connecting, leg('client', 1, 'completed', 12, 3), ctx);
    expect(result.state).toMatchObject({ phase: 'failed', failure: 'call_failed' });
  });

  it('ignores a repeated callback and an older one arriving late', () => {
    const ringing = run([{ type: 'start', at: at(0) }, leg('provider', 1, 'ringing', 2, 1)]).state;
    const repeated = step(ringing, leg('provider', 1, 'ringing', 2, 1), ctx);
    expect(repeated.ignored).toBe('callback already applied or older');
    expect(repeated.state).toBe(ringing);

    // 'no-answer' (sequence 3) arrives before 'ringing' (sequence 1): the late ringing changes nothing.
    const started = step(initialCallState(), { type: 'start', at: at(0) }, ctx).state;
    const noAnswer = step(started, leg('provider', 1, 'no-answer', 30, 3), ctx);
    const late = step(noAnswer.state, leg('provider', 1, 'ringing', 2, 1), ctx);
    expect(late.ignored).toBeTruthy();
    expect(late.state.retryAt).toBe(noAnswer.state.retryAt);
  });

  it('applies a conference start that overtakes the client answered callback', () => {
    const calling = run([{ type: 'start', at: at(0) }, leg('provider', 1, 'in-progress', 5, 2)]).state;
    const started = step(calling, { type: 'conference', event: 'start', sequence: 0, at: at(10) }, ctx);
    expect(started.state.phase).toBe('in_progress');
    const late = step(started.state, leg('client', 1, 'in-progress', 9, 2), ctx);
    expect(late.state.phase).toBe('in_progress');
    expect(late.effects).toEqual([]);
    expect(
      step(late.state, { type: 'conference', event: 'start', sequence: 0, at: at(10) }, ctx).ignored,
    ).toBeTruthy();
  });

  it('records callbacks of an earlier attempt without acting on them', () => {
    const retrying = run([
      { type: 'start', at: at(0) },
      leg('provider', 1, 'no-answer', 30, 3),
      { type: 'retry_due', at: at(60) },
    ]).state;
    expect(retrying.attempt).toBe(2);
    const stale = step(retrying, leg('provider', 1, 'completed', 61, 4), ctx);
    expect(stale.effects).toEqual([]);
    expect(stale.state.phase).toBe('calling_provider');
  });

  it('refuses a callback whose leg or attempt does not match the call it names', () => {
    const ringing = run([{ type: 'start', at: at(0) }, leg('provider', 1, 'ringing', 2, 1)]).state;
    const result = step(ringing, leg('client', 1, 'in-progress', 3, 2, 'CA-provider-1'), ctx);
    expect(result.ignored).toBe('callback does not match the call');
  });

  it('changes nothing once the consultation is over', () => {
    const done = step(connected(), { type: 'conference', event: 'end', sequence: 1, at: at(700) }, ctx).state;
    for (const event of [
      { type: 'start', at: at(701) },
      { type: 'retry_due', at: at(702) },
      { type: 'time_up', at: at(703) },
      leg('client', 1, 'completed', 704, 9),
      { type: 'conference', event: 'end', sequence: 2, at: at(705) },
    ] satisfies CallEvent[]) {
      const result = step(done, event, ctx);
      expect(result.state.phase).toBe('completed');
      expect(result.effects).toEqual([]);
    }
  });

  it('does not retry when nothing waits, nor start a conference without a client', () => {
    const started = step(initialCallState(), { type: 'start', at: at(0) }, ctx).state;
    expect(step(started, { type: 'retry_due', at: at(100) }, ctx).ignored).toBe('no attempt to retry');
    const early = step(started, { type: 'conference', event: 'start', sequence: 0, at: at(3) }, ctx);
    expect(early.effects).toEqual([]);
    expect(early.state.phase).toBe('calling_provider');
  });
});
