/**
 * Mails campaigns in the background (campaigns.ts records them): waits for a scheduled one's time,
 * resolves its recipients, then mails them one at a time at most `CAMPAIGN_RATE_PER_MINUTE` a
 * minute; at start resumes whatever a stop or a crash left unfinished (`resume`, from server/main.ts).
 *
 * Once per recipient, whatever step a crash cuts:
 * - Resolving writes one `mail:<campaignId>:<uid>` per recipient, its content fixed by the campaign
 *   (address and language read then, Message-ID derived from the campaign and the uid): written again
 *   after a crash, it is the same document. Users who signed up after the campaign's time are never
 *   added, so a resumed resolution selects the same people.
 * - Each mail: the delivery is claimed `sending` before the SMTP transaction and marked `sent` after
 *   the server's 250. The claim is written only over the delivery as this sender read it, so of
 *   senders carrying out the same campaign at once (every instance kicks a scheduled campaign when
 *   it comes due), one takes each delivery (campaign-delivery.ts).
 * - A delivery found `sending` by the first pass after a start is mailed again (same Message-ID):
 *   its earlier transaction either never ended, or ended in the few milliseconds between the SMTP
 *   server's 250 and our write of `sent`. In that last case, and only then, the recipient gets the
 *   mail twice. SMTP offers no way to ask a server whether it took a message, so this window cannot
 *   be closed from our side; the fixed Message-ID lets receiving systems that deduplicate on it do
 *   so. Later passes leave a `sending` delivery to its sender until its claim is older than a lease;
 *   an instance that starts while another is in the middle of a transaction therefore mails that
 *   one recipient again (the same window, as wide as one transaction).
 * - The suppression list is read just before each mail, so an unsubscription made while a campaign
 *   is sending is honoured by that campaign too (status `suppressed`).
 * - The record's counts are a tally written every few mails; the final ones are counted from the
 *   deliveries themselves.
 * - An A/B campaign (ab-test.ts): each recipient's group is written on their delivery before any mail
 *   goes out; the two test groups are mailed first, the rest only once the winner is on the record
 *   (after the test's duration, or chosen early by an admin), each still exactly one delivery. The
 *   wait is a timer like a scheduled campaign's, and a restart resumes it from the record.
 * - How each mail goes and what its SMTP answer means: campaign-delivery.ts.
 */
import { resolveLanguage } from '../../../src/domain/languages';
import { accountIds } from '../../../src/domain/account';
import type { Config } from '../../config/env';
import { logError } from '../../log';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { accountsDb } from '../accounts';
import { reachable } from './segment-match';
import { forEachMatch } from './segment-match';
import { assignGroups, chooseWinner, mayMailNow, startTestWait, AbNotOpen } from './ab-test';
import { createDeliverer } from './campaign-delivery';
import { campaignDeliveries, recountCampaign } from './campaign-counts';
import {
  campaignIdOf,
  campaignMessageId,
  countedAs,
  mailDeliveryDocId,
  noCampaignCounts,
} from './campaign-records';
import type { CampaignDoc, MailDeliveryDoc } from './campaign-records';
import { readCampaign } from './campaigns';
import { dueTimers } from './due-timers';
import { commsDb, COMMS_DB } from './records';
import { unsubscribeKey } from './unsubscribe-token';
import { marketingMailThrottle } from './mail-throttle';

/** Recipients resolved at once (one read of their accounts, one bulk write). */
const RESOLVE_BATCH = 200;
/** The record's counts (and whether it was cancelled) are read and written every so many mails. */
const TALLY_EVERY = 10;
/** Pause before another pass over mails left queued by a temporary failure. */
const RETRY_PAUSE_MS = 5_000;

