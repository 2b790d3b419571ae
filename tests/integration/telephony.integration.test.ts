/**
 * The Twilio telephony against a local server speaking Twilio's REST wire format, through the real
 * SDK: the call request and its TwiML, ending the order's conference, reading a call's status. Then
 * the status callbacks: signed like Twilio's, checked, turned into events for the consultation
 * service; forged or altered ones go no further.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioTelephony } from '../../server/adapters/telephony/twilio';
import type { PlaceCall, Telephony, TelephonyEvent } from '../../server/adapters/telephony/types';
import type { Config } from '../../server/config/env';
import { errorHandler } from '../../server/http/errors';
import { twilioWebhookRouter } from '../../server/http/twilio-webhooks';
import { initialCallState, step } from '../../src/domain/call-machine';
import type { CallEvent, CallState } from '../../src/domain/call-machine';
import {
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_FROM_NUMBER,
  callback,
  startFakeTwilio,
} from '../support/fake-twilio';
import type { FakeTwilio } from '../support/fake-twilio';

const twilioConfig = {
  accountSid: TEST_ACCOUNT_SID,
  authToken: TEST_AUTH_TOKEN,
  fromNumber: TEST_FROM_NUMBER,
};

let fake: FakeTwilio;
let server: Server;
let publicUrl: string;
let telephony: Telephony;
const received: TelephonyEvent[] = [];
let sinkFailure: Error | undefined;

beforeAll(async () => {
  fake = await startFakeTwilio();
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: Pick<Config, 'twilio' | 'publicUrl'> = { twilio: twilioConfig, publicUrl };
  const sink = async (event: TelephonyEvent) => {
    if (sinkFailure) throw sinkFailure;
    received.push(event);
  };
  const app = express();
  app.use('/api', twilioWebhookRouter({ config, sink }));
  app.use('/demo/api', twilioWebhookRouter({ config: { twilio: undefined, publicUrl }, sink }));
  app.use(errorHandler);
  server.on('request', app);
  telephony = createTwilioTelephony({ publicUrl, twilio: twilioConfig }, { httpClient: fake.httpClient() });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fake.close();
});

beforeEach(() => {
  received.length = 0;
  fake.requests.length = 0;
  sinkFailure = undefined;
});

const providerCall: PlaceCall = {
  orderId: 'ord_7Hq2',
  leg: 'provider',
  attempt: 1,
  to: '+33612345678',
  conference: 'order-ord_7Hq2',
  ringSeconds: 45,
  timeLimitSeconds: 25 * 60,
  startConferenceOnEnter: false,
};

describe('Twilio telephony (real SDK, local Twilio API)', () => {
  it('places a call into the order’s conference, with callbacks carrying the order, leg and attempt', async () => {
    const { callSid } = await telephony.placeCall(providerCall);

    expect(callSid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(fake.calls.has(callSid)).toBe(true);
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Calls.json`);
    expect(request.auth).toEqual({ username: TEST_ACCOUNT_SID, password: TEST_AUTH_TOKEN });
    const form = request.form;
    expect(form.get('To')).toBe('+33612345678');
    expect(form.get('From')).toBe(TEST_FROM_NUMBER);
    expect(form.get('Timeout')).toBe('45');
    expect(form.get('TimeLimit')).toBe('1500');
    expect(form.get('StatusCallback')).toBe(
      `${publicUrl}/api/webhooks/twilio/call?order=ord_7Hq2&leg=provider&attempt=1`,
    );
    expect(form.get('StatusCallbackMethod')).toBe('POST');
    expect(form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);

    const twiml = form.get('Twiml')!;
    expect(twiml).toContain('<Say>Please hold, we are calling your client.</Say>');
    const conference = /<Dial><Conference ([^>]*)>([^<]*)<\/Conference><\/Dial>/.exec(twiml);
    expect(conference?.[2]).toBe('order-ord_7Hq2');
    const attributes = Object.fromEntries(
      [...conference![1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]!.replaceAll('&amp;', '&')]),
    );
    expect(attributes).toEqual({
      startConferenceOnEnter: 'false',
      endConferenceOnExit: 'true',
      beep: 'false',
      statusCallback: `${publicUrl}/api/webhooks/twilio/conference?order=ord_7Hq2`,
      statusCallbackMethod: 'POST',
      statusCallbackEvent: 'start end',
    });
  });

  it('starts the conference when the client joins, without the provider’s notice', async () => {
    await telephony.placeCall({ ...providerCall, leg: 'client', attempt: 2, startConferenceOnEnter: true });

    const form = fake.requests.at(-1)!.form;
    expect(form.get('StatusCallback')).toBe(
      `${publicUrl}/api/webhooks/twilio/call?order=ord_7Hq2&leg=client&attempt=2`,
    );
    const twiml = form.get('Twiml')!;
    expect(twiml).not.toContain('<Say>');
    expect(twiml).toContain('startConferenceOnEnter="true"');
    expect(twiml).toContain('>order-ord_7Hq2</Conference>');
  });

  it('passes on Twilio’s refusal of a call (the attempt counts as failed)', async () => {
    await expect(telephony.placeCall({ ...providerCall, to: '12345' })).rejects.toMatchObject({
      status: 400,
      code: 21211,
    });
  });

  it('refuses a conference name that endConference could not find again', async () => {
    await expect(telephony.placeCall({ ...providerCall, conference: 'room-1' })).rejects.toThrow(
      /order-ord_7Hq2/,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('ends the order’s conference, started or still waiting for the client, and only that one', async () => {
    const live = fake.addConference('order-ord_end1');
    const earlier = fake.addConference('order-ord_end1', 'completed');
    const other = fake.addConference('order-ord_other');
    const waiting = fake.addConference('order-ord_end2', 'init');

    await telephony.endConference('ord_end1');

    const lists = fake.requests.filter((r) => r.method === 'GET');
    expect(lists.map((r) => r.path)).toEqual([
      `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Conferences.json`,
      `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Conferences.json`,
    ]);
    expect(lists.map((r) => Object.fromEntries(r.query))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ FriendlyName: 'order-ord_end1', Status: 'init' }),
        expect.objectContaining({ FriendlyName: 'order-ord_end1', Status: 'in-progress' }),
      ]),
    );
    const updates = fake.requests.filter((r) => r.method === 'POST');
    expect(updates.map((r) => r.path)).toEqual([
      `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Conferences/${live.sid}.json`,
    ]);
    expect(updates[0]!.form.get('Status')).toBe('completed');
    expect(live.status).toBe('completed');
    expect(earlier.status).toBe('completed');
    expect(other.status).toBe('in-progress');

    await telephony.endConference('ord_end2');
    expect(waiting.status).toBe('completed');
  });

  it('ending a conference that already ended (or never began) changes nothing', async () => {
    await expect(telephony.endConference('ord_none')).resolves.toBeUndefined();
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('reads a call’s status and, once completed, its duration', async () => {
    const { callSid } = await telephony.placeCall(providerCall);
    expect(await telephony.fetchCall(callSid)).toEqual({ status: 'queued' });

    const call = fake.calls.get(callSid)!;
    for (const status of ['ringing', 'in-progress', 'no-answer', 'busy', 'failed', 'canceled']) {
      call.status = status;
      expect(await telephony.fetchCall(callSid)).toEqual({ status });
    }
    call.status = 'completed';
    call.duration = '1187';
    expect(await telephony.fetchCall(callSid)).toEqual({ status: 'completed', durationSeconds: 1187 });

    call.status = 'on-hold-forever';
    await expect(telephony.fetchCall(callSid)).rejects.toThrow(/unknown call status/);
    await expect(telephony.fetchCall('CA' + '0'.repeat(32))).rejects.toMatchObject({ status: 404 });
  });
});

const callUrl = (query = 'order=ord_7Hq2&leg=provider&attempt=1') =>
  `${publicUrl}/api/webhooks/twilio/call?${query}`;
const conferenceUrl = (order = 'ord_7Hq2') => `${publicUrl}/api/webhooks/twilio/conference?order=${order}`;

/** The fields Twilio posts to a call's status callback. */
function callFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    AccountSid: TEST_ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    CallSid: 'CA' + 'a1'.repeat(16),
    CallStatus: 'ringing',
    CallbackSource: 'call-progress-events',
    Called: '+33612345678',
    Caller: TEST_FROM_NUMBER,
    Direction: 'outbound-api',
    From: TEST_FROM_NUMBER,
    SequenceNumber: '1',
    Timestamp: 'Tue, 10 Mar 2026 14:03:07 +0000',
    To: '+33612345678',
    ...overrides,
  };
}

