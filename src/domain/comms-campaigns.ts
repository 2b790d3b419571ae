/**
 * Mail campaigns and the suppression list (admin screens `comms/campaigns` and `comms/suppression`,
 * issue 17). A campaign is a marketing mail written per language (French always, the others when
 * written), sent to the users a saved segment selects, now or at a chosen time; each recipient gets
 * it in their own language, else in French, unless their address is on the suppression list. The
 * input checks live here, once, for the server and the console; the server sends
 * (server/services/comms/campaign-sender.ts).
 */
import { checkAbInput } from './comms-ab';
import type { AbInput, AbState } from './comms-ab';
import { checkTexts } from './campaign-texts';
import { checkSchedule } from './comms-schedule';
import type { CampaignFieldProblems, CampaignText, CampaignTexts } from './campaign-texts';
import { isRecord, SEGMENT_ID_PATTERN } from './comms';
import type { Checked, CommsFieldProblem, ResolvedTarget } from './comms';
import { isValidEmail, normalizeEmail } from './email';
import { DEFAULT_LANGUAGE } from './languages';
import type { Language } from './languages';

export {
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_SUBJECT_MAX,
  type CampaignFieldProblem,
  type CampaignFieldProblems,
  type CampaignText,
  type CampaignTexts,
} from './campaign-texts';

export type CampaignChecked<T> = { ok: true; value: T } | { ok: false; fields: CampaignFieldProblems };

export type CampaignInput = {
  segmentId: string;
  texts: CampaignTexts;
  /** When it is sent (ISO instant, in the future); now when absent. */
  scheduledAt?: string;
  /** An A/B test of a second text on a share of the recipients, the winner then to the rest. */
  ab?: AbInput;
};

/** A campaign's texts per language (French required), each problem noted in `fields` (automations reuse it). */
export function checkCampaignTexts(value: unknown, fields: CampaignFieldProblems): CampaignTexts | undefined {
  return checkTexts(value, 'texts', fields);
}

export function checkCampaignInput(value: unknown, now = new Date()): CampaignChecked<CampaignInput> {
  if (!isRecord(value)) return { ok: false, fields: { body: 'value_invalid' } };
  const fields: CampaignFieldProblems = {};
  for (const key of Object.keys(value)) {
    if (!['segmentId', 'texts', 'scheduledAt', 'ab'].includes(key)) fields[key] = 'unknown_field';
  }
  const { segmentId } = value;
  if (segmentId === undefined || segmentId === '') fields.segmentId = 'required';
  else if (typeof segmentId !== 'string' || !SEGMENT_ID_PATTERN.test(segmentId))
    fields.segmentId = 'value_invalid';
  const texts = checkCampaignTexts(value.texts, fields);
  const scheduledAt = checkSchedule(value.scheduledAt, now, fields);
  const ab = value.ab === undefined || value.ab === null ? undefined : checkAbInput(value.ab, texts, fields);
  if (Object.keys(fields).length || !texts) return { ok: false, fields };
  return {
    ok: true,
    value: {
      segmentId: segmentId as string,
      texts,
      ...(scheduledAt ? { scheduledAt } : {}),
      ...(ab ? { ab } : {}),
    },
  };
}

/** The text a recipient reads: the one of their language, else the French one. */
export function campaignTextFor(
  texts: CampaignTexts,
  language: Language,
): { language: Language; text: CampaignText } {
  const own = texts[language];
  return own ? { language, text: own } : { language: DEFAULT_LANGUAGE, text: texts.fr };
}

// ---------------------------------------------------------------------------------------------
// Suppression

/**
 * `hard_bounce`: the receiving server refused the address for good (a 5xx at RCPT, or a mail
 * provider's report); `complaint`: the recipient marked a campaign as spam (a provider's report).
 */
