/**
 * Deliverability (admin screen `comms/deliverability`): what became of campaign mails once handed
 * over. Each fact is one document with a deterministic id, `mail-event:<hash of the Message-ID>:<kind>`
 * (campaign-records.ts), so that a report the provider sends twice, or a fact seen again after a
 * crash, is counted once; every figure is a count of such documents (views of
 * couchdb/design/comms-deliverability.json), never a stored counter, which holds on a CouchDB
 * cluster too.
 *
 * A hard bounce and a complaint put the address on the suppression list. The suppression is written
 * before the event: a crash between the two leaves the event unrecorded, and the replay (the
 * provider's, or the campaign's resume) writes it then; an event recorded already changes nothing,
 * so a replay never puts back an address an admin took off the list since. The provider's reports,
 * and what they change on the recipient and the campaign's counts: provider-reports.ts.
 */
import { withRates } from '../../../src/domain/comms-deliverability';
import type {
  DeliverabilityFigures,
  MailEventKind,
  MailEventView,
} from '../../../src/domain/comms-deliverability';
import { DELIVERABILITY_WINDOW_DAYS } from '../../../src/domain/comms-deliverability';
import { createOnce, getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { mailEventDocId } from './campaign-records';
import type { CampaignDoc, MailEventDoc } from './campaign-records';
import { commsDb, COMMS_DB } from './records';
import { suppressForEvent } from './suppression';

const DESIGN = 'comms-deliverability';

export type MailEventFact = Omit<MailEventDoc, '_id' | '_rev' | 'type' | 'recordedAt'>;

/** Records one fact (suppressing the address for a hard bounce or a complaint); false: known already. */
export async function recordMailEvent(store: Store, fact: MailEventFact, now = new Date()): Promise<boolean> {
  const _id = mailEventDocId(fact.messageId, fact.kind);
  if (await getOrUndefined(commsDb<MailEventDoc>(store), _id)) return false;
  if (fact.kind === 'hard_bounce' || fact.kind === 'complaint') {
    await suppressForEvent(store, { email: fact.email, reason: fact.kind, campaignId: fact.campaignId }, now);
  }
  const doc: MailEventDoc = { _id, type: 'mail_event', ...fact, recordedAt: now.toISOString() };
  return createOnce(store, COMMS_DB, doc);
}

function eventView(doc: MailEventDoc): MailEventView {
  const { _id: _ignored, _rev: _rev, type: _type, recordedAt: _recorded, ...rest } = doc;
  return rest;
}

/** Events newest first, a page at a time; `search`: only addresses starting so (by address then). */
export function listMailEvents(
  store: Store,
  query: { search?: string; limit: number; token?: string },
): Promise<Page<MailEventView>> {
  const pick = (doc: MailEventDoc) => (doc.type === 'mail_event' ? eventView(doc) : undefined);
  const db = commsDb<MailEventDoc>(store);
  if (query.search === undefined) {
    return scanPage<MailEventDoc, MailEventView>(db, {
      view: `${DESIGN}/events_by_at`,
      descending: true,
      limit: query.limit,
      token: query.token,
      pick,
    });
  }
  return scanPage<MailEventDoc, MailEventView>(db, {
    view: `${DESIGN}/events_by_email`,
    startkey: [query.search],
    endkey: [`${query.search}${PREFIX_END}`],
    limit: query.limit,
    token: query.token,
    pick,
  });
}

/** `_count` rows of a grouped view, by the key's element at `at`. */
async function countsBy(
  store: Store,
  view: string,
  range: { startkey: unknown[]; endkey: unknown[] },
  groupLevel: number,
  at: number,
): Promise<Map<string, number>> {
  const { rows } = await commsDb(store).view(DESIGN, view, {
    ...range,
    reduce: true,
    group_level: groupLevel,
  });
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = String((row.key as unknown as unknown[])[at]);
    counts.set(key, (counts.get(key) ?? 0) + Number(row.value));
  }
  return counts;
}

const kindCount = (counts: Map<string, number>, kind: MailEventKind) => counts.get(kind) ?? 0;

/** A campaign's figures: its recipients' outcomes (the record's counts) and its events. */
export async function campaignDeliverability(
  store: Store,
  campaign: Pick<CampaignDoc, 'counts'> & { id: string },
): Promise<DeliverabilityFigures> {
  const events = await countsBy(
    store,
    'events_by_campaign',
    { startkey: [campaign.id], endkey: [campaign.id, {}] },
    2,
    1,
  );
  const { sent, failed, suppressed } = campaign.counts;
  const bounced = campaign.counts.bounced ?? 0;
  return withRates({
    attempted: sent + failed + bounced,
    sent,
    failed,
    hardBounces: kindCount(events, 'hard_bounce'),
    softBounces: kindCount(events, 'soft_bounce'),
    complaints: kindCount(events, 'complaint'),
    suppressed,
  });
}

/** The figures of every campaign mail over the last 30 days (by when it was sent or refused). */
export async function recentDeliverability(
  store: Store,
  now = new Date(),
): Promise<DeliverabilityFigures & { since: string }> {
  const since = new Date(now.getTime() - DELIVERABILITY_WINDOW_DAYS * 86_400_000).toISOString();
  const byState = async (state: string) =>
    (await countsBy(store, 'attempts_by_at', { startkey: [state, since], endkey: [state, {}] }, 1, 0)).get(
      state,
    ) ?? 0;
  const byKind = async (kind: MailEventKind) =>
    (await countsBy(store, 'events_by_kind', { startkey: [kind, since], endkey: [kind, {}] }, 1, 0)).get(
      kind,
    ) ?? 0;
  const [sent, failed, bounced, hardBounces, softBounces, complaints] = await Promise.all([
    byState('sent'),
    byState('failed'),
    byState('bounced'),
    byKind('hard_bounce'),
    byKind('soft_bounce'),
    byKind('complaint'),
  ]);
  return {
    ...withRates({ attempted: sent + failed + bounced, sent, failed, hardBounces, softBounces, complaints }),
    since,
  };
}
