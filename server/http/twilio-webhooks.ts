/**
 * Twilio's status callbacks: `POST /api/webhooks/twilio/call?order=&leg=&attempt=` for each call's
 * progress and `POST /api/webhooks/twilio/conference?order=` for the order's conference. Each one is
 * checked against its `X-Twilio-Signature` (an HMAC of the URL Twilio called and the form fields,
 * keyed with the auth token), turned into a telephony event and handed to the sink.
 *
 * The answer waits for the sink: a 2xx only once the event is applied, a 500 if it could not be, so
 * Twilio's retry (or the service's own look-up) gets another chance. Repeated or late callbacks are
 * passed on as they come: the call state machine ignores any whose sequence number it has seen.
 * These routes carry no browser cookie and are exempt from the CSRF header check (csrf.ts).
 */
import express from 'express';
import type { Request, Response, Router } from 'express';
import { isLegStatus } from '../../src/domain/call-machine';
import type { Config } from '../config/env';
import { twilioSdk } from '../adapters/sdks';
import type { ConferenceEvent, LegEvent, TelephonyEventSink } from '../adapters/telephony/types';
import { sendError } from './errors';
import { logError } from '../log';

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SID = /^[A-Za-z0-9]{2,64}$/;
const MAX_ATTEMPT = 10;

type Fields = Record<string, string | string[] | undefined>;

export function twilioWebhookRouter({
  config,
  sink,
}: {
  config: Pick<Config, 'twilio' | 'publicUrl'>;
  sink: TelephonyEventSink;
}): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });

  router.post('/webhooks/twilio/call', form, async (req, res) => {
    const fields = signedFields(req, res, config);
    if (!fields) return;
    const event = legEventOf(req, fields);
    if (typeof event === 'string') return sendError(res, 400, 'invalid_callback', event);
    await deliver(res, sink, event);
  });

  router.post('/webhooks/twilio/conference', form, async (req, res) => {
    const fields = signedFields(req, res, config);
    if (!fields) return;
    const event = conferenceEventOf(req, fields);
    if (typeof event === 'string') return sendError(res, 400, 'invalid_callback', event);
    // Participants joining, leaving, muting…: nothing the consultation acts on.
    if (!event) return res.status(204).end();
    await deliver(res, sink, event);
  });

  return router;
}

/** The callback's form fields once its signature holds; otherwise answered (404 or 403) and undefined. */
function signedFields(req: Request, res: Response, config: Pick<Config, 'twilio' | 'publicUrl'>) {
  if (!config.twilio) {
    sendError(res, 404, 'not_found', 'No such API endpoint.');
    return undefined;
  }
  const fields = (req.body ?? {}) as Fields;
  const signature = req.header('X-Twilio-Signature') ?? '';
  // Twilio signs the URL it called: the public one, not what a proxy in front of us forwarded.
  const url = config.publicUrl + req.originalUrl;
  if (!signature || !twilioSdk().validateRequest(config.twilio.authToken, signature, url, fields)) {
    sendError(res, 403, 'invalid_signature', 'The request signature does not match.');
    return undefined;
  }
  return fields;
}

async function deliver(res: Response, sink: TelephonyEventSink, event: LegEvent | ConferenceEvent) {
  try {
    await sink(event);
  } catch (error) {
    logError('[twilio] callback not applied:', error);
    return sendError(res, 500, 'internal', 'The callback could not be applied; try again.');
  }
  res.status(204).end();
}

function legEventOf(req: Request, fields: Fields): LegEvent | string {
  const orderId = queryText(req, 'order');
  if (!orderId || !ORDER_ID.test(orderId)) return 'order is missing or malformed.';
  const leg = queryText(req, 'leg');
  if (leg !== 'provider' && leg !== 'client') return 'leg must be provider or client.';
  const attempt = wholeNumber(queryText(req, 'attempt'));
  if (attempt === undefined || attempt < 1 || attempt > MAX_ATTEMPT)
    return 'attempt is missing or malformed.';
  const callSid = field(fields, 'CallSid');
  if (!callSid || !SID.test(callSid)) return 'CallSid is missing or malformed.';
  const sequence = wholeNumber(field(fields, 'SequenceNumber'));
  if (sequence === undefined) return 'SequenceNumber is missing or malformed.';
  const status = field(fields, 'CallStatus');
  if (!isLegStatus(status)) return 'CallStatus is missing or unknown.';
  const durationText = field(fields, 'CallDuration');
  const durationSeconds = wholeNumber(durationText);
  if (durationText !== undefined && durationSeconds === undefined) return 'CallDuration is malformed.';
  return {
    kind: 'leg',
    orderId,
    leg,
    attempt,
    callSid,
    sequence,
    status,
    ...(durationSeconds !== undefined ? { durationSeconds } : {}),
    at: timestampOf(fields),
  };
}

function conferenceEventOf(req: Request, fields: Fields): ConferenceEvent | undefined | string {
  const orderId = queryText(req, 'order');
  if (!orderId || !ORDER_ID.test(orderId)) return 'order is missing or malformed.';
  const kind = field(fields, 'StatusCallbackEvent');
  const event = kind === 'conference-start' ? 'start' : kind === 'conference-end' ? 'end' : undefined;
  if (!kind) return 'StatusCallbackEvent is missing.';
  if (!event) return undefined;
  const conferenceSid = field(fields, 'ConferenceSid');
  if (!conferenceSid || !SID.test(conferenceSid)) return 'ConferenceSid is missing or malformed.';
  const sequence = wholeNumber(field(fields, 'SequenceNumber'));
  if (sequence === undefined) return 'SequenceNumber is missing or malformed.';
  return { kind: 'conference', orderId, conferenceSid, sequence, event, at: timestampOf(fields) };
}

function queryText(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function field(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' ? value : undefined;
}

function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

/** Twilio's `Timestamp` (RFC 2822, "Tue, 10 Mar 2026 14:03:07 +0000"), or now when absent. */
function timestampOf(fields: Fields): string {
  const parsed = Date.parse(field(fields, 'Timestamp') ?? '');
  return new Date(Number.isNaN(parsed) ? Date.now() : parsed).toISOString();
}
