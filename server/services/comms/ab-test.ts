/**
 * A/B tests of mail campaigns (src/domain/comms-ab.ts has the rules). The sender
 * (campaign-sender.ts) mails the test's two groups first, waits for the test's duration, has the
 * winner recorded here, then mails the rest of the segment the winner.
 *
 * Each recipient is in exactly one group, fixed on their delivery document (`group`) before any mail
 * goes out: the recipients are ordered by a hash of the campaign and their uid (random to a reader,
 * the same at every run), the first `abTestSize` alternate A and B, the others are the rest. A
 * resumed split gives a recipient the group it had (a delivery with a group keeps it). The winner is
 * written once on the campaign record (a claim under the record's lock on a cluster, upsertDoc): the
 * end of the test and an admin choosing early cannot both decide it.
 */
import { createHash } from 'node:crypto';
import { abLeader, abRate, abTestSize } from '../../../src/domain/comms-ab';
import type { AbGroup, AbMeasure, AbResults, AbVariant, AbVariantResult } from '../../../src/domain/comms-ab';
import { campaignTextFor } from '../../../src/domain/comms-campaigns';
import type { CampaignText, CampaignView } from '../../../src/domain/comms-campaigns';
import type { Language } from '../../../src/domain/languages';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import { campaignIdOf } from './campaign-records';
import { campaignDeliveries } from './campaign-counts';
import type { CampaignDoc, MailDeliveryDoc } from './campaign-records';
import { campaignView, readCampaign } from './campaigns';
import { commsDb, COMMS_DB } from './records';

const READ_PAGE = 500;

/** An early choice on a campaign that is no A/B test, or whose winner is chosen already. */
export class AbNotOpen extends Error {
  constructor(readonly id: string) {
    super(`The campaign ${id} has no A/B test waiting for a winner`);
    this.name = 'AbNotOpen';
  }
}

/** The text a recipient gets: their group's variant (the rest: the winner), in their language. */
export function deliveryText(
  campaign: Pick<CampaignDoc, 'texts' | 'ab'>,
  delivery: Pick<MailDeliveryDoc, 'group' | 'language'>,
): { language: Language; text: CampaignText } {
  const variant = delivery.group === 'rest' ? campaign.ab?.winner : delivery.group;
  const texts = variant === 'b' && campaign.ab ? campaign.ab.textsB : campaign.texts;
  return campaignTextFor(texts, delivery.language);
}

/** Whether a delivery may be mailed now: an A/B campaign's rest waits for the winner. */
export const mayMailNow = (campaign: Pick<CampaignDoc, 'ab'>, delivery: Pick<MailDeliveryDoc, 'group'>) =>
  !campaign.ab || campaign.ab.winner !== undefined || delivery.group !== 'rest';

const rank = (campaignId: string, uid: string) =>
  createHash('sha256').update(`${campaignId}\n${uid}`).digest('hex');

/** Gives each recipient of an A/B campaign its group (those without one); run before any mail. */
export async function assignGroups(store: Store, campaign: CampaignDoc, total: number): Promise<void> {
  if (!campaign.ab) return;
  const id = campaignIdOf(campaign);
  // All of them: a split over part of the recipients would be a different split.
  const all: { doc: MailDeliveryDoc; rank: string }[] = [];
  for await (const doc of campaignDeliveries(store, id, total)) all.push({ doc, rank: rank(id, doc.uid) });
  all.sort((one, other) => (one.rank < other.rank ? -1 : one.rank > other.rank ? 1 : 0));
  const size = abTestSize(all.length, campaign.ab.share);
  const changed = all.flatMap(({ doc }, index): MailDeliveryDoc[] => {
    if (doc.group) return [];
    const group: AbGroup = index >= size ? 'rest' : index % 2 === 0 ? 'a' : 'b';
    return [{ ...doc, group }];
  });
  for (let start = 0; start < changed.length; start += READ_PAGE) {
    const answer = await commsDb(store).bulk({ docs: changed.slice(start, start + READ_PAGE) });
    // A conflict is a rival run (another instance) writing the same deterministic group: fine, but
    // any other refusal means a recipient without a group, so the split is not done.
    const refused = answer.filter((row) => 'error' in row && row.error && row.error !== 'conflict');
    if (refused.length) throw new Error(`Could not record ${refused.length} A/B group(s) of ${id}`);
  }
}

