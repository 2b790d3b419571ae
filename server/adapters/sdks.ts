/**
 * Twilio's and Stripe's SDKs, loaded the first time they are used rather than when the service
 * starts: with the simulated payments and telephony (`npm start`, most tests) they are never used,
 * and loading them took about 280 ms of every start (a test file on a CouchDB cluster, each process
 * a crash test spawns). Loaded with `require`, so that whoever uses them stays synchronous.
 */
import { createRequire } from 'node:module';
import type StripeSdk from 'stripe';
import type TwilioSdk from 'twilio';

const load = createRequire(import.meta.url);

let stripe: typeof StripeSdk | undefined;
let twilio: typeof TwilioSdk | undefined;

export function stripeSdk(): typeof StripeSdk {
  return (stripe ??= load('stripe') as typeof StripeSdk);
}

export function twilioSdk(): typeof TwilioSdk {
  return (twilio ??= load('twilio') as typeof TwilioSdk);
}