function conferenceFields(event: string, sequence: string): Record<string, string> {
  return {
    AccountSid: TEST_ACCOUNT_SID,
    ConferenceSid: 'CF' + 'b2'.repeat(16),
    FriendlyName: 'order-ord_7Hq2',
    StatusCallbackEvent: event,
    SequenceNumber: sequence,
    Timestamp: 'Tue, 10 Mar 2026 14:04:00 +0000',
    ...(event.startsWith('participant')
      ? { CallSid: 'CA' + 'a1'.repeat(16), Muted: 'false', Hold: 'false' }
      : {}),
  };
}

describe('Twilio status callbacks', () => {
  it('hands a signed call callback to the service as a leg event', async () => {
    const response = await callback(callUrl(), callFields());

    expect(response.status).toBe(204);
    expect(received).toEqual([
      {
        kind: 'leg',
        orderId: 'ord_7Hq2',
        leg: 'provider',
        attempt: 1,
        callSid: 'CA' + 'a1'.repeat(16),
        sequence: 1,
        status: 'ringing',
        at: '2026-03-10T14:03:07.000Z',
      },
    ]);
  });

  it('reads the duration of a completed call, and dates a callback without Timestamp on arrival', async () => {
    const { Timestamp: _none, ...fields } = callFields({
      CallStatus: 'completed',
      CallDuration: '1187',
      SequenceNumber: '3',
    });
    const before = Date.now();
    expect((await callback(callUrl('order=ord_7Hq2&leg=client&attempt=3'), fields)).status).toBe(204);

    const [event] = received;
    expect(event).toMatchObject({
      leg: 'client',
      attempt: 3,
      sequence: 3,
      status: 'completed',
      durationSeconds: 1187,
    });
    expect(Date.parse(event!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(event!.at)).toBeLessThanOrEqual(Date.now());
  });

  it('follows a call placed through the adapter: Twilio calls back the URL the call was given', async () => {
    const { callSid } = await telephony.placeCall(providerCall);
    const statusCallback = fake.calls.get(callSid)!.form.get('StatusCallback')!;

    expect(
      (
        await callback(
          statusCallback,
          callFields({ CallSid: callSid, CallStatus: 'initiated', SequenceNumber: '0' }),
        )
      ).status,
    ).toBe(204);
    expect(received).toMatchObject([
      {
        kind: 'leg',
        orderId: 'ord_7Hq2',
        leg: 'provider',
        attempt: 1,
        callSid,
        sequence: 0,
        status: 'initiated',
      },
    ]);
  });

  it('refuses altered fields, another URL, another key or no signature, and passes nothing on', async () => {
    const fields = callFields();
    const tampered = await callback(
      callUrl(),
      { ...fields, CallStatus: 'completed' },
      { signed: { params: fields } },
    );
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toEqual({
      error: { code: 'invalid_signature', message: 'The request signature does not match.' },
    });

    const added = await callback(
      callUrl(),
      { ...fields, CallDuration: '9999' },
      { signed: { params: fields } },
    );
    expect(added.status).toBe(403);

    // Signed for another order's URL, replayed against this one.
    const otherUrl = callUrl('order=ord_other&leg=provider&attempt=1');
    expect((await callback(callUrl(), fields, { signed: { url: otherUrl } })).status).toBe(403);
    // Signed for the service's URL behind another host name.
    expect(
      (
        await callback(callUrl(), fields, {
          signed: { url: callUrl().replace(publicUrl, 'https://evil.example') },
        })
      ).status,
    ).toBe(403);
    expect((await callback(callUrl(), fields, { authToken: 'another-account-token-000' })).status).toBe(403);

    const unsigned = await fetch(callUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(unsigned.status).toBe(403);

    const conference = conferenceFields('conference-start', '1');
    expect(
      (
        await callback(conferenceUrl(), conference, {
          signed: { params: { ...conference, SequenceNumber: '0' } },
        })
      ).status,
    ).toBe(403);
    expect(received).toEqual([]);
  });

  it('passes a repeated callback on again, and the call state machine applies it once', async () => {
    const ctx = { maxAttempts: 3, retryDelayMs: 30_000, durationMinutes: 20 };
    const callSid = 'CA' + 'a1'.repeat(16);
    let state: CallState = initialCallState();
    state = step(state, { type: 'start', at: '2026-03-10T14:02:50.000Z' }, ctx).state;
    state = step(
      state,
      { type: 'call_placed', leg: 'provider', attempt: 1, callSid, at: '2026-03-10T14:02:51.000Z' },
      ctx,
    ).state;

    const answered = callFields({ CallStatus: 'in-progress', SequenceNumber: '2' });
    expect((await callback(callUrl(), answered)).status).toBe(204);
    expect((await callback(callUrl(), answered)).status).toBe(204);
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual(received[0]);

    const results = received.map((event) => {
      const result = step(state, asCallEvent(event), ctx);
      state = result.state;
      return result;
    });
    expect(results[0]!.effects).toEqual([{ type: 'place_call', leg: 'client', attempt: 1 }]);
    expect(results[1]!.effects).toEqual([]);
    expect(results[1]!.ignored).toBe('callback already applied or older');
    expect(state.phase).toBe('calling_client');
  });

  it('maps the conference’s start and end, and ignores its participants’ comings and goings', async () => {
    for (const [event, sequence] of [
      ['participant-join', '1'],
      ['conference-start', '2'],
      ['participant-leave', '3'],
      ['conference-end', '4'],
    ] as const) {
      expect((await callback(conferenceUrl(), conferenceFields(event, sequence))).status).toBe(204);
    }

    expect(received).toEqual([
      {
        kind: 'conference',
        orderId: 'ord_7Hq2',
        conferenceSid: 'CF' + 'b2'.repeat(16),
        sequence: 2,
        event: 'start',
        at: '2026-03-10T14:04:00.000Z',
      },
      {
        kind: 'conference',
        orderId: 'ord_7Hq2',
        conferenceSid: 'CF' + 'b2'.repeat(16),
        sequence: 4,
        event: 'end',
        at: '2026-03-10T14:04:00.000Z',
      },
    ]);
  });

  it('refuses a signed callback it cannot read (400), passing nothing on', async () => {
    const { SequenceNumber: _none, ...withoutSequence } = callFields();
    const cases: [string, Record<string, string>][] = [
      [callUrl(), withoutSequence],
      [callUrl(), callFields({ SequenceNumber: 'two' })],
      [callUrl(), callFields({ CallStatus: 'on-hold' })],
      [callUrl(), callFields({ CallSid: '' })],
      [callUrl(), callFields({ CallStatus: 'completed', CallDuration: '-4' })],
      [callUrl('order=ord_7Hq2&leg=expert&attempt=1'), callFields()],
      [callUrl('order=ord_7Hq2&leg=provider&attempt=0'), callFields()],
      [callUrl('order=ord_7Hq2&leg=provider&attempt=11'), callFields()],
      [callUrl('order=ord_7Hq2&leg=provider'), callFields()],
      [callUrl('order=..%2Fadmin&leg=provider&attempt=1'), callFields()],
      [callUrl(`order=${'x'.repeat(65)}&leg=provider&attempt=1`), callFields()],
      [conferenceUrl('bad%20id'), conferenceFields('conference-start', '1')],
      [conferenceUrl(), { ...conferenceFields('conference-start', '1'), SequenceNumber: '' }],
    ];
    for (const [url, fields] of cases) {
      const response = await callback(url, fields);
      expect({ url, fields, status: response.status }).toEqual({ url, fields, status: 400 });
      expect((await response.json()).error.code).toBe('invalid_callback');
    }
    expect(received).toEqual([]);
  });

  it('answers 500 when the service could not apply the event, so that it comes again', async () => {
    sinkFailure = new Error('store unavailable');
    const response = await callback(callUrl(), callFields());
    expect(response.status).toBe(500);
    expect(received).toEqual([]);

    sinkFailure = undefined;
    expect((await callback(callUrl(), callFields())).status).toBe(204);
    expect(received).toHaveLength(1);
  });

  it('does not exist without a Twilio account (demo mode)', async () => {
    const url = `${publicUrl}/demo/api/webhooks/twilio/call?order=ord_7Hq2&leg=provider&attempt=1`;
    const response = await callback(url, callFields());
    expect(response.status).toBe(404);
    expect(received).toEqual([]);
  });
});

function asCallEvent(event: TelephonyEvent): CallEvent {
  if (event.kind === 'conference') {
    return { type: 'conference', event: event.event, sequence: event.sequence, at: event.at };
  }
  const { kind: _kind, orderId: _orderId, ...leg } = event;
  return { type: 'leg', ...leg };
}
