/**
 * A campaign's deliveries read in order, and its record's counts recounted from them: by the sender
 * when the campaign ends (campaign-sender.ts), and after a provider's report turned a mail `bounced`
 * (provider-reports.ts).
 *
 * A recount reads each delivery by id (`_all_docs` with `keys`, answered from a quorum of copies on a
 * CouchDB cluster), not from the range listing, which can lag behind the write that changed it. It
 * writes only over the revision of the record it read before counting: a record written meanwhile
 * (another recount, a cancellation) may stand on a count taken later, so it counts again. A count
 * written is therefore never older than the record it replaces; this is what lets a report's recount
 * and the sender's final one run at once (provider-reports.ts says how).
 */
import type { CampaignCounts } from '../../../src/domain/comms-campaigns';
import { getOrUndefined, StoreError, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { Delivery } from './campaign-delivery';
import { campaignDocId, countedAs, mailDeliveryPrefix, noCampaignCounts } from './campaign-records';
import type { CampaignDoc, MailDeliveryDoc } from './campaign-records';
import { commsDb, COMMS_DB } from './records';

/** Delivery documents read per request. */
const READ_PAGE = 200;
/** Counts taken again because the record changed meanwhile, before giving up (503: try later). */
const RECOUNT_ATTEMPTS = 8;

/**
 * A campaign's deliveries in uid order, a page at a time; `current`: each read by id (a quorum on a
 * cluster) rather than taken from the range listing.
 */
export async function* campaignDeliveries(
  store: Store,
  campaignId: string,
  { current = false } = {},
): AsyncGenerator<Delivery> {
  const db = commsDb<MailDeliveryDoc>(store);
  const prefix = mailDeliveryPrefix(campaignId);
  let startkey = prefix;
  for (;;) {
    const { rows } = await db.list({
      startkey,
      endkey: `${prefix}\ufff0`,
      include_docs: !current,
      limit: READ_PAGE + 1,
    });
    const page = rows.slice(0, READ_PAGE);
    const read = current ? (await db.fetch({ keys: page.map((row) => row.id) })).rows : page;
    for (const row of read) {
      const doc = 'doc' in row ? row.doc : undefined;
      if (doc?.type === 'campaign_delivery') yield doc as Delivery;
    }
    if (rows.length <= READ_PAGE) return;
    startkey = rows[READ_PAGE]!.id;
  }
}

/** Where a campaign's recipients stand now, each delivery read by id. */
export async function countDeliveries(store: Store, campaignId: string): Promise<CampaignCounts> {
  const counts = noCampaignCounts();
  for await (const doc of campaignDeliveries(store, campaignId, { current: true })) {
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
    const counts = await countDeliveries(store, campaignId);
    let moved = false;
    await upsertDoc<CampaignDoc>(store, COMMS_DB, id, (current) => {
      moved = current?._rev !== before._rev;
      return current && !moved ? decide(current, counts) : undefined;
    });
    if (!moved) return;
  }
  throw new StoreError(`Could not recount campaign ${campaignId}: its record kept changing`, 503);
}
