/**
 * Twilio Voice behind the telephony seam. Each leg is an outbound call whose TwiML puts the callee
 * in the order's conference: the provider waits there (the conference does not start on their
 * entry), the client's entry starts it, and either one leaving ends it. Twilio reports each call's
 * progress, and the conference's start and end, to the signed status callbacks of
 * `server/http/twilio-webhooks.ts`, whose URLs carry the order, the leg and the attempt.
 *
 * `httpClient` is for tests: a `RequestClient` subclass that sends the SDK's requests to a local
 * server speaking Twilio's REST wire format (DESIGN.md, "Known traps").
 */
import type twilio from 'twilio';
import { twilioSdk } from '../sdks';
import type { Config } from '../../config/env';
import { isLegStatus } from '../../../src/domain/call-machine';
import type { LegStatus } from '../../../src/domain/call-machine';
import { conferenceNameOf } from './conference';
import type { PlaceCall, Telephony } from './types';

export type TwilioConfig = Pick<Config, 'publicUrl'> & { twilio: NonNullable<Config['twilio']> };

const PROVIDER_GREETING = 'Please hold, we are calling your client.';

export function createTwilioTelephony(
  config: TwilioConfig,
  options: { httpClient?: twilio.RequestClient } = {},
): Telephony {
  const { accountSid, authToken, fromNumber } = config.twilio;
  const client = twilioSdk()(
    accountSid,
    authToken,
    options.httpClient ? { httpClient: options.httpClient } : {},
  );
  const webhooks = `${config.publicUrl}/api/webhooks/twilio`;

  return {
    kind: 'twilio',

    async placeCall(call) {
      // endConference finds the conference by this name: any other would leave it running.
      if (call.conference !== conferenceNameOf(call.orderId)) {
        throw new Error(
          `The conference of order ${call.orderId} must be named ${conferenceNameOf(call.orderId)}.`,
        );
      }
      const query = new URLSearchParams({
        order: call.orderId,
        leg: call.leg,
        attempt: String(call.attempt),
      });
      const created = await client.calls.create({
        to: call.to,
        from: fromNumber,
        twiml: conferenceTwiml(
          call,
          `${webhooks}/conference?${new URLSearchParams({ order: call.orderId })}`,
        ),
        timeout: call.ringSeconds,
        timeLimit: call.timeLimitSeconds,
        statusCallback: `${webhooks}/call?${query}`,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      });
      return { callSid: created.sid };
    },

    async endConference(orderId) {
      // A conference waiting for the client (the provider alone, on hold) is still `init`: it must
      // end too, or the provider would wait on hold until the call's time limit.
      const lists = await Promise.all(
        (['init', 'in-progress'] as const).map((status) =>
          client.conferences.list({ friendlyName: conferenceNameOf(orderId), status }),
        ),
      );
      const conferences = lists.flat();
      // By its sid, not `conference.update()`: twilio 6.2.0's listed instances lack their sid in the
      // path (`Parameter 'sid' is not valid.`).
      await Promise.all(
        conferences.map((conference) => client.conferences(conference.sid).update({ status: 'completed' })),
      );
    },

    async hangUp(callSid) {
      // A ringing call is cancelled, an answered one completed; one already over stays as it is.
      const call = await client.calls(callSid).fetch();
      const status = legStatusOf(call.status);
      if (status === 'queued' || status === 'initiated' || status === 'ringing')
        await client.calls(callSid).update({ status: 'canceled' });
      else if (status === 'in-progress') await client.calls(callSid).update({ status: 'completed' });
    },

    async fetchCall(callSid) {
      const call = await client.calls(callSid).fetch();
      return { status: legStatusOf(call.status), ...durationOf(call.status, call.duration) };
    },
  };
}

/** The TwiML of a leg: straight into the order's conference, the provider after a short notice. */
export function conferenceTwiml(call: PlaceCall, conferenceCallback: string): string {
  const response = new (twilioSdk().twiml.VoiceResponse)();
  if (!call.startConferenceOnEnter) response.say(PROVIDER_GREETING);
  response.dial().conference(
    {
      startConferenceOnEnter: call.startConferenceOnEnter,
      endConferenceOnExit: true,
      beep: 'false',
      statusCallback: conferenceCallback,
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['start', 'end'],
    },
    call.conference,
  );
  return response.toString();
}

function legStatusOf(status: string): LegStatus {
  if (isLegStatus(status)) return status;
  // Better to stop than to guess: a wrong final status would release a payment for a live call.
  throw new Error(`Twilio reported an unknown call status: ${status}`);
}

function durationOf(status: string, duration: string | null | undefined): { durationSeconds?: number } {
  const seconds = Number(duration);
  return status === 'completed' && duration != null && Number.isInteger(seconds) && seconds >= 0
    ? { durationSeconds: seconds }
    : {};
}
