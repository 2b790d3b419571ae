/**
 * Deliverability of mail campaigns (admin screen `comms/deliverability`, issue 17): what became of
 * the mails once handed over. An event is one fact about one mail (its Message-ID): a hard bounce
 * (the address does not exist: suppressed), a soft bounce (a full mailbox, tried no more), a
 * complaint (marked as spam: suppressed), or a failure (the SMTP server refused the mail after our
 * attempts, the address not in question). They come from the SMTP transaction itself or, later, from
 * the mail provider's signed reports (`POST /api/mail/events`, whose input is checked here).
 */
import { isRecord } from './comms';
import { isValidEmail, normalizeEmail } from './email';

export const MAIL_EVENT_KINDS = ['hard_bounce', 'soft_bounce', 'complaint', 'failure'] as const;
export type MailEventKind = (typeof MAIL_EVENT_KINDS)[number];
/** `smtp`: seen during our own SMTP transaction; `provider`: reported later by the mail provider. */
export type MailEventSource = 'smtp' | 'provider';

/** The rates and lists look this far back. */
export const DELIVERABILITY_WINDOW_DAYS = 30;
/** Events per provider request. */
export const MAIL_EVENTS_MAX = 100;
export const MESSAGE_ID_MAX = 250;
/** A report older than this is refused (a provider reports within days). */
const EVENT_MAX_AGE_DAYS = 30;

export type MailEventView = {
  kind: MailEventKind;
  email: string;
  messageId: string;
  campaignId: string;
  uid: string;
  /** When it happened (the provider's time for a report). */
  at: string;
  source: MailEventSource;
  /** The SMTP server's answer, for an event seen during the transaction (secrets redacted). */
  detail?: string;
};

/** A campaign's (or the last 30 days') figures; rates are null when nothing was attempted. */
export type DeliverabilityFigures = {
  /** Mails handed to the SMTP server: sent, failed or bounced there. */
  attempted: number;
  sent: number;
  failed: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
  /** Recipients skipped because their address was suppressed (campaigns only). */
  suppressed?: number;
  bounceRate: number | null;
  complaintRate: number | null;
  failureRate: number | null;
};

/** Figures with their rates: bounces and failures per mail attempted, complaints per mail sent. */
export function withRates(
  counts: Omit<DeliverabilityFigures, 'bounceRate' | 'complaintRate' | 'failureRate'>,
): DeliverabilityFigures {
  const rate = (count: number, of: number) => (of > 0 ? count / of : null);
  return {
    ...counts,
    bounceRate: rate(counts.hardBounces + counts.softBounces, counts.attempted),
    complaintRate: rate(counts.complaints, counts.sent),
    failureRate: rate(counts.failed, counts.attempted),
  };
}

/** A provider's report, as checked. */
export type MailEventInput = {
  kind: Exclude<MailEventKind, 'failure'>;
  messageId: string;
  email: string;
  at: string;
};

const MESSAGE_ID = /^<[^\s<>@]+@[^\s<>@]+>$/;

function checkEvent(value: unknown, now: Date): MailEventInput | undefined {
  if (!isRecord(value)) return undefined;
  const { type, bounceType, messageId, email, at } = value;
  const allowed =
    type === 'bounce'
      ? ['type', 'bounceType', 'messageId', 'email', 'at']
      : ['type', 'messageId', 'email', 'at'];
  if (Object.keys(value).some((key) => !allowed.includes(key))) return undefined;
  if (type !== 'bounce' && type !== 'complaint') return undefined;
  if (type === 'bounce' && bounceType !== 'hard' && bounceType !== 'soft') return undefined;
  if (typeof messageId !== 'string' || messageId.length > MESSAGE_ID_MAX || !MESSAGE_ID.test(messageId))
    return undefined;
  if (typeof email !== 'string' || email.length > 254 || !isValidEmail(normalizeEmail(email)))
    return undefined;
  const time =
    typeof at === 'string' && at.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(at) ? Date.parse(at) : NaN;
  if (Number.isNaN(time)) return undefined;
  // A clock a little ahead is tolerated; a report from the future or of long ago is not.
  if (time > now.getTime() + 3_600_000 || time < now.getTime() - EVENT_MAX_AGE_DAYS * 86_400_000)
    return undefined;
  const kind = type === 'complaint' ? 'complaint' : bounceType === 'hard' ? 'hard_bounce' : 'soft_bounce';
  return { kind, messageId, email: normalizeEmail(email), at: new Date(time).toISOString() };
}

/**
 * A provider's request: one event, or `{ events: [...] }` (1 to 100). Answers the events, or the
 * index of the first malformed one (-1: the body itself).
 */
export function checkMailEvents(
  value: unknown,
  now = new Date(),
): { ok: true; events: MailEventInput[] } | { ok: false; index: number } {
  if (!isRecord(value)) return { ok: false, index: -1 };
  const list = 'events' in value ? value.events : [value];
  if ('events' in value && Object.keys(value).length !== 1) return { ok: false, index: -1 };
  if (!Array.isArray(list) || list.length === 0 || list.length > MAIL_EVENTS_MAX)
    return { ok: false, index: -1 };
  const events: MailEventInput[] = [];
  for (const [index, raw] of list.entries()) {
    const event = checkEvent(raw, now);
    if (!event) return { ok: false, index };
    events.push(event);
  }
  return { ok: true, events };
}
