/**
 * A campaign's deliveries read in order, and its record's counts recounted from them: by the sender
 * when the campaign ends (campaign-sender.ts), and after a provider's report turned a mail `bounced`
 * (provider-reports.ts).
 *
 * Every read here is whole and current on a CouchDB cluster too (store/whole-listing.ts: listed
 * until the listing holds the campaign's `total`, known once its recipients are resolved, then each
 * delivery read by id), where a range listing can lag behind the writes that made or changed them. It
 * writes only over the revision of the record it read before counting: a record written meanwhile
 * (another recount, a cancellation) may stand on a count taken later, so it counts again. A count
 * written is therefore never older than the record it replaces; this is what lets a report's recount
 * and the sender's final one run at once (provider-reports.ts says how).
 */
import type { CampaignCounts } from '../../../src/domain/comms-campaigns';
import { getOrUndefined, StoreError, upsertDoc } from '../../store/store';
import { wholeListing } from '../../store/whole-listing';
import type { Store } from '../../store/store';
import type { Delivery } from './campaign-delivery';
import { campaignDocId, countedAs, mailDeliveryPrefix, noCampaignCounts } from './campaign-records';
import type { CampaignDoc, MailDeliveryDoc } from './campaign-records';
import { commsDb, COMMS_DB } from './records';

/** Counts taken again because the record changed meanwhile, before giving up (503: try later). */
const RECOUNT_ATTEMPTS = 8;

/** All `total` deliveries of a campaign in uid order, each read by id (store/whole-listing.ts). */
export async function* campaignDeliveries(
  store: Store,
  campaignId: string,
  total: number,
): AsyncGenerator<Delivery> {
  for await (const doc of wholeListing<MailDeliveryDoc>(
    store,
    COMMS_DB,
    mailDeliveryPrefix(campaignId),
    total,
  )) {
    if (doc.type === 'campaign_delivery') yield doc;
  }
}

/** Where a campaign's `total` recipients stand now. */
export async function countDeliveries(
  store: Store,
  campaignId: string,
  total: number,
): Promise<CampaignCounts> {
  const counts = noCampaignCounts();
  for await (const doc of campaignDeliveries(store, campaignId, total)) {
    counts[countedAs(doc.state)] += 1;
  }
  return counts;
}

export const sameCounts = (a: CampaignCounts, b: CampaignCounts): boolean =>
  a.queued === b.queued &&
  a.sent === b.sent &&
  a.failed === b.failed &&
  (a.bounced ?? 0) === (b.bounced ?? 0) &&
  a.suppressed === b.suppressed;

/**
 * Counts a campaign's deliveries and writes the record `decide` makes of it with those counts
 * (undefined: none), over the revision read before counting; counts again when the record changed
 * meanwhile. No record: nothing.
 */
export async function recountCampaign(
  store: Store,
  campaignId: string,
  decide: (current: CampaignDoc, counts: CampaignCounts) => CampaignDoc | undefined,
): Promise<void> {
  const id = campaignDocId(campaignId);
  for (let attempt = 0; attempt < RECOUNT_ATTEMPTS; attempt++) {
    const before = await getOrUndefined(commsDb<CampaignDoc>(store), id);
    if (before?.type !== 'campaign') return;
    const counts = await countDeliveries(store, campaignId, before.total);
    let moved = false;
    await upsertDoc<CampaignDoc>(store, COMMS_DB, id, (current) => {
      moved = current?._rev !== before._rev;
      return current && !moved ? decide(current, counts) : undefined;
    });
    if (!moved) return;
  }
  throw new StoreError(`Could not recount campaign ${campaignId}: its record kept changing`, 503);
}