/** Marks the end of the test's mails once: the test runs its duration from then. */
export async function startTestWait(
  store: Store,
  campaign: CampaignDoc,
  now = new Date(),
): Promise<CampaignDoc> {
  if (!campaign.ab || campaign.ab.testEndsAt) return campaign;
  const written = await upsertDoc<CampaignDoc>(store, COMMS_DB, campaign._id, (current) => {
    if (!current?.ab || current.ab.testEndsAt) return undefined;
    const endsAt = new Date(now.getTime() + current.ab.durationHours * 3_600_000).toISOString();
    return { ...current, ab: { ...current.ab, testSentAt: now.toISOString(), testEndsAt: endsAt } };
  });
  return written ?? (await readCampaign(store, campaignIdOf(campaign)));
}

/** The test's results per variant, counted from the documents (view `ab_facts`). */
export async function abResults(store: Store, campaignId: string, measure: AbMeasure): Promise<AbResults> {
  const { rows } = await commsDb(store).view('comms-deliverability', 'ab_facts', {
    startkey: [campaignId],
    endkey: [campaignId, {}],
    reduce: true,
    group_level: 3,
  });
  const count = new Map<string, number>();
  for (const row of rows) {
    const [, group, fact] = row.key as unknown as [string, string, string];
    count.set(`${group}:${fact}`, Number(row.value));
  }
  const of = (group: AbGroup, fact: string) => count.get(`${group}:${fact}`) ?? 0;
  const variant = (group: AbVariant): AbVariantResult => {
    const tracked = of(group, 'sent_tracked');
    const opens = of(group, 'open');
    const clicks = of(group, 'click');
    return {
      sent: tracked + of(group, 'sent_untracked'),
      tracked,
      opens,
      clicks,
      openRate: abRate(opens, tracked),
      clickRate: abRate(clicks, tracked),
    };
  };
  const variants = { a: variant('a'), b: variant('b') };
  const restStates = [
    'queued',
    'sending',
    'sent_tracked',
    'sent_untracked',
    'failed',
    'bounced',
    'suppressed',
  ];
  return {
    variants,
    rest: {
      total: restStates.reduce((sum, state) => sum + of('rest', state), 0),
      sent: of('rest', 'sent_tracked') + of('rest', 'sent_untracked'),
    },
    untracked: (['a', 'b', 'rest'] as const).reduce((sum, group) => sum + of(group, 'sent_untracked'), 0),
    leader: abLeader(variants, measure),
  };
}

/**
 * Records the winner once: `variant` when an admin chooses early, else the leader by the test's
 * measure (`by` is then `system`). Answers the record; AbNotOpen when there is nothing to decide.
 */
export async function chooseWinner(
  store: Store,
  { id, variant, by, now = new Date() }: { id: string; variant?: AbVariant; by: string; now?: Date },
): Promise<CampaignView> {
  const before = await readCampaign(store, id);
  if (!before.ab || before.ab.winner || before.state !== 'sending') throw new AbNotOpen(id);
  const results = await abResults(store, id, before.ab.measure);
  const winner = variant ?? results.leader;
  const written = await upsertDoc<CampaignDoc>(store, COMMS_DB, before._id, (current) =>
    current?.ab && !current.ab.winner && current.state === 'sending'
      ? { ...current, ab: { ...current.ab, winner, winnerAt: now.toISOString(), winnerBy: by } }
      : undefined,
  );
  if (!written) throw new AbNotOpen(id);
  await recordAudit(store, {
    actor: by,
    action: 'campaign_ab_winner',
    subject: { kind: 'campaign', id },
    before: { variants: results.variants },
    after: { winner, measure: before.ab.measure },
    now,
  });
  return campaignView(written);
}
