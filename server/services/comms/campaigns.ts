/**
 * Mail campaigns (admin screen `comms/campaigns`): a marketing mail written per language and sent to
 * the users a saved segment selects, now or when its time comes. Writing one records it
 * (`campaign:<id>`, campaign-records.ts) with one audit entry and hands it to the campaign sender
 * (campaign-sender.ts), which resolves the recipients and mails them in the background; the record's
 * state and counts tell the console how far it got. A campaign not complete may be cancelled: what
 * was mailed stays mailed, nothing more goes out. A campaign may be an A/B test (ab-test.ts).
 */
import { checkCampaignInput, isCampaignOpen } from '../../../src/domain/comms-campaigns';
import type {
  CampaignFieldProblems,
  CampaignView,
  MailDeliveryState,
  MailDeliveryView,
} from '../../../src/domain/comms-campaigns';
import { createOnce, getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { campaignDocId, campaignIdOf, mailDeliveryPrefix, noCampaignCounts } from './campaign-records';
import type { CampaignDoc, MailDeliveryDoc } from './campaign-records';
import { commsDb, COMMS_DB, newCommsId } from './records';
import { getSegment, SegmentNotFound } from './segments';

/** Input refused, with a code per field (a schedule may also be `in_past` or `too_far`). */
export class CampaignInvalid extends Error {
  constructor(readonly fields: CampaignFieldProblems) {
    super('Refused: some fields are not valid');
    this.name = 'CampaignInvalid';
  }
}

export class CampaignNotFound extends Error {
  constructor(readonly id: string) {
    super(`No campaign ${id}`);
    this.name = 'CampaignNotFound';
  }
}

/** A cancellation of a campaign that is complete or cancelled already. */
export class CampaignClosed extends Error {
  constructor(readonly id: string) {
    super(`The campaign ${id} is finished`);
    this.name = 'CampaignClosed';
  }
}

const CAMPAIGN_ID = /^[a-z0-9-]{1,40}$/;

export function campaignView(doc: CampaignDoc): CampaignView {
  const { _id, _rev: _ignored, type: _type, ...rest } = doc;
  return { id: campaignIdOf({ _id }), ...rest };
}

export async function readCampaign(store: Store, id: string): Promise<CampaignDoc & { _rev: string }> {
  const doc = CAMPAIGN_ID.test(id)
    ? await getOrUndefined(commsDb<CampaignDoc>(store), campaignDocId(id))
    : undefined;
  if (!doc || doc.type !== 'campaign') throw new CampaignNotFound(id);
  return doc;
}

export async function getCampaign(store: Store, id: string): Promise<CampaignView> {
  return campaignView(await readCampaign(store, id));
}

/** Campaigns, newest first, a page at a time. */
export function listCampaigns(
  store: Store,
  page: { limit: number; token?: string },
): Promise<Page<CampaignView>> {
  return scanPage<CampaignDoc, CampaignView>(commsDb<CampaignDoc>(store), {
    view: 'comms-campaigns/by_created',
    descending: true,
    limit: page.limit,
    token: page.token,
    pick: (doc) => (doc.type === 'campaign' ? campaignView(doc) : undefined),
  });
}

/** A campaign's recipients by uid, a page at a time, optionally only those in one state. */
export async function listCampaignDeliveries(
  store: Store,
  id: string,
  query: { state?: MailDeliveryState; limit: number; token?: string },
): Promise<Page<MailDeliveryView>> {
  await readCampaign(store, id);
  const prefix = mailDeliveryPrefix(id);
  return scanPage<MailDeliveryDoc, MailDeliveryView>(commsDb<MailDeliveryDoc>(store), {
    view: '_all_docs',
    startkey: prefix,
    endkey: `${prefix}${PREFIX_END}`,
    limit: query.limit,
    token: query.token,
    pick: (doc) =>
      doc.type === 'campaign_delivery' && (!query.state || doc.state === query.state)
        ? {
            uid: doc.uid,
            email: doc.email,
            language: doc.language,
            state: doc.state,
            ...(doc.failure ? { failure: doc.failure } : {}),
            ...(doc.sentAt ? { sentAt: doc.sentAt } : {}),
            ...(doc.group ? { group: doc.group } : {}),
          }
        : undefined,
  });
}

/**
 * Records a campaign, scheduled or ready to send (the caller hands it to the sender). Bad input or an
 * unknown segment are refused before anything is written.
 */
export async function createCampaign(
  store: Store,
  { input, by, now = new Date() }: { input: unknown; by: string; now?: Date },
): Promise<CampaignView> {
  const check = checkCampaignInput(input, now);
  if (!check.ok) throw new CampaignInvalid(check.fields);
  const { segmentId, texts, scheduledAt, ab } = check.value;
  // The segment as it is now: a later edit of it does not change whom this campaign goes to.
  const segment = await getSegment(store, segmentId).catch((error: unknown) => {
    throw error instanceof SegmentNotFound ? new SegmentNotFound(segmentId) : error;
  });
  const id = newCommsId(now);
  const doc: CampaignDoc = {
    _id: campaignDocId(id),
    type: 'campaign',
    target: { kind: 'segment', segmentId: segment.id, name: segment.name, rules: segment.rules },
    texts,
    state: scheduledAt ? 'scheduled' : 'resolving',
    ...(scheduledAt ? { scheduledAt } : {}),
    ...(ab ? { ab } : {}),
    total: 0,
    counts: noCampaignCounts(),
    createdAt: now.toISOString(),
    createdBy: by,
  };
  await createOnce(store, COMMS_DB, doc);
  await recordAudit(store, {
    actor: by,
    action: scheduledAt ? 'campaign_schedule' : 'campaign_send',
    subject: { kind: 'campaign', id },
    before: null,
    after: { target: doc.target, texts, ...(scheduledAt ? { scheduledAt } : {}), ...(ab ? { ab } : {}) },
    now,
  });
  return campaignView(doc);
}

/**
 * Stops a campaign not yet complete. A scheduled one never starts; one sending stops within a few
 * mails (the sender reads the state with each tally, every 10 mails). What was mailed stays mailed.
 */
export async function cancelCampaign(
  store: Store,
  { id, by, now = new Date() }: { id: string; by: string; now?: Date },
): Promise<CampaignView> {
  const before = await readCampaign(store, id);
  if (!isCampaignOpen(before.state)) throw new CampaignClosed(id);
  const written = await upsertDoc<CampaignDoc>(store, COMMS_DB, before._id, (current) =>
    current && isCampaignOpen(current.state)
      ? { ...current, state: 'cancelled', cancelledAt: now.toISOString(), cancelledBy: by }
      : undefined,
  );
  if (!written) throw new CampaignClosed(id);
  await recordAudit(store, {
    actor: by,
    action: 'campaign_cancel',
    subject: { kind: 'campaign', id },
    before: { state: before.state, counts: before.counts },
    after: { state: 'cancelled' },
    now,
  });
  return campaignView(written);
}
