/**
 * Opens and clicks of A/B campaign mails, for recipients who consented to mail tracking (their
 * `settings.privacy.mailTracking`; the others get neither pixel nor tracked links):
 * - the pixel `PUBLIC_URL/m/o/<token>.gif` records the recipient's first open;
 * - a tracked link `PUBLIC_URL/m/c/<token>` records the first click per recipient (`clicker:`, what
 *   the test counts) and per link (`click:`), then redirects to the link's URL.
 * Tokens name the campaign, the recipient and (for a click) the link's number in the body they
 * received, signed with HMAC-SHA256 under the unsubscribe key (unsubscribe-token.ts) with a purpose
 * of their own. The URL itself is never in the token: it is read from the campaign, so a forged or
 * altered token leads nowhere. Each fact is a document with a deterministic id, written once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env';
import { createOnce, getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';
import { deliveryText } from './ab-test';
import { campaignLinks, CAMPAIGN_LINKS_MAX } from './campaign-links';
import { clickDocId, clickerDocId, mailDeliveryDocId, openDocId } from './campaign-records';
import type { MailDeliveryDoc, TrackingDoc } from './campaign-records';
import { CampaignNotFound, readCampaign } from './campaigns';
import { commsDb, COMMS_DB } from './records';

export type OpenClaim = { campaignId: string; uid: string };
export type ClickClaim = OpenClaim & { link: number };

const SIGNATURE_LENGTH = 32;
const CAMPAIGN_ID = /^[a-z0-9-]{1,40}$/;
const TOKEN_MAX = 600;

const sign = (key: string, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url').slice(0, SIGNATURE_LENGTH);
const encodeUid = (uid: string) => Buffer.from(uid, 'utf8').toString('base64url');
const openText = ({ campaignId, uid }: OpenClaim) => `mail-open\n${campaignId}\n${uid}`;
const clickText = ({ campaignId, uid, link }: ClickClaim) => `mail-click\n${campaignId}\n${uid}\n${link}`;

export function openToken(key: string, claim: OpenClaim): string {
  return `${claim.campaignId}.${encodeUid(claim.uid)}.${sign(key, openText(claim))}`;
}

export function clickToken(key: string, claim: ClickClaim): string {
  return `${claim.campaignId}.${encodeUid(claim.uid)}.${claim.link}.${sign(key, clickText(claim))}`;
}

function signatureHolds(key: string, text: string, given: string): boolean {
  const expected = Buffer.from(sign(key, text));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function parts(token: unknown, count: number): string[] | undefined {
  if (typeof token !== 'string' || token.length > TOKEN_MAX) return undefined;
  const split = token.split('.');
  if (split.length !== count || !CAMPAIGN_ID.test(split[0]!) || !/^[A-Za-z0-9_-]+$/.test(split[1]!)) {
    return undefined;
  }
  return split;
}

export function readOpenToken(key: string, token: unknown): OpenClaim | undefined {
  const split = parts(token, 3);
  if (!split) return undefined;
  const claim = { campaignId: split[0]!, uid: Buffer.from(split[1]!, 'base64url').toString('utf8') };
  return signatureHolds(key, openText(claim), split[2]!) ? claim : undefined;
}

export function readClickToken(key: string, token: unknown): ClickClaim | undefined {
  const split = parts(token, 4);
  if (!split || !/^\d{1,2}$/.test(split[2]!)) return undefined;
  const link = Number(split[2]);
  if (link >= CAMPAIGN_LINKS_MAX) return undefined;
  const claim = { campaignId: split[0]!, uid: Buffer.from(split[1]!, 'base64url').toString('utf8'), link };
  return signatureHolds(key, clickText(claim), split[3]!) ? claim : undefined;
}

export const openUrl = (config: Config, token: string) => `${config.publicUrl}/m/o/${token}.gif`;
export const clickUrl = (config: Config, token: string) => `${config.publicUrl}/m/c/${token}`;

async function trackedDelivery(store: Store, claim: OpenClaim) {
  const delivery = await getOrUndefined(
    commsDb<MailDeliveryDoc>(store),
    mailDeliveryDocId(claim.campaignId, claim.uid),
  );
  return delivery?.type === 'campaign_delivery' ? delivery : undefined;
}

/** Records the first open of a tracked mail; later ones (and untracked mails) change nothing. */
export async function recordOpen(store: Store, claim: OpenClaim, now = new Date()): Promise<void> {
  const delivery = await trackedDelivery(store, claim);
  if (!delivery?.tracked || !delivery.group) return;
  await createOnce<TrackingDoc>(store, COMMS_DB, {
    _id: openDocId(claim.campaignId, claim.uid),
    type: 'mail_open',
    campaignId: claim.campaignId,
    uid: claim.uid,
    group: delivery.group,
    at: now.toISOString(),
  });
}

/**
 * The URL a tracked link leads to: link number `link` of the body this recipient received; the click
 * is recorded (first per recipient, first per link). Undefined when no such link or mail exists.
 */
export async function followClick(
  store: Store,
  claim: ClickClaim,
  now = new Date(),
): Promise<string | undefined> {
  const campaign = await readCampaign(store, claim.campaignId).catch((error: unknown) => {
    if (error instanceof CampaignNotFound) return undefined;
    throw error;
  });
  const delivery = campaign && (await trackedDelivery(store, claim));
  if (!campaign || !delivery) return undefined;
  const url = campaignLinks(deliveryText(campaign, delivery).text.body)[claim.link];
  if (!url) return undefined;
  if (delivery.tracked && delivery.group) {
    const fact = {
      campaignId: claim.campaignId,
      uid: claim.uid,
      group: delivery.group,
      at: now.toISOString(),
    };
    await createOnce<TrackingDoc>(store, COMMS_DB, {
      _id: clickDocId(claim.campaignId, claim.uid, claim.link),
      type: 'mail_click',
      link: claim.link,
      ...fact,
    });
    await createOnce<TrackingDoc>(store, COMMS_DB, {
      _id: clickerDocId(claim.campaignId, claim.uid),
      type: 'mail_clicker',
      ...fact,
    });
  }
  return url;
}