export type CampaignSender = {
  /**
   * Starts (or schedules) carrying `id` out unless this process already is; `resuming`: this process
   * has just started, so a delivery left `sending` is a crash's.
   */
  kick(id: string, resuming?: boolean): void;
  /** Kicks every unfinished campaign; answers how many. */
  resume(): Promise<number>;
  /** Resolves once no mailing is under way (scheduled campaigns waiting for their time excepted). */
  idle(): Promise<void>;
  /** No new mail starts; the one under way finishes. */
  stop(): void;
};

const senders = new WeakMap<Store, CampaignSender>();

/** The campaign sender of `store` (one per store in a process: the console and the start-up resume). */
export function campaignSender(store: Store, config: Config): CampaignSender {
  let sender = senders.get(store);
  if (!sender) senders.set(store, (sender = createCampaignSender(store, config)));
  return sender;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function createCampaignSender(store: Store, config: Config): CampaignSender {
  const running = new Map<string, Promise<void>>();
  // A scheduled campaign's time, an A/B test's end (due-timers.ts).
  const timers = dueTimers((id) => kick(id));
  let stopped = false;
  // Mails start at most `ratePerMinute` a minute, all campaigns and automations together.
  const { deliverOne } = createDeliverer(store, config, marketingMailThrottle(store, config));

  const kick = (id: string, resuming = false) => {
    if (stopped || running.has(id)) return;
    timers.clear(id);
    const work = carryOut(id, resuming)
      .catch((error: unknown) =>
        logError(`[comms] campaign ${id} stopped; it resumes at the next start:`, error),
      )
      .finally(() => running.delete(id));
    running.set(id, work);
  };

  async function carryOut(id: string, resuming: boolean): Promise<void> {
    let record: CampaignDoc = await readCampaign(store, id);
    if (record.state === 'complete' || record.state === 'cancelled') return;
    if (record.state === 'scheduled') {
      if (!timers.due(id, record.scheduledAt)) return;
      const started = await upsertDoc<CampaignDoc>(store, COMMS_DB, record._id, (current) =>
        current?.state === 'scheduled' ? { ...current, state: 'resolving' } : undefined,
      );
      record = started ?? (await readCampaign(store, id));
    }
    if (record.state === 'resolving') record = await resolve(record);
    for (;;) {
      // Whether these passes may mail an A/B campaign's rest (a winner chosen meanwhile: once more).
      const winnerKnown = record.ab?.winner !== undefined;
      for (let pass = 0; !stopped && record.state === 'sending'; pass++) {
        const left = await deliverPass(record, resuming);
        resuming = false;
        record = await readCampaign(store, id);
        if (left === 0 || stopped) break;
        await pause(RETRY_PAUSE_MS * (pass + 1));
      }
      if (stopped || record.state !== 'sending' || !record.ab) break;
      if (record.ab.winner) {
        if (winnerKnown) break;
        continue;
      }
      // The test's mails are out: its duration runs, then the winner goes to the rest.
      record = await startTestWait(store, record);
      if (!timers.due(id, record.ab?.testEndsAt)) return;
      await chooseWinner(store, { id, by: 'system' }).catch((error: unknown) => {
        if (!(error instanceof AbNotOpen)) throw error; // chosen meanwhile (an admin, an instance)
      });
      record = await readCampaign(store, id);
    }
    if (!stopped) await finish(record);
  }

  /** Writes the recipient list (one delivery each), then the record's total and `sending`. */
  async function resolve(record: CampaignDoc): Promise<CampaignDoc> {
    const id = campaignIdOf(record);
    const { rules } = record.target;
    const bound = record.scheduledAt ?? record.createdAt;
    const before = [rules.signedUpBefore, bound].filter(Boolean).sort()[0];
    let total = 0;
    let batch: { uid: string; language: MailDeliveryDoc['language'] }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const { rows } = await accountsDb(store).fetch({
        keys: batch.map((one) => accountIds.account(one.uid)),
      });
      const docs: MailDeliveryDoc[] = [];
      rows.forEach((row, index) => {
        const account = 'doc' in row ? (row.doc ?? undefined) : undefined;
        const { uid, language } = batch[index]!;
        if (!reachable(account) || !account.email) return;
        docs.push({
          _id: mailDeliveryDocId(id, uid),
          type: 'campaign_delivery',
          campaignId: id,
          uid,
          email: account.email,
          language: resolveLanguage(language),
          state: 'queued',
          messageId: campaignMessageId(id, uid, config.mailFrom),
        });
      });
      // Conflicts are deliveries an interrupted resolution wrote already: they stay as they are.
      if (docs.length) await commsDb(store).bulk({ docs });
      total += docs.length;
      batch = [];
    };
    await forEachMatch(store, { ...rules, signedUpBefore: before }, async ({ uid, language }) => {
      batch.push({ uid, language });
      if (batch.length >= RESOLVE_BATCH) await flush();
    });
    await flush();
    // An A/B campaign's groups are written before the first mail (and again, the same, on resume).
    await assignGroups(store, record, total);
    const written = await upsertDoc<CampaignDoc>(store, COMMS_DB, record._id, (current) =>
      current?.state === 'resolving'
        ? {
            ...current,
            state: 'sending',
            total,
            counts: { ...noCampaignCounts(), queued: total },
            startedAt: new Date().toISOString(),
          }
        : undefined,
    );
    return written ?? (await readCampaign(store, id));
  }

  /**
   * One pass: mails every delivery not done that may be mailed now (an A/B campaign's rest waits for
   * the winner); answers how many of those are left to try again (or to see ended by another sender).
   */
  async function deliverPass(record: CampaignDoc, resuming: boolean): Promise<number> {
    const id = campaignIdOf(record);
    const key = await unsubscribeKey(store, config);
    const tally = noCampaignCounts();
    let left = 0;
    let seen = 0;
    let sinceTally = 0;
    for await (const doc of campaignDeliveries(store, id, record.total)) {
      if (stopped) return left + 1;
      const due = (doc.state === 'queued' || doc.state === 'sending') && mayMailNow(record, doc);
      const done = due ? await deliverOne(record, doc, key, resuming) : doc;
      if (due && countedAs(done.state) === 'queued') left += 1;
      tally[countedAs(done.state)] += 1;
      seen += 1;
      if (++sinceTally >= TALLY_EVERY) {
        sinceTally = 0;
        const open = await writeCounts(record, {
          ...tally,
          queued: tally.queued + Math.max(0, record.total - seen),
        });
        if (!open) return 0; // cancelled meanwhile
      }
    }
    await writeCounts(record, tally);
    return left;
  }

  /** Writes the tally unless the campaign left `sending` (cancelled); answers whether it is still open. */
  async function writeCounts(record: CampaignDoc, counts: CampaignDoc['counts']): Promise<boolean> {
    let open = false;
    await upsertDoc<CampaignDoc>(store, COMMS_DB, record._id, (current) => {
      open = current?.state === 'sending';
      return open && current ? { ...current, counts } : undefined;
    });
    return open;
  }

  /**
   * The final counts, from the deliveries themselves (recountCampaign: read by id, and counted again
   * if the record changed meanwhile, e.g. a provider's report recounted it); the record is complete
   * (or stays cancelled).
   */
  async function finish(record: CampaignDoc): Promise<void> {
    await recountCampaign(store, campaignIdOf(record), (current, counts) => {
      if (current.state === 'complete') return undefined;
      if (current.state === 'cancelled') return { ...current, counts };
      if (current.state !== 'sending' || counts.queued > 0) return undefined; // left for later
      return { ...current, state: 'complete', counts, completedAt: new Date().toISOString() };
    });
  }

  return {
    kick,
    async resume() {
      const { rows } = await commsDb(store).view('comms-campaigns', 'open', {});
      for (const row of rows) kick(row.id.slice('campaign:'.length), true);
      return rows.length;
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
    stop() {
      stopped = true;
      timers.clearAll();
    },
  };
}
