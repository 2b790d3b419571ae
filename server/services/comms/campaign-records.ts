/**
 * The documents of mail campaigns, in the server-only `comms` database beside segments and
 * broadcasts (records.ts):
 *
 * - `campaign:<id>`: a campaign: its texts per language, its segment as it was when written, its
 *   schedule, its state (`scheduled`, `resolving` its recipients, `sending`, `complete`,
 *   `cancelled`) and its counts as last tallied.
 * - `mail:<campaignId>:<uid>`: one recipient (one fact per person, never a list inside the record),
 *   with the address and language fixed when resolved, its state and its fixed Message-ID.
 * - `suppression:<address>`: an address that never gets a campaign again (normalised, lowercase),
 *   with why, when and by whom. Transactional mails (resets, receipts) do not read it.
 * - `key:unsubscribe`: the key signing unsubscribe links (and tracking links) when
 *   `UNSUBSCRIBE_SECRET` is not set.
 * - `mail-event:<hash of the Message-ID>:<kind>`: one deliverability fact about one mail (a bounce,
 *   a complaint, a failure; mail-events.ts): a report replayed by the provider is the same document.
 * - `open:<campaignId>:<uid>`, `clicker:<campaignId>:<uid>`, `click:<campaignId>:<uid>:<link>`: an
 *   A/B recipient's first open, first click on any link, and first click on each link (tracking.ts).
 */
import { createHash } from 'node:crypto';
import type { AbGroup } from '../../../src/domain/comms-ab';
import type { MailEventKind, MailEventSource } from '../../../src/domain/comms-deliverability';
import type {
  CampaignCounts,
  CampaignView,
  MailDeliveryState,
  SuppressionView,
} from '../../../src/domain/comms-campaigns';
import type { Language } from '../../../src/domain/languages';

export type CampaignDoc = Omit<CampaignView, 'id'> & { _id: string; _rev?: string; type: 'campaign' };

export type MailDeliveryDoc = {
  _id: string;
  _rev?: string;
  type: 'campaign_delivery';
  campaignId: string;
  uid: string;
  email: string;
  language: Language;
  state: MailDeliveryState;
  messageId: string;
  failure?: string;
  attempts?: number;
  /** When its last attempt was claimed (`sending`): a claim older than a lease was a crash's. */
  attemptAt?: string;
  sentAt?: string;
  /** When it ended `failed` or `bounced`. */
  failedAt?: string;
  /** An A/B campaign's group, fixed once the recipients are resolved (ab-test.ts). */
  group?: AbGroup;
  /** Whether the mail carried a tracking pixel and tracked links (the recipient's consent). */
  tracked?: boolean;
};

export type MailEventDoc = {
  _id: string;
  _rev?: string;
  type: 'mail_event';
  kind: MailEventKind;
  source: MailEventSource;
  messageId: string;
  email: string;
  campaignId: string;
  uid: string;
  at: string;
  recordedAt: string;
  detail?: string;
};

/** A tracked recipient's first open, or first click (on any link, or on one link). */
export type TrackingDoc = {
  _id: string;
  type: 'mail_open' | 'mail_clicker' | 'mail_click';
  campaignId: string;
  uid: string;
  group: AbGroup;
  at: string;
  link?: number;
};

export type SuppressionDoc = Omit<SuppressionView, 'email'> & {
  _id: string;
  _rev?: string;
  type: 'suppression';
  email: string;
};

export const campaignDocId = (id: string) => `campaign:${id}`;
export const campaignIdOf = (doc: { _id: string }) => doc._id.slice('campaign:'.length);
export const mailDeliveryPrefix = (campaignId: string) => `mail:${campaignId}:`;
export const mailDeliveryDocId = (campaignId: string, uid: string) =>
  `${mailDeliveryPrefix(campaignId)}${uid}`;
export const SUPPRESSION_PREFIX = 'suppression:';
export const suppressionDocId = (email: string) => `${SUPPRESSION_PREFIX}${email}`;

/** A Message-ID may hold any printable character: its hash names the event instead. */
export const mailEventDocId = (messageId: string, kind: MailEventKind) =>
  `mail-event:${createHash('sha256').update(messageId).digest('hex').slice(0, 40)}:${kind}`;
export const openDocId = (campaignId: string, uid: string) => `open:${campaignId}:${uid}`;
export const clickerDocId = (campaignId: string, uid: string) => `clicker:${campaignId}:${uid}`;
export const clickDocId = (campaignId: string, uid: string, link: number) =>
  `click:${campaignId}:${uid}:${link}`;

export const noCampaignCounts = (): CampaignCounts => ({
  queued: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  suppressed: 0,
});

/** Where a delivery counts: one still `sending` is not done, so it is queued. */
export const countedAs = (state: MailDeliveryState): keyof Required<CampaignCounts> =>
  state === 'sending' ? 'queued' : state;

/**
 * The Message-ID of one recipient's mail: fixed per campaign and recipient, so that a mail sent again
 * after a crash carries the same id (a receiving server or a reader can tell it is the same message).
 */
export function campaignMessageId(campaignId: string, uid: string, mailFrom: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<campaign.${campaignId}.${uid}@${domain}>`;
}

/** The campaign and recipient a Message-ID names, if it is one of `campaignMessageId`'s. */
export function campaignOfMessageId(messageId: string): { campaignId: string; uid: string } | undefined {
  const match = /^<campaign\.([a-z0-9-]{1,40})\.([^\s<>]+)@[^\s<>@]+>$/.exec(messageId);
  return match ? { campaignId: match[1]!, uid: match[2]! } : undefined;
}
