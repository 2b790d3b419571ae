/**
 * The mail provider's reports (`POST /api/mail/events`, http/mail-events.ts) of what became of
 * campaign mails it had accepted. Each event is matched to its campaign recipient by Message-ID, the
 * delivery read by id (current on a cluster); one that is not one of our campaign mails is
 * `unmatched` and changes nothing: the address suppressed is always the one the mail went to,
 * whatever the report says.
 *
 * Each step is idempotent, and each runs for an event known already too, so that the provider's
 * replay of a report (it sends it again when our answer did not arrive) finishes what a crash cut
 * and changes nothing else:
 * 1. the fact (mail-events.ts: one document per Message-ID and kind, suppressing the address for a
 *    hard bounce or a complaint);
 * 2. a hard bounce turns a delivery `sent` into `bounced`, the mail undelivered after all; a
 *    complaint or a soft bounce leaves it `sent` (it was delivered);
 * 3. once every event is done, the counts of each campaign with a delivery `bounced` by one of them
 *    are counted again from its deliveries (campaign-counts.ts), once per campaign and report.
 *
 * A campaign still sending is recounted too. Its sender ends with its own recount, but one that
 * counted the delivery `sent` just before step 2 would write it so, were the report to leave a
 * `sending` record alone. The sender writes its recount over the revision of the record it read
 * before counting, and counts again when the record changed: so this report writes its count while
 * the campaign sends, and a final recount under way counts again.
 */
import type { MailEventInput } from '../../../src/domain/comms-deliverability';
import { getOrUndefined, updateFrom, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { countDeliveries, recountCampaign, sameCounts } from './campaign-counts';
import { campaignDocId, campaignOfMessageId, mailDeliveryDocId } from './campaign-records';
import type { CampaignDoc, MailDeliveryDoc } from './campaign-records';
import { recordMailEvent } from './mail-events';
import { commsDb, COMMS_DB } from './records';

/** The reason a delivery shows once the provider reported it bounced. */
export const REPORTED_BOUNCE = 'Hard bounce reported by the mail provider';

export type ReportTally = { recorded: number; duplicates: number; unmatched: number };

type Delivery = MailDeliveryDoc & { _rev: string };

async function deliveryOf(store: Store, messageId: string): Promise<Delivery | undefined> {
  const named = campaignOfMessageId(messageId);
  if (!named) return undefined;
  const delivery = await getOrUndefined(
    commsDb<MailDeliveryDoc>(store),
    mailDeliveryDocId(named.campaignId, named.uid),
  );
  return delivery?.type === 'campaign_delivery' && delivery.messageId === messageId ? delivery : undefined;
}

/**
 * Turns a delivery `sent` into `bounced` (its `sentAt` kept, `failedAt` the report's time); answers
 * whether it is `bounced` now, by this call or before. One `queued` or `sending` is left to the
 * sender, which finds the address suppressed.
 */
async function markBounced(store: Store, delivery: Delivery, at: string): Promise<boolean> {
  let bounced = delivery.state === 'bounced';
  if (delivery.state !== 'sent') return bounced;
  await updateFrom<MailDeliveryDoc>(store, COMMS_DB, delivery, (current) => {
    bounced = current?.state === 'bounced' || current?.state === 'sent';
    return current?.state === 'sent'
      ? { ...current, state: 'bounced', failure: REPORTED_BOUNCE, failedAt: at }
      : undefined;
  });
  return bounced;
}

/**
 * Writes a campaign's counts afresh after a report's bounces (nothing when the record holds them
 * already: they include the bounces then, a delivery never leaving `bounced`). Sending, the counts
 * are a tally the sender overwrites as it goes: written whatever was written meanwhile, as long as
 * it still sends; complete or cancelled, by recountCampaign.
 */
async function recountAfterReport(store: Store, campaignId: string): Promise<void> {
  const record = await getOrUndefined(commsDb<CampaignDoc>(store), campaignDocId(campaignId));
  if (record?.type !== 'campaign') return;
  if (record.state === 'sending') {
    const counts = await countDeliveries(store, campaignId, record.total);
    let sending = false;
    await upsertDoc<CampaignDoc>(store, COMMS_DB, record._id, (current) => {
      sending = current?.state === 'sending';
      return current && sending && !sameCounts(current.counts, counts) ? { ...current, counts } : undefined;
    });
    if (sending) return;
  }
  await recountCampaign(store, campaignId, (current, counts) =>
    (current.state === 'complete' || current.state === 'cancelled') && !sameCounts(current.counts, counts)
      ? { ...current, counts }
      : undefined,
  );
}

/** Records a report's events (checked: checkMailEvents), in order; answers what each one was. */
export async function recordProviderReport(
  store: Store,
  events: readonly MailEventInput[],
  now = new Date(),
): Promise<ReportTally> {
  const tally: ReportTally = { recorded: 0, duplicates: 0, unmatched: 0 };
  const recount = new Set<string>();
  for (const event of events) {
    const delivery = await deliveryOf(store, event.messageId);
    if (!delivery) {
      tally.unmatched += 1;
      continue;
    }
    const { email, campaignId, uid } = delivery;
    const { kind, messageId, at } = event;
    const recorded = await recordMailEvent(
      store,
      { kind, source: 'provider', messageId, email, campaignId, uid, at },
      now,
    );
    tally[recorded ? 'recorded' : 'duplicates'] += 1;
    if (event.kind === 'hard_bounce' && (await markBounced(store, delivery, event.at))) {
      recount.add(campaignId);
    }
  }
  for (const campaignId of recount) await recountAfterReport(store, campaignId);
  return tally;
}
