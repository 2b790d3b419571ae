/**
 * Picks the telephony: Twilio Voice when `TWILIO_*` is configured, the simulation of demo mode
 * otherwise. With Twilio, events come back through the webhooks (server/http/twilio-webhooks.ts),
 * which the caller wires to the same sink.
 */
import type { Config } from '../../config/env';
import { createSimulatedTelephony } from './simulated';
import { createTwilioTelephony } from './twilio';
import type { Telephony, TelephonyEventSink } from './types';

/** `stop()` ends the simulation's timers; it does nothing with Twilio. */
export function createTelephony(config: Config, sink: TelephonyEventSink): Telephony & { stop(): void } {
  if (config.twilio) {
    return { ...createTwilioTelephony({ publicUrl: config.publicUrl, twilio: config.twilio }), stop() {} };
  }
  return createSimulatedTelephony(config.simulation, sink);
}
