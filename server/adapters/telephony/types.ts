/**
 * The telephony seam: Twilio Voice (`twilio.ts`) or the simulated telephony of demo mode
 * (`simulated.ts`). Both report what happens to a call as `LegEvent`s given to the consultation
 * service (Twilio through its signed status callbacks, the simulation directly), which keys its state
 * machine on each call's callback sequence number.
 */
import type { LegStatus } from '../../../src/domain/call-machine';

export type TelephonyKind = 'twilio' | 'simulated';

export type PlaceCall = {
  orderId: string;
  leg: 'provider' | 'client';
  attempt: number;
  /** E.164 */
  to: string;
  /** The conference both legs join: named after the order. */
  conference: string;
  /** How long the phone rings before the attempt counts as unanswered, in seconds. */
  ringSeconds: number;
  /** The longest the leg may last once answered, in seconds (the consultation's duration plus the wait). */
  timeLimitSeconds: number;
  /** The provider waits in the conference for the client; the conference starts when the client joins. */
  startConferenceOnEnter: boolean;
};

/** A status change of one call (leg), in Twilio's vocabulary. */
export type LegEvent = {
  kind: 'leg';
  orderId: string;
  leg: 'provider' | 'client';
  attempt: number;
  callSid: string;
  /** The callback's sequence number for this call (Twilio's `SequenceNumber`), 0 first. */
  sequence: number;
  status: LegStatus;
  /** Seconds the call lasted, on `completed`. */
  durationSeconds?: number;
  at: string;
};

/** The conference started (both in it) or ended. */
export type ConferenceEvent = {
  kind: 'conference';
  orderId: string;
  conferenceSid: string;
  sequence: number;
  event: 'start' | 'end';
  at: string;
};

export type TelephonyEvent = LegEvent | ConferenceEvent;

export interface Telephony {
  readonly kind: TelephonyKind;
  /** Asks for a call; answers the call's id. Status changes arrive later as events. */
  placeCall(call: PlaceCall): Promise<{ callSid: string }>;
  /** Ends the order's conference (time is up), hanging up both legs. Harmless when already ended. */
  endConference(orderId: string): Promise<void>;
  /** Hangs up one call, ringing or answered. Harmless when it has already ended. */
  hangUp(callSid: string): Promise<void>;
  /** The current status of a call, when no callback arrived (after a restart). */
  fetchCall(callSid: string): Promise<{ status: LegStatus; durationSeconds?: number }>;
}

/** Where the simulation and the Twilio webhooks hand events to (the consultation service). */
export type TelephonyEventSink = (event: TelephonyEvent) => Promise<void>;