export const SUPPRESSION_REASONS = ['unsubscribed', 'admin', 'bounce', 'hard_bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
/** What an admin may note about an address they add. */
export const SUPPRESSION_NOTE_MAX = 200;

export type SuppressionInput = { email: string; reason: 'admin' | 'bounce'; note?: string };

/** An admin's addition: an address, why (`admin` by default, or a `bounce` they learnt of), a note. */
export function checkSuppressionInput(value: unknown): Checked<SuppressionInput> {
  if (!isRecord(value)) return { ok: false, fields: { body: 'value_invalid' } };
  const fields: Record<string, CommsFieldProblem> = {};
  for (const key of Object.keys(value)) {
    if (!['email', 'reason', 'note'].includes(key)) fields[key] = 'unknown_field';
  }
  const email = typeof value.email === 'string' ? normalizeEmail(value.email) : '';
  if (email === '') fields.email = 'required';
  else if (!isValidEmail(email)) fields.email = 'value_invalid';
  const reason = value.reason ?? 'admin';
  if (reason !== 'admin' && reason !== 'bounce') fields.reason = 'value_invalid';
  const note = typeof value.note === 'string' ? value.note.trim() : undefined;
  if (value.note !== undefined && typeof value.note !== 'string') fields.note = 'value_invalid';
  else if (note && note.length > SUPPRESSION_NOTE_MAX) fields.note = 'too_long';
  if (Object.keys(fields).length) return { ok: false, fields };
  return {
    ok: true,
    value: { email, reason: reason as 'admin' | 'bounce', ...(note ? { note } : {}) },
  };
}

/** A search of the suppression list: the start of an address, normalised as addresses are. */
export function suppressionSearch(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const query = normalizeEmail(raw);
  return query === '' ? undefined : query.slice(0, 254);
}

// ---------------------------------------------------------------------------------------------
// What the console reads (`/api/admin/comms/campaigns…`, `/api/admin/comms/suppression…`).

export const CAMPAIGN_STATES = ['scheduled', 'resolving', 'sending', 'complete', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
/**
 * `sending`: its SMTP transaction began and its end was not recorded (sent again on resume);
 * `bounced`: the receiving server refused the address for good (5xx at RCPT), or the mail provider
 * reported a hard bounce of a mail `sent`; either way the address is suppressed.
 */
export const MAIL_DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed', 'bounced', 'suppressed'] as const;
export type MailDeliveryState = (typeof MAIL_DELIVERY_STATES)[number];
/**
 * Counts as the console shows them: a delivery `sending` is counted as queued. `bounced` is absent
 * from records written before bounces were told apart (their refusals are among `failed`).
 */
export type CampaignCounts = {
  queued: number;
  sent: number;
  failed: number;
  bounced?: number;
  suppressed: number;
};

export type CampaignView = {
  id: string;
  target: Extract<ResolvedTarget, { kind: 'segment' }>;
  texts: CampaignTexts;
  state: CampaignState;
  scheduledAt?: string;
  total: number;
  counts: CampaignCounts;
  createdAt: string;
  createdBy: string;
  startedAt?: string;
  completedAt?: string;
  cancelledAt?: string;
  cancelledBy?: string;
  /** An A/B test: its second text, share, measure and duration, and how far it went. */
  ab?: AbState;
};

export type MailDeliveryView = {
  uid: string;
  email: string;
  language: Language;
  state: MailDeliveryState;
  /** Why it failed: the SMTP server's answer, or the error reaching it. */
  failure?: string;
  sentAt?: string;
  /** An A/B campaign's group: a variant of the test, or the rest (who get the winner). */
  group?: 'a' | 'b' | 'rest';
};

export type SuppressionView = {
  email: string;
  reason: SuppressionReason;
  at: string;
  /** An admin's uid, or `recipient` when the address's owner unsubscribed. */
  by: string;
  note?: string;
  campaignId?: string;
};

/** Whether a campaign may still be cancelled (not yet complete). */
export const isCampaignOpen = (state: CampaignState) =>
  state === 'scheduled' || state === 'resolving' || state === 'sending';
