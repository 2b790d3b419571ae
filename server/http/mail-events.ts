/**
 * `POST /mail/events` (under `/api`): the mail provider's reports of bounces and complaints that come
 * after a mail was accepted (services/comms/provider-reports.ts records them: a hard bounce turns
 * the recipient `bounced` and the campaign's counts follow). The endpoint exists only
 * when `MAIL_EVENTS_SECRET` is set (404 otherwise), and takes a request only with a valid
 * `X-Mail-Events-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` made within
 * five minutes (401 otherwise): the signature is checked over the raw body, so this route parses its
 * own body and comes before any JSON parser and before the per-address rate limit (a provider sends
 * from few addresses).
 *
 * Body (at most 64 KB): one event, or `{ "events": [ … ] }` with 1 to 100:
 * `{ "type": "bounce", "bounceType": "hard" | "soft", "messageId", "email", "at" }` or
 * `{ "type": "complaint", "messageId", "email", "at" }`. A malformed one refuses the whole request
 * (400 `validation`, field `events.<index>`, or `body`). Answer: 200 `{ recorded, duplicates, unmatched }`: a replayed
 * event is a duplicate and changes nothing more (it finishes what a crash may have cut); an unknown
 * Message-ID is unmatched and changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import express from 'express';
import type { Router } from 'express';
import { checkMailEvents } from '../../src/domain/comms-deliverability';
import type { Config } from '../config/env';
import { recordProviderReport } from '../services/comms/provider-reports';
import type { Store } from '../store/store';
import { ApiError } from './errors';

const MAX_BODY = '64kb';
/** How old a signature may be: a captured request cannot be replayed later. */
const TOLERANCE_SECONDS = 300;
export const MAIL_EVENTS_SIGNATURE_HEADER = 'x-mail-events-signature';

/** The header value signing `body` at `time` (the provider's side; tests sign with it). */
export function signMailEvents(secret: string, body: string, time = new Date()): string {
  const t = Math.floor(time.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

function signatureHolds(secret: string, header: string | undefined, raw: Buffer, now: Date): boolean {
  if (!header || header.length > 200) return false;
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim());
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(raw).digest();
  const given = Buffer.from(match[2]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mailEventsRouter(store: Store, config: Config): Router {
  const router = express.Router();
  router.post('/mail/events', express.raw({ type: () => true, limit: MAX_BODY }), async (req, res) => {
    const secret = config.campaigns.mailEventsSecret;
    if (!secret) throw new ApiError(404, 'not_found', 'No such API endpoint.');
    const raw: unknown = req.body;
    const now = new Date();
    if (!Buffer.isBuffer(raw) || !signatureHolds(secret, req.get(MAIL_EVENTS_SIGNATURE_HEADER), raw, now)) {
      throw new ApiError(401, 'invalid_signature', 'The signature is missing, stale or does not match.');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      body = undefined;
    }
    const check = checkMailEvents(body, now);
    if (!check.ok) {
      const field = check.index === -1 ? 'body' : `events.${check.index}`;
      throw new ApiError(400, 'validation', 'Some events are not valid.', {
        fields: { [field]: 'value_invalid' },
      });
    }
    res.json(await recordProviderReport(store, check.events, now));
  });
  return router;
}
