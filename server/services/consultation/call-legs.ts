/**
 * The telephony side of a consultation: placing each leg's call (to the provider's number, on the
 * order's own terms), ending the conference and every call still live, the countdown's guess of
 * when the client's phone rings, and the call log an admin reads. consultations.ts decides when;
 * this carries it out. Placing is idempotent per leg and attempt: a call placed before a restart
 * is not placed again (its callbacks tell what happened to it).
 */
import { randomBytes } from 'node:crypto';
import { isFinalLegStatus } from '../../../src/domain/call-machine';
import type { CallEvent } from '../../../src/domain/call-machine';
import type { PlatformSettings } from '../../../src/domain/config';
import { DEFAULT_CALL_TIMEOUT } from '../../../src/domain/constants';
import { DEMO_PROVIDER_NUMBERS } from '../../../src/domain/demo-mode';
import { PROFILE_ID } from '../../../src/domain/mine';
import type { Profile } from '../../../src/domain/mine';
import { userDbName } from '../../../src/domain/user-db';
import type { Telephony } from '../../adapters/telephony/types';
import type { Config } from '../../config/env';
import { getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredCall, StoredOrder } from './types';

/** How long after the provider's phone starts ringing the client's is expected to (the countdown's guess). */
const PROVIDER_PICKUP_ESTIMATE_SECONDS = 45;
/** Extra time a provider's leg may last beyond the consultation: the wait while the client is called. */
const PROVIDER_WAIT_SECONDS = 10 * 60;
const CLIENT_SLACK_SECONDS = 60;

type CallLog = {
  _id: string;
  type: 'call_log';
  callId: string;
  clientId: string;
  providerId: string;
  createdAt: string;
  timestamp: string;
  data: Record<string, unknown>;
};

export type CallLegOptions = {
  store: Store;
  config: Config;
  telephony: Telephony;
  now: () => Date;
  log: (message: string, error?: unknown) => void;
};

export function createCallLegs({ store, config, telephony, now, log }: CallLegOptions) {
  async function settings(): Promise<Partial<PlatformSettings>> {
    const doc = await getOrUndefined(store.db<{ value?: Partial<PlatformSettings> }>('config'), 'settings');
    return doc?.value ?? {};
  }

  function pickupEstimateMs(): number {
    return (
      (telephony.kind === 'simulated'
        ? config.simulation.ringSeconds + 1
        : PROVIDER_PICKUP_ESTIMATE_SECONDS) * 1000
    );
  }

  async function callLog(order: StoredOrder, event: CallEvent, phase: string, ignored?: string) {
    const at = now().toISOString();
    const doc: CallLog = {
      _id: `call_log:${order.orderId}:${Date.now()}:${randomBytes(3).toString('hex')}`,
      type: 'call_log',
      callId: order.orderId,
      clientId: order.client.uid,
      providerId: order.provider.id,
      createdAt: at,
      timestamp: at,
      data: { ...event, phase, ...(ignored ? { ignored } : {}) },
    };
    await store
      .db('logs')
      .insert(doc)
      .catch((error: unknown) => log('could not write a call log', error));
  }

  /**
   * Ends the conference and hangs up every call still live: a client's phone may still be ringing
   * when the provider hangs up, and would otherwise be answered into an empty conference.
   */
  async function endCalls(orderId: string, call: StoredCall) {
    await telephony.endConference(orderId);
    for (const leg of Object.values(call.state.calls)) {
      if (!isFinalLegStatus(leg.status)) await telephony.hangUp(leg.callSid);
    }
  }

  async function placeCall(
    order: StoredOrder,
    call: StoredCall,
    leg: 'provider' | 'client',
    attempt: number,
    followUps: CallEvent[],
  ) {
    // Placed before a restart: its callbacks will tell what happened to it.
    if (Object.values(call.state.calls).some((c) => c.leg === leg && c.attempt === attempt)) return;
    const at = () => now().toISOString();
    const to = leg === 'client' ? order.booking.phone : await providerNumber(order);
    if (!to) {
      log(`no phone number for the ${leg} of ${order.orderId}`);
      followUps.push({ type: 'place_failed', leg, attempt, at: at() });
      return;
    }
    // The order's own terms: a change of the settings since it was placed does not reach it.
    const terms = order.callTerms ?? (await settings());
    const ringSeconds = terms.callTimeout ?? DEFAULT_CALL_TIMEOUT;
    const duration = Math.min(order.quote.durationMinutes, terms.maxCallDuration ?? Infinity) * 60;
    try {
      const { callSid } = await telephony.placeCall({
        orderId: order.orderId,
        leg,
        attempt,
        to,
        conference: `order-${order.orderId}`,
        ringSeconds,
        timeLimitSeconds: duration + (leg === 'provider' ? PROVIDER_WAIT_SECONDS : CLIENT_SLACK_SECONDS),
        startConferenceOnEnter: leg === 'client',
      });
      followUps.push({ type: 'call_placed', leg, attempt, callSid, at: at() });
    } catch (error) {
      log(`the telephony refused the ${leg} call of ${order.orderId} (attempt ${attempt})`, error);
      followUps.push({ type: 'place_failed', leg, attempt, at: at() });
    }
  }

  /**
   * The provider's number: the demo line chosen at checkout (simulated telephony only), the phone of
   * the provider's own record, or, for a demo provider without an account, a test line that answers.
   */
  async function providerNumber(order: StoredOrder): Promise<string | undefined> {
    if (telephony.kind === 'simulated' && order.demoProviderLine)
      return DEMO_PROVIDER_NUMBERS[order.demoProviderLine];
    if (order.provider.hasAccount) {
      const profile = await getOrUndefined(store.db<Profile>(userDbName(order.provider.id)), PROFILE_ID);
      if (profile?.phone) return profile.phone;
    }
    return telephony.kind === 'simulated' ? DEMO_PROVIDER_NUMBERS.answers : undefined;
  }

  /** Asks the telephony about calls left without a final status: their final statuses, as leg events. */
  async function missedLegEvents(call: StoredCall): Promise<CallEvent[]> {
    const events: CallEvent[] = [];
    for (const leg of Object.values(call.state.calls)) {
      if (isFinalLegStatus(leg.status)) continue;
      const answer = await telephony.fetchCall(leg.callSid).catch((error: unknown) => {
        log(`could not ask the telephony about ${leg.callSid}`, error);
        return undefined;
      });
      if (!answer || !isFinalLegStatus(answer.status)) continue;
      events.push({
        type: 'leg',
        leg: leg.leg,
        attempt: leg.attempt,
        callSid: leg.callSid,
        sequence: leg.sequence + 1,
        status: answer.status,
        ...(answer.durationSeconds !== undefined ? { durationSeconds: answer.durationSeconds } : {}),
        at: now().toISOString(),
      });
    }
    return events;
  }

  return { callLog, pickupEstimateMs, placeCall, endCalls, missedLegEvents };
}
