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
 * - `key:unsubscribe`: the key signing unsubscribe links when `UNSUBSCRIBE_SECRET` is not set.
 */
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
  sentAt?: string;
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

export const noCampaignCounts = (): CampaignCounts => ({ queued: 0, sent: 0, failed: 0, suppressed: 0 });

/** Where a delivery counts: one still `sending` is not done, so it is queued. */
export const countedAs = (state: MailDeliveryState): keyof CampaignCounts =>
  state === 'sending' ? 'queued' : state;

/**
 * The Message-ID of one recipient's mail: fixed per campaign and recipient, so that a mail sent again
 * after a crash carries the same id (a receiving server or a reader can tell it is the same message).
 */
export function campaignMessageId(campaignId: string, uid: string, mailFrom: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<campaign.${campaignId}.${uid}@${domain}>`;
}
